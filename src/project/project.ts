// A Project owns the files a front door lints: their parse per text version (SourceCache), the
// kinds of each, the settings per file, and the members of each project scope, resolved once.
// Other documents of a scope are sniffed for their kinds from a prefix and read and parsed only
// when a workspace rule of their kind reads them together with the file being linted.
import path from 'node:path';
import { CONFIG_NAMES, type FileSettings } from '../config/load';
import type { Rule } from '../core/types';
import { REGISTRY } from '../../rules/registry';
import type { Kind } from '../core/kinds';
import type { ParseLimits, SourceFile } from '../syntax/index';
import { analyzeParsed, kindsOfItems, type DocumentAnalysis } from './items';
import { groupByScope, isNamedScope, scopeRoot } from './scope';
import { SNIFF_BYTES, sniffKinds } from './sniff';
import type { ProjectDisk } from './disk';
import { SourceCache } from './source-cache';
import { isLintablePath } from './lintable';

/** Other files larger than this are left out of a scope (no real config document is that big). */
export const MAX_SIBLING_BYTES = 8 * 1024 * 1024;
/** Members of one scope at most (a named scope is found by walking its config's directory). */
export const MAX_MEMBERS = 500;
/** Entries a named scope's walk looks at, at most. */
const MAX_WALK_ENTRIES = 20_000;

export interface ProjectHost {
  settingsFor(filePath: string): FileSettings;
  /** The text of an open buffer (it wins over the disk). */
  openText(filePath: string): string | undefined;
  /** Paths of the open buffers. */
  openPaths(): Iterable<string>;
  /** Reads a regular file (default: disk.readText); throws when it cannot. */
  readText?(filePath: string): string;
  /** The disk of the scopes' other files (project/disk.ts nodeDisk); required unless closed. */
  disk?: ProjectDisk;
  /**
   * True: the project is the files given to lint and nothing else (the CLI's walk, a test's
   * texts); no other file of a scope is read. Default: the scope's files on disk count too.
   */
  closed?: boolean;
}

export interface ScopeInput {
  filePath: string;
  text: string;
}

interface DiskEntry {
  mtimeMs: number;
  size: number;
  /** Kinds told from the prefix; undefined: the prefix could not tell. */
  sniffed?: Set<Kind>;
  text?: string;
  /** Kinds of the full parse. */
  kinds?: Set<Kind>;
}

export function isConfigFile(filePath: string): boolean {
  return CONFIG_NAMES.includes(path.basename(filePath));
}

/** Kinds that some workspace rule reads together with one of `kinds` ('all': a rule reads every kind). */
export function scopeKinds(kinds: Iterable<Kind>, rules?: readonly Rule[], policies: readonly Rule[] = []): Set<Kind> | 'all' {
  const own = new Set(kinds);
  const out = new Set<Kind>();
  // Without a rule set: every rule of the registry, read without loading a rule module.
  for (const rule of [...(rules?.map((r) => r.meta) ?? REGISTRY), ...policies.map((p) => p.meta)]) {
    if (rule.scope !== 'workspace') continue;
    if (rule.kinds === '*') {
      if (own.size) return 'all';
      continue;
    }
    if (rule.kinds.some((k) => own.has(k))) for (const k of rule.kinds) out.add(k);
  }
  return out;
}

export class Project {
  readonly sources = new SourceCache();
  private readonly disk = new Map<string, DiskEntry>();
  private readonly scopeMembers = new Map<string, string[]>();
  /** Statistics for tests and benchmarks: files read in full, files only sniffed. */
  readonly stats = { reads: 0, sniffs: 0 };

  constructor(
    private readonly host: ProjectHost,
    /** The rules lint() runs (their workspace rules decide which other documents matter). */
    private readonly rules?: readonly Rule[],
  ) {}

  /** A project of the files given to lint alone, with these settings (the CLI, lint() of texts). */
  static ofFiles(settingsFor: (filePath: string) => FileSettings, rules?: readonly Rule[]): Project {
    return new Project({ settingsFor, openText: () => undefined, openPaths: () => [], closed: true }, rules);
  }

  settingsFor(filePath: string): FileSettings {
    return this.host.settingsFor(filePath);
  }

  private get files(): ProjectDisk {
    if (!this.host.disk) throw new Error('omlint: an open project needs its disk (project/disk.ts)');
    return this.host.disk;
  }

  /**
   * Items grouped by the project scope of their file, in the order of each scope's first item: the
   * server's neighbours and the CLI cache's scope keys. (The engine's workspace rules group their
   * digests by the same scope, settings.scope, rule by rule in one pass: engine/lint.ts.)
   */
  scopes<T>(items: readonly T[], pathOf: (item: T) => string): T[][] {
    return groupByScope(items, (item) => this.scopeOf(pathOf(item)));
  }

  scopeOf(filePath: string): string {
    return this.host.settingsFor(filePath).scope;
  }

  /** The parse of a text as the file at `filePath` (each text version parsed once). */
  parse(filePath: string, text: string, limits?: ParseLimits): SourceFile {
    return this.sources.parse(filePath, text, limits);
  }
  /** The parse of this text of a file if it was made already (never parses). */
  cachedParse(filePath: string, text: string): SourceFile | undefined {
    return this.sources.peek(filePath, text);
  }

