// The workspace beyond its open documents: workspace/diagnostic and workspace/symbol over the files
// `omlint check <folder>` lints in each workspace folder (the CLI's walk: ignore files, the configs'
// ignore lists, links), open documents read from their buffers, the others from disk. The walk is
// handed in by the entry point (cli/ stands on a floor above server/). Bounded: at most
// MAX_WORKSPACE_FILES files and MAX_WORKSPACE_ENTRIES entries a folder (a note says so),
// cancellation seen between folders and scopes for diagnostics (a scope is linted whole), between
// files for symbols.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic as LspDiagnostic, DocumentSymbol, SymbolInformation } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { displayPath, lintEach } from '../engine/lint';
import { readInput } from '../io/read-input';
import { Project } from '../project/project';
import { compareStrings } from '../core/pointer';
import { DEFAULT_LIMITS } from '../syntax/types';
import type { LintInput, Rule } from '../core/types';
import { otherPlaces, toLspDiagnostic } from './diagnostics';
import { parsedItems } from './link-index';
import { hasBom } from './positions';
import { documentSymbols } from './symbols';
import { pathToUri, uriToPath } from './uris';
import type { Workspace } from './workspace';

/** Files of one workspace folder linted or indexed at most (the walk stops there, with a note). */
export const MAX_WORKSPACE_FILES = 5_000;
/** Directory entries one folder's walk looks at, at most (a folder of many other files: a home directory). */
export const MAX_WORKSPACE_ENTRIES = 200_000;
/** Symbols one workspace/symbol answer holds at most (a longer query narrows them). */
export const MAX_WORKSPACE_SYMBOLS = 1_000;
/** Work between two yields to the event loop (a $/cancelRequest is read there). */
const SLICE_MS = 20;

/** What the walk of a folder found (src/cli/files.ts FoundFiles, structurally). */
export interface WalkedFolder {
  files: { filePath: string; problem?: LintInput['problem'] }[];
  notes: string[];
  truncated?: true;
}
/** The CLI's walk of a folder (src/cli/files.ts walkFolder), given to the server by its entry point. */
export type FolderWalk = (dir: string, o: { isIgnored: (filePath: string) => boolean; limit: number; entryLimit: number; linksInside: true }) => WalkedFolder;

export interface WorkspaceFilesHost {
  workspace: Workspace;
  walk: FolderWalk;
  ruleSet?: Rule[];
  now?: () => Date;
  /** A file's diagnostics with its folder's rule customizations applied. */
  customize(filePath: string, diagnostics: LspDiagnostic[]): LspDiagnostic[];
  /** A note for the user (a folder over the limit); `show`: worth a message, else the log. */
  onNote?: (message: string, show: boolean) => void;
  /** The client tells of created and deleted files: a folder's walk holds until it does (else: walked at each request). */
  watched(): boolean;
}

interface ScopeReport {
  key: string;
  byUri: Map<string, LspDiagnostic[]>;
}

interface FileSymbols {
  key: string;
  symbols: SymbolInformation[];
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function digest(text: string): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 16);
}

function flatten(uri: string, symbols: DocumentSymbol[], into: SymbolInformation[], container?: string): SymbolInformation[] {
  for (const s of symbols) {
    into.push({ name: s.name, kind: s.kind, location: { uri, range: s.selectionRange }, ...(container ? { containerName: container } : {}) });
    if (s.children) flatten(uri, s.children, into, s.name);
  }
  return into;
}

export class WorkspaceFiles {
  /** Each scope's report, by folder and scope, with the key of the texts it was made from. */
  private readonly reports = new Map<string, ScopeReport>();
  /** Each closed file's symbols, with the key (mtime, size) of the text they were read from. */
  private readonly symbolsOf = new Map<string, FileSymbols>();
  private readonly noted = new Set<string>();
  /** Bumped when the configs or the editor's settings change: every report is made again. */
  private generation = 0;
  /** Each folder's last walk, kept while the client watches files and none changed. */
  private readonly walks = new Map<string, WalkedFolder>();

  constructor(private readonly host: WorkspaceFilesHost) {}

  /** The configs or settings changed. */
  invalidate(): void {
    this.generation++;
    this.reports.clear();
    this.symbolsOf.clear();
    this.walks.clear();
  }

  /** Files changed, appeared or went on disk (didChangeWatchedFiles): the folders are walked again. */
  filesChanged(): void {
    this.walks.clear();
  }

