// What the checks of one document found, kept across runs by their owner (the language server) so
// that a keystroke in one document of a multi-document YAML checks that document again, not all of
// them: the schema and document rules' reports, and each workspace rule's digest and places. An
// entry is keyed by the document's parsed value and by every other input the checks read: kind,
// display path, target version, placeholders, the rules run, and the clock when a rule read it.
// Entries are kept for the documents of a YAML stream only: its parse keeps an unchanged
// document's value, and the document's text with it (yaml.ts YamlDocumentCache, keyed by the
// text). Any other value is new in each version: an entry for it would only keep its facts alive
// (on a 1.8 MB JSON config that cost the server more collection than the checks: bench/README.md).
// What is replayed goes through the same placement as a fresh check (severities, the problem
// limit, ranges, template notes), so the file's result is the one a fresh lint gives.
import type { DocumentFacts } from '../core/facts';
import type { DocumentRule, LintOptions, MessageReport, Span, WorkspaceRule } from '../core/types';
import type { FileState, ItemState } from './file-report';
import { keepsDocumentValues } from '../syntax/index';

/** Something a document's check recorded before its reports were placed, in the order it happened. */
export type EarlyEvent = { template: { pointer: string; value: string; rule: string } } | { error: { ruleId: string; error: unknown } };

/** What the schema and the document rules found in a document (nothing placed yet). */
export interface CheckOutcome {
  facts: DocumentFacts;
  early: EarlyEvent[];
  pending: { ruleId: string; report: MessageReport }[];
}

/** A workspace rule's digest of a document and the pointers its reports may name. */
export interface DigestOutcome {
  digest: unknown;
  pointers?: readonly string[];
}

/** The inputs of a document's checks besides its value (each compared on reuse). */
interface Inputs {
  kind: string;
  displayPath: string;
  targetVersion: string | undefined;
  placeholders: LintOptions['secretPlaceholders'];
  /** The clock's time when the checks read it, else undefined (then any clock serves). */
  now: number | undefined;
}

interface CheckEntry extends Inputs {
  rules: readonly DocumentRule[];
  off: string;
  outcome: CheckOutcome;
}

interface DigestEntry extends Inputs {
  rule: WorkspaceRule;
  outcome: DigestOutcome;
}

interface PlacesEntry {
  rule: WorkspaceRule;
  base: string;
  placeholders: LintOptions['secretPlaceholders'];
  pointers: readonly string[];
  /** Per place: pointer, span start and end relative to the document's start, template 0/1. */
  places: (string | number)[];
}

/** Variants kept per value (the clock's, settings'); the oldest goes first. */
const VARIANTS = 4;

/** Counts of documents checked and reused since the cache was made (tests count a keystroke's work). */
export interface DocumentCacheStats {
  checked: number;
  reused: number;
  digested: number;
  digestsReused: number;
}

/** Whether the file's documents keep their values across versions (a YAML stream the parse cache splits): only then is an entry kept. */
const keeps = (file: FileState): boolean => file.sourceFile.syntax === 'yaml' && file.sourceFile.documents.length > 1 && keepsDocumentValues(file.sourceFile.text);

// Entries are keyed by the parsed value itself (a WeakMap key: an object or an array).
const isWeakKey = (v: unknown): v is object => v !== null && typeof v === 'object';

function push<T>(map: WeakMap<object, T[]>, key: object, entry: T): void {
  const list = map.get(key);
  if (!list) map.set(key, [entry]);
  else {
    if (list.length >= VARIANTS) list.shift();
    list.push(entry);
  }
}

const sameList = <T>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

export class DocumentResultCache {
  private readonly checks = new WeakMap<object, CheckEntry[]>();
  private readonly digests = new WeakMap<object, DigestEntry[]>();
  private readonly placed = new WeakMap<object, PlacesEntry[]>();
  readonly stats: DocumentCacheStats = { checked: 0, reused: 0, digested: 0, digestsReused: 0 };

  /**
   * The outcome of the document's checks with `rules` (`off`: those turned off): kept from an
   * earlier run with the same inputs, else computed by `compute` with options that note whether
   * the clock was read.
   */
  check(file: FileState, doc: ItemState, rules: readonly DocumentRule[], off: ReadonlySet<string> | undefined, compute: (options: LintOptions) => CheckOutcome): CheckOutcome {
    const offKey = off ? [...off].sort().join('\u0000') : '';
    return this.kept(this.checks, file, doc, (e) => e.off === offKey && sameList(e.rules, rules), compute, (inputs, outcome) => ({ ...inputs, rules: [...rules], off: offKey, outcome }), 'checked', 'reused');
  }

