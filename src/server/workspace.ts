// What the server knows beyond one document: the open buffers, the config, and the other
// documents of a document's project scope (its directory's *.json|*.yaml|*.yml files on disk,
// replaced by open buffers, plus open buffers of the same scope elsewhere).
import { readdirSync, statSync } from 'node:fs';
import { readInput } from '../cli/read-input';
import path from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileSettings } from '../config/load';
import { KNOWN_RULE_IDS } from '../engine/catalog';
import { RULES } from '../engine/catalog-full';
import type { Rule } from '../engine/types';
import type { Kind } from '../kinds/names';
import { isConfigFile, ServerConfig } from './config';
import { analyzeDocument } from './documents';
import { uriToPath } from './uris';

const LINTABLE = /\.(json|ya?ml)$/i;
/** Other files larger than this are left out of a scope (no real config document is that big). */
const MAX_SIBLING_BYTES = 8 * 1024 * 1024;
const MAX_SIBLINGS = 500;

interface DiskEntry {
  mtimeMs: number;
  size: number;
  text: string;
  kinds: Set<Kind>;
}

export function defaultSettings(filePath: string): FileSettings {
  return { ignored: false, rules: {}, scope: path.dirname(path.resolve(filePath)), secretPlaceholders: [] };
}

/** Kinds that some workspace rule reads together with one of `kinds` ('all': a rule reads every kind). */
export function scopeKinds(kinds: Iterable<Kind>, rules: readonly Rule[] = RULES): Set<Kind> | 'all' {
  const own = new Set(kinds);
  const out = new Set<Kind>();
  for (const rule of rules) {
    if (rule.meta.scope !== 'workspace') continue;
    if (rule.meta.kinds === '*') {
      if (own.size) return 'all';
      continue;
    }
    if (rule.meta.kinds.some((k) => own.has(k))) for (const k of rule.meta.kinds) out.add(k);
  }
  return out;
}

export class Workspace {
  private readonly byUri = new Map<string, TextDocument>();
  private readonly byPath = new Map<string, TextDocument>();
  private readonly disk = new Map<string, DiskEntry>();
  private readonly bufferKinds = new Map<string, { version: number; kinds: Set<Kind> }>();
  readonly config: ServerConfig;

  constructor(
    onConfigError?: (message: string) => void,
    /** The rules lint() runs (their workspace rules decide which other documents matter). */
    private readonly rules: readonly Rule[] = RULES,
  ) {
    this.config = new ServerConfig(KNOWN_RULE_IDS, (p) => this.byPath.get(p)?.getText(), onConfigError);
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
    if (p && this.byPath.get(p)?.uri === uri) this.byPath.delete(p);
    this.bufferKinds.delete(uri);
  }

  openDocuments(): TextDocument[] {
    return [...this.byUri.values()];
  }

  documentAt(filePath: string): TextDocument | undefined {
    return this.byPath.get(filePath);
  }

  /** The editor's omlint.targetVersion: the target of files whose config names none. */
  defaultTargetVersion: string | undefined;

  settingsFor(filePath: string): FileSettings {
    const s = path.isAbsolute(filePath) ? this.config.settingsFor(filePath) : defaultSettings(filePath);
    return this.defaultTargetVersion && !s.targetVersion ? { ...s, targetVersion: this.defaultTargetVersion } : s;
  }

  /** Forget what was read from disk (files changed outside the editor). */
  forgetDisk(filePath?: string): void {
    if (filePath) this.disk.delete(filePath);
    else this.disk.clear();
  }

  private diskEntry(filePath: string): DiskEntry | undefined {
    let st;
    try {
      st = statSync(filePath);
    } catch {
      this.disk.delete(filePath);
      return undefined;
    }
    if (!st.isFile() || st.size > MAX_SIBLING_BYTES) return undefined;
    const hit = this.disk.get(filePath);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit;
    // Decoded as the CLI decodes it (UTF-16 with a BOM too); a FIFO swapped in since the stat is
    // refused, not awaited; a file the CLI cannot read either (binary, bad bytes) is left out.
    const { text, problem } = readInput(filePath);
    if (problem) return undefined;
    const entry = { mtimeMs: st.mtimeMs, size: st.size, text, kinds: this.kindsOf(filePath, text) };
    this.disk.set(filePath, entry);
    return entry;
  }

  private kindsOf(filePath: string, text: string): Set<Kind> {
    const out = new Set<Kind>();
    for (const it of analyzeDocument(text, filePath, this.settingsFor(filePath)).items) if (it.kind) out.add(it.kind);
    return out;
  }

  private bufferEntry(doc: TextDocument, filePath: string): { text: string; kinds: Set<Kind> } {
    const hit = this.bufferKinds.get(doc.uri);
    const text = doc.getText();
    if (hit && hit.version === doc.version) return { text, kinds: hit.kinds };
    const kinds = this.kindsOf(filePath, text);
    this.bufferKinds.set(doc.uri, { version: doc.version, kinds });
    return { text, kinds };
  }

  /**
   * The other documents of a file's project scope that workspace rules would read with documents
   * of `kinds`: same directory on disk (open buffers win) and open buffers of the same scope.
   */
  scopeInputs(filePath: string, settings: FileSettings, kinds: Iterable<Kind>): { filePath: string; text: string }[] {
    const wanted = scopeKinds(kinds, this.rules);
    if (wanted !== 'all' && wanted.size === 0) return [];
    const fits = (k: Set<Kind>) => (wanted === 'all' ? k.size > 0 : [...k].some((x) => wanted.has(x)));
    const out: { filePath: string; text: string }[] = [];
    const seen = new Set([filePath]);
    const consider = (p: string) => {
      if (seen.has(p) || out.length >= MAX_SIBLINGS) return;
      seen.add(p);
      if (!LINTABLE.test(p) || isConfigFile(p)) return;
      const s = this.settingsFor(p);
      if (s.ignored || s.scope !== settings.scope) return;
      const open = this.byPath.get(p);
      const entry = open ? this.bufferEntry(open, p) : this.diskEntry(p);
      if (entry && fits(entry.kinds)) out.push({ filePath: p, text: entry.text });
    };
    for (const p of this.byPath.keys()) consider(p);
    let names: string[] = [];
    try {
      names = readdirSync(path.dirname(filePath));
    } catch {
      names = [];
    }
    for (const name of names.sort()) consider(path.join(path.dirname(filePath), name));
    return out;
  }
}