  /** The most recent parse of a file, of whichever text (an earlier version while a new one waits). */
  lastParseOfFile(filePath: string): SourceFile | undefined {
    return this.sources.latest(filePath);
  }


  /** Items and kinds of a text (from its cached parse). */
  analyze(filePath: string, text: string, settings = this.settingsFor(filePath)): DocumentAnalysis {
    return analyzeParsed(this.parse(filePath, text), filePath, settings);
  }

  kindsOf(filePath: string, text: string): Set<Kind> {
    return kindsOfItems(this.analyze(filePath, text).items);
  }

  /** Files on disk changed (undefined: any): their texts, kinds and the scopes' members are read again. */
  forgetDisk(filePath?: string): void {
    if (filePath) {
      this.disk.delete(filePath);
      this.sources.forget(filePath);
    } else this.disk.clear();
    this.scopeMembers.clear();
  }

  /** The config changed: scopes are resolved again. */
  forgetScopes(): void {
    this.scopeMembers.clear();
  }

  /**
   * The lintable files of a file's scope (itself included, config files and ignored files not):
   * on disk (found once per scope) and open buffers of the scope. Sorted.
   */
  members(filePath: string): string[] {
    const settings = this.settingsFor(filePath);
    const scope = settings.scope;
    let onDisk = this.scopeMembers.get(scope);
    if (!onDisk) {
      onDisk = this.walk(scopeRoot(filePath, settings), isNamedScope(scope)).filter((p) => this.inScope(p, scope));
      this.scopeMembers.set(scope, onDisk);
    }
    const out = new Set(onDisk);
    for (const p of this.host.openPaths()) if (!out.has(p) && this.inScope(p, scope)) out.add(p);
    out.add(filePath);
    return [...out].sort();
  }

  /** A file this project lints: a document by its name, not a config, not ignored. */
  lints(p: string): boolean {
    return isLintablePath(p) && !isConfigFile(p) && !this.settingsFor(p).ignored;
  }

  private inScope(p: string, scope: string): boolean {
    return this.lints(p) && this.settingsFor(p).scope === scope;
  }

  /** Lintable files of a directory, or of its whole tree (named scopes; dot-directories and node_modules left out). */
  private walk(root: string, deep: boolean): string[] {
    const out: string[] = [];
    const dirs = [root];
    let seen = 0;
    while (dirs.length && out.length < MAX_MEMBERS && seen < MAX_WALK_ENTRIES) {
      const dir = dirs.shift()!;
      let entries;
      try {
        entries = this.files.list(dir);
      } catch {
        continue;
      }
      for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        seen++;
        const p = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (deep && !e.name.startsWith('.') && e.name !== 'node_modules') dirs.push(p);
        } else if (isLintablePath(e.name) && !isConfigFile(p)) out.push(p);
      }
    }
    return out.slice(0, MAX_MEMBERS);
  }

  /**
   * The other documents of a file's scope that workspace rules would read with documents of
   * `kinds`: open buffers win over the disk; a file on disk is sniffed first and read in full only
   * when it may hold a wanted kind.
   */
  scopeInputs(filePath: string, kinds: Iterable<Kind>): ScopeInput[] {
    if (this.host.closed) return [];
    // The file's cross-document policies (`contains`) read the scope too.
    const wanted = scopeKinds(kinds, this.rules, this.settingsFor(filePath).policies);
    if (wanted !== 'all' && wanted.size === 0) return [];
    const fits = (k: Set<Kind>) => (wanted === 'all' ? k.size > 0 : [...k].some((x) => wanted.has(x)));
    const out: ScopeInput[] = [];
    for (const p of this.members(filePath)) {
      if (p === filePath) continue;
      const open = this.host.openText(p);
      if (open !== undefined) {
        if (fits(this.kindsOf(p, open))) out.push({ filePath: p, text: open });
        continue;
      }
      const entry = this.diskEntry(p);
      if (!entry || (entry.sniffed && !fits(entry.sniffed))) continue;
      const text = this.diskText(p, entry);
      if (text === undefined) continue;
      entry.kinds ??= this.kindsOf(p, text);
      if (fits(entry.kinds)) out.push({ filePath: p, text });
    }
    return out;
  }

  private diskEntry(filePath: string): DiskEntry | undefined {
    let st;
    try {
      st = this.files.stat(filePath);
    } catch {
      this.disk.delete(filePath);
      return undefined;
    }
    if (!st.isFile() || st.size > MAX_SIBLING_BYTES) return undefined;
    const hit = this.disk.get(filePath);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit;
    const entry: DiskEntry = { mtimeMs: st.mtimeMs, size: st.size };
    if (st.size > SNIFF_BYTES) {
      this.stats.sniffs++;
      const prefix = this.files.readPrefix(filePath);
      entry.sniffed = prefix === undefined ? undefined : sniffKinds(filePath, prefix, this.settingsFor(filePath), st.size);
    }
    this.disk.set(filePath, entry);
    return entry;
  }

  private diskText(filePath: string, entry: DiskEntry): string | undefined {
    if (entry.text !== undefined) return entry.text;
    try {
      this.stats.reads++;
      entry.text = this.host.readText ? this.host.readText(filePath) : this.files.readText(filePath);
    } catch {
      return undefined; // swapped for a FIFO, removed since the stat: left out
    }
    return entry.text;
  }
}
