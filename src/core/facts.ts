// The facts derived from one document (its topology, its secrets…), each computed the first time
// something asks and then shared by the rules, the schema mapper and the masking of that document.
// The engine makes one per document it checks and drops it with the file (Ruff's
// checker.semantic()); no module keeps a document, or anything derived from it, alive.

/** How a fact is derived from a document's value (may ask `facts` for other facts). Keyed by identity. */
export type Fact<T> = (value: unknown, facts: DocumentFacts) => T;

export class DocumentFacts {
  private readonly known = new Map<Fact<unknown>, unknown>();

  constructor(readonly value: unknown) {}

  /** The fact, derived on first use. */
  get<T>(fact: Fact<T>): T {
    if (this.known.has(fact)) return this.known.get(fact) as T;
    const found = fact(this.value, this);
    this.known.set(fact, found);
    return found;
  }

  /** The fact if something asked for it already; never derives it. */
  peek<T>(fact: Fact<T>): T | undefined {
    return this.known.get(fact) as T | undefined;
  }
}
