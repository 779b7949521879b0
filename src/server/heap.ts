// How far the server's heap may grow between full garbage collections. V8 lets the old generation
// grow to up to four times what survived the last full collection before collecting again: with a
// big document open the process grew to four or five times its live size after a few edits, almost
// all of it garbage of earlier versions (bench/README.md, history). While a big document is open, the heap
// grows by at most BIG_DOCUMENT_GROWTH_PERCENT between collections: more frequent full collections
// (a little CPU per lint of that document) for a peak near the live size. With small documents only,
// V8's own heuristics stay (a collection of a small heap costs little, and keystrokes stay cheap).
// The flag itself is set by the entry point (src/bin), which hands the server its setter: run-time
// V8 flags are set in bin/ only.

/** Open text (UTF-16 code units, all documents) from which the heap's growth is bounded. */
export const BIG_OPEN_CHARS = 4 * 1024 * 1024;
/** Growth of the heap between full collections while that much text is open (V8: 1 + percent / 100). */
export const BIG_DOCUMENT_GROWTH_PERCENT = 10;

/** The heap growth for this much open text; 0: V8's own heuristics. */
export function heapGrowthPercent(openChars: number): number {
  return openChars >= BIG_OPEN_CHARS ? BIG_DOCUMENT_GROWTH_PERCENT : 0;
}

/** Applies heapGrowthPercent as the open documents change (the V8 flag is set only when it changes). */
export class HeapPolicy {
  private current = 0;

  constructor(private readonly setFlags: (flags: string) => void) {}

  /** The open documents' total length changed. */
  update(openChars: number): void {
    const wanted = heapGrowthPercent(openChars);
    if (wanted === this.current) return;
    this.current = wanted;
    this.setFlags(`--heap-growing-percent=${wanted}`);
  }
}
