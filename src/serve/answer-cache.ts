// Answers of GET kept as written (redacted, masked, serialised) until anything may have changed the
// state: a GET of one stored resource answered again costs its digest check and a lookup
// (bench/README.md). The server clears it on every request other than GET and HEAD, and whenever a
// request or a delivery changed the state by itself; an answer computed while a change happened is
// not kept (its generation is gone).

/** Answers kept at most (the whole cache is dropped when full: the next reads fill it again). */
const MAX_ANSWERS = 2000;

export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | undefined;
}

export class AnswerCache {
  private readonly answers = new Map<string, CachedAnswer>();
  private gen = 0;

  /** The current generation: an answer computed from it may be kept only while it lasts. */
  get generation(): number {
    return this.gen;
  }

  get(key: string): CachedAnswer | undefined {
    return this.answers.get(key);
  }

  /** Keeps an answer computed at generation `generation`, unless the state changed since. */
  set(key: string, generation: number, answer: CachedAnswer): void {
    if (generation !== this.gen) return;
    if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
    this.answers.set(key, answer);
  }

  /** The state may have changed: nothing kept is answered again. */
  clear(): void {
    this.gen++;
    this.answers.clear();
  }
}