  private note(message: string, show: boolean): void {
    if (this.noted.has(message)) return;
    this.noted.add(message);
    this.host.onNote?.(message, show);
  }

  /** The files of a folder as the CLI walks it, bounded. */
  private walk(dir: string): WalkedFolder {
    const kept = this.walks.get(dir);
    if (kept && this.host.watched()) return kept;
    const ws = this.host.workspace;
    // Links out of the folder are not followed: an untrusted workspace's link to $HOME is not read.
    const found = this.host.walk(dir, { isIgnored: (p) => ws.settingsFor(p).ignored, limit: MAX_WORKSPACE_FILES, entryLimit: MAX_WORKSPACE_ENTRIES, linksInside: true });
    this.walks.set(dir, found);
    // What the folder no longer holds is forgotten (its reports are made per scope, again when a key changes).
    const below = dir.endsWith(path.sep) ? dir : dir + path.sep;
    const present = new Set(found.files.map((f) => f.filePath));
    for (const p of this.symbolsOf.keys()) if (p.startsWith(below) && !present.has(p)) this.symbolsOf.delete(p);
    if (found.truncated) this.note(`omlint: the workspace folder ${dir} holds more than ${MAX_WORKSPACE_FILES} files to lint or ${MAX_WORKSPACE_ENTRIES} entries; workspace diagnostics and symbols cover the ${found.files.length} files found first (open the others, or run omlint check)`, true);
    return found;
  }

  /** What makes a file's text: its buffer's content, or the file's size and time on disk. */
  private fileKey(filePath: string, problem?: LintInput['problem']): string {
    const open = this.host.workspace.documentAt(filePath);
    if (open) return `o${digest(open.getText())}`;
    if (problem) return `p${problem.message}`;
    try {
      const st = statSync(filePath);
      return `d${st.mtimeMs}:${st.size}`;
    } catch {
      return 'x';
    }
  }

  private read(filePath: string, problem?: LintInput['problem']): LintInput {
    if (problem) return { filePath, text: '', problem };
    const open = this.host.workspace.documentAt(filePath);
    return open ? { filePath, text: open.getText() } : readInput(filePath, DEFAULT_LIMITS);
  }

  /**
   * The diagnostics `omlint check` gives each file of the folders (an open document an empty list:
   * its own are pushed), by file URI; files with none get an empty list (what was shown goes).
   */
  async diagnostics(folders: string[], cancelled: () => boolean): Promise<Map<string, LspDiagnostic[]>> {
    const ws = this.host.workspace;
    const out = new Map<string, LspDiagnostic[]>();
    for (const dir of folders) {
      if (cancelled()) break;
      const found = this.walk(dir);
      const problems = new Map(found.files.flatMap((f) => (f.problem ? [[f.filePath, f.problem] as const] : [])));
      for (const group of ws.project.scopes(this.withUnsaved(dir, found.files.map((f) => f.filePath)), (p) => p)) {
        if (cancelled()) return out;
        const key = [this.generation, ...group.map((p) => `${p}\0${this.fileKey(p, problems.get(p))}`)].join('\0');
        const id = `${dir}\0${ws.project.scopeOf(group[0])}`;
        let report = this.reports.get(id);
        if (report?.key !== key) {
          report = { key, byUri: await this.lintScope(dir, group, problems) };
          this.reports.set(id, report);
          await yieldToLoop();
        }
        for (const [uri, diagnostics] of report.byUri) {
          const p = uriToPath(uri);
          // An open document's are pushed: its pulled list is empty, so that what an earlier pull
          // showed from disk goes (VS Code keeps pulled and pushed problems apart).
          if (!out.has(uri)) out.set(uri, p && ws.documentAt(p) ? [] : diagnostics);
        }
      }
    }
    return out;
  }

  /**
   * The walk's files and the open documents of the folder not on disk yet (a new file not saved):
   * their buffers are part of the workspace too. In path order, as the walk gives them.
   */
  private withUnsaved(dir: string, walked: string[]): string[] {
    const ws = this.host.workspace;
    const seen = new Set(walked);
    const below = dir.endsWith(path.sep) ? dir : dir + path.sep;
    const unsaved = ws.openDocuments().flatMap((d) => {
      const p = uriToPath(d.uri);
      return p && p.startsWith(below) && !seen.has(p) && ws.project.lints(p) && !existsSync(p) ? [p] : [];
    });
    return unsaved.length ? [...walked, ...unsaved].sort(compareStrings) : walked;
  }