  /** A workspace rule's digest of the document (and its places' pointers), as `check` keeps a check's outcome. Throws what `compute` throws (not kept). */
  digest(file: FileState, doc: ItemState, rule: WorkspaceRule, compute: (options: LintOptions) => DigestOutcome): DigestOutcome {
    return this.kept(this.digests, file, doc, (e) => e.rule === rule, compute, (inputs, outcome) => ({ ...inputs, rule, outcome }), 'digested', 'digestsReused');
  }

  /** The outcome kept for the document's value with the same inputs (and `matches`), else computed and kept; counted in `made` or `reused`. */
  private kept<E extends Inputs & { outcome: O }, O>(map: WeakMap<object, E[]>, file: FileState, doc: ItemState, matches: (e: E) => boolean, compute: (options: LintOptions) => O, entry: (inputs: Inputs, outcome: O) => E, made: keyof DocumentCacheStats, reused: keyof DocumentCacheStats): O {
    const value = doc.value;
    if (!keeps(file) || !isWeakKey(value)) return compute(file.options);
    const hit = map.get(value)?.find((e) => this.sameInputs(e, file, doc) && matches(e));
    if (hit) {
      this.stats[reused]++;
      return hit.outcome;
    }
    this.stats[made]++;
    const { options, clockRead } = watched(file.options);
    const outcome = compute(options);
    push(map, value, entry(this.inputs(file, doc, clockRead()), outcome));
    return outcome;
  }

  /**
   * The spans and template marks of a digest's places in the document: those found in an earlier
   * version with the same value (in a stream, the same text), moved to where the document starts
   * now; else `find`'s (spans absolute). Ranges are the caller's to make (from the spans, by lines).
   */
  places(file: FileState, doc: ItemState, rule: WorkspaceRule, pointers: readonly string[], find: () => { pointer: string; span: Span; template: boolean }[]): { pointer: string; span: Span; template: boolean }[] {
    const value = doc.value;
    if (!keeps(file) || !isWeakKey(value)) return find();
    const start = doc.document.span.start;
    const placeholders = file.options.secretPlaceholders;
    const hit = this.placed.get(value)?.find((e) => e.rule === rule && e.base === doc.base && e.placeholders === placeholders && sameList(e.pointers, pointers));
    if (hit) {
      const out: { pointer: string; span: Span; template: boolean }[] = [];
      for (let k = 0; k < hit.places.length; k += 4) out.push({ pointer: hit.places[k] as string, span: { start: start + (hit.places[k + 1] as number), end: start + (hit.places[k + 2] as number) }, template: hit.places[k + 3] === 1 });
      return out;
    }
    const found = find();
    // Kept only where every place lies in the document's text (then it moves with it).
    if (found.every((p) => p.span.start >= start && p.span.end <= doc.document.span.end)) {
      push(this.placed, value, { rule, base: doc.base, placeholders, pointers: [...pointers], places: found.flatMap((p) => [p.pointer, p.span.start - start, p.span.end - start, p.template ? 1 : 0]) });
    }
    return found;
  }

  private inputs(file: FileState, doc: ItemState, clockRead: boolean): Inputs {
    return { kind: doc.kind ?? '', displayPath: file.displayPath, targetVersion: file.options.targetVersion, placeholders: file.options.secretPlaceholders, now: clockRead ? file.options.now.getTime() : undefined };
  }

  private sameInputs(e: Inputs, file: FileState, doc: ItemState): boolean {
    const o = file.options;
    return e.kind === (doc.kind ?? '') && e.displayPath === file.displayPath && e.targetVersion === o.targetVersion && e.placeholders === o.secretPlaceholders && (e.now === undefined || e.now === o.now.getTime());
  }
}

/** The run's options for one document's checks, noting whether the clock (`now`) was read. */
function watched(options: LintOptions): { options: LintOptions; clockRead: () => boolean } {
  let read = false;
  const copy: LintOptions = { ...options };
  Object.defineProperty(copy, 'now', {
    enumerable: true,
    get() {
      read = true;
      return options.now;
    },
  });
  return { options: copy, clockRead: () => read };
}
