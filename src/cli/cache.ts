// --cache: results of unchanged files are reused, like ESLint's --cache. A file's key hashes its
// content, what the config says about it, the run's options, omlint's version, and the content
// of every other file of its project scope (cross-document rules read them). The cache never
// holds a secret: where secrets were found it keeps their offsets, not their values.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileResult } from '../engine/types';
import { nodeCrypto } from '../lazy-builtins';

interface Entry {
  key: string;
  /** null: the file holds no document of a known kind and was skipped. */
  result: FileResult | null;
  /** [start, end) offsets of secret values in the file's text. */
  secretSpans: [number, number][];
}
interface CacheFile {
  version: string;
  entries: Record<string, Entry>;
}

export const DEFAULT_CACHE_FILE = '.omlintcache';

export function sha256(...parts: string[]): string {
  const h = nodeCrypto().createHash('sha256');
  for (const p of parts) h.update(p).update('\u0000');
  return h.digest('hex');
}

export class ResultCache {
  private data: CacheFile;
  private dirty = false;

  constructor(
    private readonly file: string,
    private readonly version: string,
  ) {
    this.data = { version, entries: {} };
    try {
      const loaded = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
      if (loaded && loaded.version === version && typeof loaded.entries === 'object') this.data = loaded;
    } catch {
      // No cache yet, or an unreadable one: start afresh.
    }
  }

  get(filePath: string, key: string): { result: FileResult | null; secretSpans: [number, number][] } | undefined {
    const e = this.data.entries[filePath];
    return e && e.key === key ? { result: e.result, secretSpans: e.secretSpans } : undefined;
  }

  set(filePath: string, key: string, result: FileResult | null, text: string, secrets: string[]): void {
    const secretSpans: [number, number][] = [];
    for (const s of secrets) {
      for (let i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + s.length)) secretSpans.push([i, i + s.length]);
    }
    // Fix edits are for --fix and editors; a cached run never fixes. Keep the JSON contract only.
    const stored: FileResult | null = result && { ...result, diagnostics: result.diagnostics.map(({ fix, suggestions, ...d }) => d), output: undefined, fixCount: undefined };
    this.data.entries[filePath] = { key, result: stored, secretSpans };
    this.dirty = true;
  }

  save(): void {
    if (!this.dirty) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data));
    renameSync(tmp, this.file);
  }
}
