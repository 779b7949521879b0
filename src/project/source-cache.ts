// The parse of each file, kept by its owner per text version: a text is parsed once (besides the
// time, parsing a deeply nested YAML text twice in one process can kill V8 with a regexp-stack
// fatal). Keyed by path; an entry holds for one text and limits.
import { DEFAULT_LIMITS, parseText, YamlDocumentCache, type ParseLimits, type SourceFile } from '../syntax/index';

interface Entry {
  text: string;
  limitsKey: string;
  parsed: SourceFile;
  /** The YAML stream documents of this file's last texts (an edit re-parses one document). */
  documents: YamlDocumentCache;
}

const limitsKey = (l: ParseLimits) => `${l.maxBytes}/${l.maxDepth}/${l.maxAliases}/${l.maxNodes}/${l.maxMemoryMB}/${l.maxDocuments}`;

/** Earlier versions of a file kept besides the current one (undo brings a text back), when small. */
const EARLIER_VERSIONS = 2;
const EARLIER_MAX_CHARS = 1 << 20;

export class SourceCache {
  /** Per path, its parses, the most recent first. */
  private readonly entries = new Map<string, Entry[]>();

  /** The parse of `text` as the file at `filePath` (from the cache when this text was parsed before). */
  parse(filePath: string, text: string, limits: ParseLimits = DEFAULT_LIMITS): SourceFile {
    const key = limitsKey(limits);
    const list = this.entries.get(filePath) ?? [];
    const i = list.findIndex((e) => e.limitsKey === key && e.text === text);
    if (i >= 0) {
      const [hit] = list.splice(i, 1);
      list.unshift(hit);
      return hit.parsed;
    }
    const documents = list[0]?.documents ?? new YamlDocumentCache();
    // A big earlier version is let go before the new text is parsed, not after: two parses of a
    // 20 MB text (values, positions) at once were the language server's peak memory.
    const kept = list.filter((e) => e.text.length <= EARLIER_MAX_CHARS).slice(0, EARLIER_VERSIONS);
    this.entries.set(filePath, kept);
    list.length = 0;
    const parsed = parseText(text, filePath, limits, documents);
    this.entries.set(filePath, [{ text, limitsKey: key, parsed, documents }, ...kept]);
    return parsed;
  }

  /** The parse of `text` as the file at `filePath` when it was made (by any limits), else undefined. */
  peek(filePath: string, text: string): SourceFile | undefined {
    return this.entries.get(filePath)?.find((e) => e.text === text)?.parsed;
  }

  /** The most recent parse of the file at `filePath`, of whichever text. */
  latest(filePath: string): SourceFile | undefined {
    return this.entries.get(filePath)?.[0]?.parsed;
  }

  forget(filePath?: string): void {
    if (filePath) this.entries.delete(filePath);
    else this.entries.clear();
  }
}
