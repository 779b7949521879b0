// What the server knows beyond one document: the open buffers, the config, and the other
// documents of a document's project scope (its directory's *.json|*.yaml|*.yml files on disk,
// replaced by open buffers, plus open buffers of the same scope elsewhere).
import { readInput } from '../io/read-input';
import path from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileSettings } from '../config/load';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import type { Rule } from '../core/types';
import type { Kind } from '../core/kinds';
import { Project, scopeKinds as projectScopeKinds } from '../project/project';
import { ServerConfig } from './config';
import { uriToPath } from './uris';
import { nodeDisk } from '../project/disk';

export function defaultSettings(filePath: string): FileSettings {
  return { ignored: false, rules: {}, scope: path.dirname(path.resolve(filePath)), secretPlaceholders: [] };
}

/** Kinds that some workspace rule reads together with one of `kinds` ('all': a rule reads every kind). */
export function scopeKinds(kinds: Iterable<Kind>, rules?: readonly Rule[]): Set<Kind> | 'all' {
  return projectScopeKinds(kinds, rules);
}

export class Workspace {
  private readonly byUri = new Map<string, TextDocument>();
  private readonly byPath = new Map<string, TextDocument>();
  readonly config: ServerConfig;
  /** The files, their parses and scopes (shared with lint() through its parse hook). */
  readonly project: Project;

  constructor(
    onConfigError?: (message: string) => void,
    /** The rules lint() runs (their workspace rules decide which other documents matter). */
    private readonly rules?: readonly Rule[],
  ) {
    this.config = new ServerConfig(KNOWN_RULE_IDS, (p) => this.byPath.get(p)?.getText(), onConfigError);
    this.project = new Project(
      {
        settingsFor: (p) => this.settingsFor(p),
        openText: (p) => this.byPath.get(p)?.getText(),
        openPaths: () => this.byPath.keys(),
        disk: nodeDisk,
        // Decoded as the CLI decodes it (UTF-16 with a BOM too); a FIFO swapped in since the stat is
        // refused, not awaited; a file the CLI cannot read either (binary, bad bytes) is left out.
        readText: (p) => {
          const { text, problem } = readInput(p);
          if (problem) throw new Error(problem.message);
          return text;
        },
      },
      rules,
    );
  }

  /** An editor opened or changed a document. */
  setDocument(doc: TextDocument): void {
    this.byUri.set(doc.uri, doc);
    const p = uriToPath(doc.uri);
    if (p) this.byPath.set(p, doc);
  }

  removeDocument(uri: string): void {
    this.byUri.delete(uri);
    const p = uriToPath(uri);
    if (p && this.byPath.get(p)?.uri === uri) {
      this.byPath.delete(p);
      this.project.sources.forget(p);
    }
  }

  openDocuments(): TextDocument[] {
    return [...this.byUri.values()];
  }

  documentAt(filePath: string): TextDocument | undefined {
    return this.byPath.get(filePath);
  }

  /** The editor's omlint.targetVersion of a file (its folder's): the target of files whose config names none. */
  editorTargetVersion: (filePath: string) => string | undefined = () => undefined;

  settingsFor(filePath: string): FileSettings {
    const s = path.isAbsolute(filePath) ? this.config.settingsFor(filePath) : defaultSettings(filePath);
    const target = s.targetVersion ? undefined : this.editorTargetVersion(filePath);
    return target ? { ...s, targetVersion: target } : s;
  }

  /** Forget what was read from disk (files changed outside the editor). */
  forgetDisk(filePath?: string): void {
    this.project.forgetDisk(filePath);
  }

  /**
   * The other documents of a file's project scope that workspace rules would read with documents
   * of `kinds`: the scope's files on disk (open buffers win) and open buffers of the same scope.
   */
  scopeInputs(filePath: string, kinds: Iterable<Kind>): { filePath: string; text: string }[] {
    return this.project.scopeInputs(filePath, kinds);
  }
}