  /** One scope's files linted as `omlint check` lints them from `dir` (a project of its files alone). */
  private async lintScope(dir: string, paths: string[], problems: Map<string, LintInput['problem']>): Promise<Map<string, LspDiagnostic[]>> {
    const ws = this.host.workspace;
    const project = Project.ofFiles((p) => ws.settingsFor(p), this.host.ruleSet);
    const run = await lintEach(
      project,
      { paths, read: (p) => this.read(p, problems.get(p)) },
      { now: this.host.now?.(), ruleSet: this.host.ruleSet, cwd: dir, limits: DEFAULT_LIMITS, skipUnknown: () => true, release: true },
    );
    const byDisplay = new Map(paths.map((p) => [displayPath(p, dir), p]));
    const texts = new Map<string, string>();
    const textOf = (p: string) => {
      let t = texts.get(p);
      if (t === undefined) texts.set(p, (t = this.read(p, problems.get(p)).text));
      return t;
    };
    const out = new Map<string, LspDiagnostic[]>();
    for (const r of run.results) {
      const filePath = byDisplay.get(r.filePath) ?? path.resolve(dir, r.filePath);
      const uri = ws.documentAt(filePath)?.uri ?? pathToUri(filePath);
      // An open document's problems are pushed: its pulled list is empty (what a pull showed goes).
      // Under the client's URI and the walk's, which may be spelt otherwise (an earlier pull used it).
      if (ws.documentAt(filePath)) {
        out.set(uri, []).set(pathToUri(filePath), []);
        continue;
      }
      const text = r.diagnostics.length ? textOf(filePath) : '';
      const asDoc = TextDocument.create(uri, 'yaml', 0, text);
      const related = (rel: { filePath: string }) => {
        const other = byDisplay.get(rel.filePath);
        return other ? { uri: ws.documentAt(other)?.uri ?? pathToUri(other), bom: hasBom(textOf(other)) } : undefined;
      };
      const converted = r.diagnostics.map((d) => toLspDiagnostic(asDoc, d, related));
      // A squiggle at each grouped place, as the document's own lint shows once it is opened.
      const grouped = r.diagnostics.flatMap((d, i) => otherPlaces(d, converted[i], uri));
      out.set(uri, this.host.customize(filePath, [...converted, ...grouped]));
    }
    return out;
  }

  /**
   * workspace/symbol over the folders' files that are not open (the caller adds the open ones):
   * the outline's names that contain `query` (case-insensitive), each file's read once per version
   * on disk; added to `into` until MAX_WORKSPACE_SYMBOLS, or until `cancelled`.
   */
  async symbols(folders: string[], query: string, skip: (filePath: string) => boolean, cancelled: () => boolean, into: SymbolInformation[]): Promise<void> {
    const q = query.toLowerCase();
    const ws = this.host.workspace;
    let project: Project | undefined;
    let slice = performance.now();
    for (const dir of folders) {
      for (const f of this.walk(dir).files) {
        if (f.problem || skip(f.filePath)) continue;
        if (performance.now() - slice > SLICE_MS) {
          await yieldToLoop();
          slice = performance.now();
        }
        if (cancelled()) return;
        const key = `${this.generation}\0${this.fileKey(f.filePath)}`;
        let entry = this.symbolsOf.get(f.filePath);
        if (entry?.key !== key) {
          const input = this.read(f.filePath);
          const uri = pathToUri(f.filePath);
          let found: SymbolInformation[] = [];
          if (!input.problem) {
            // A project of its own: the files' parses go with it, only their symbols are kept.
            project ??= Project.ofFiles((p) => ws.settingsFor(p), this.host.ruleSet);
            const parsed = project.parse(f.filePath, input.text);
            const settings = ws.settingsFor(f.filePath);
            found = flatten(uri, documentSymbols(TextDocument.create(uri, 'yaml', 0, input.text), parsed, parsedItems(parsed, f.filePath, settings)), []);
            project.sources.forget(f.filePath);
          }
          this.symbolsOf.set(f.filePath, (entry = { key, symbols: found }));
        }
        for (const s of entry.symbols) {
          if (!s.name.toLowerCase().includes(q)) continue;
          if (into.length >= MAX_WORKSPACE_SYMBOLS) {
            this.note(`omlint: workspace symbols: more than ${MAX_WORKSPACE_SYMBOLS} names match "${query}"; the first ${MAX_WORKSPACE_SYMBOLS} are listed`, false);
            return;
          }
          into.push(s);
        }
      }
    }
  }
}
