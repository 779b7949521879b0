// When a document's diagnostics are computed after an edit. The wait after the last keystroke
// adapts to what a lint of that document costs: a lint may start once the document has been idle
// (no lint running) for as long as its lint takes, so that linting while someone types takes at
// most about half of the process and fast typing never queues lints it would throw away. The time
// since the last lint ended counts: the first keystroke after a pause waits only MIN_DEBOUNCE_MS
// (a fixed wait before the lint's own was most of the latency: bench/README.md, history).
// Each request gets a generation: a lint that finishes after a newer request for its document was
// made is stale (never published).

/** The wait never exceeds this (the old fixed debounce). */
export const MAX_DEBOUNCE_MS = 150;
/** Nor goes below this: keystrokes of one word arrive within a few milliseconds of each other. */
export const MIN_DEBOUNCE_MS = 10;

/**
 * The wait after an edit, from the measured duration of the document's recent lints (undefined:
 * never linted, the old fixed wait) and how long the document has been idle since its last lint
 * ended (0 while one runs): the rest of an idle time as long as the lint's own.
 */
export function debounceDelay(lintMs: number | undefined, max = MAX_DEBOUNCE_MS, idleMs = 0): number {
  if (lintMs === undefined) return max;
  return Math.round(Math.min(max, Math.max(MIN_DEBOUNCE_MS, lintMs - Math.max(0, idleMs))));
}

export interface SchedulerOptions {
  /** Computes and publishes the diagnostics of `uri`; `current()` is false once a newer request exists. */
  run(uri: string, current: () => boolean): Promise<void>;
  /** Upper bound of the wait (default MAX_DEBOUNCE_MS); 0 runs at once, always. */
  maxDelayMs?: number;
  /** Clock (tests). */
  now?: () => number;
}

export class DiagnosticsScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly generations = new Map<string, number>();
  /** Per document, its last lint durations (their median: one slow lint, a GC pause or the first lint's warm-up, does not count). */
  private readonly lintMs = new Map<string, number[]>();
  private readonly running = new Map<string, Promise<void>>();
  /** Per document, when its last lint ended (the clock's time). */
  private readonly lastEnd = new Map<string, number>();
  private readonly max: number;
  private readonly now: () => number;

  constructor(private readonly options: SchedulerOptions) {
    this.max = options.maxDelayMs ?? MAX_DEBOUNCE_MS;
    this.now = options.now ?? (() => performance.now());
  }

  /** The wait the next edit of `uri` gets. */
  delayFor(uri: string): number {
    if (this.max <= 0) return 0;
    const end = this.lastEnd.get(uri);
    const idle = this.running.has(uri) || end === undefined ? 0 : this.now() - end;
    return debounceDelay(median(this.lintMs.get(uri)), this.max, idle);
  }

  /** A new request for `uri`'s diagnostics: after the adaptive wait, or at once (`immediate`: opened). */
  schedule(uri: string, immediate = false): void {
    clearTimeout(this.timers.get(uri));
    const generation = this.bump(uri);
    const delay = immediate ? 0 : this.delayFor(uri);
    if (delay <= 0) {
      this.timers.delete(uri);
      void this.start(uri, generation);
      return;
    }
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        void this.start(uri, generation);
      }, delay),
    );
  }

  /** Forget a document (closed): a pending or running lint of it publishes nothing. */
  forget(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.bump(uri);
    this.lintMs.delete(uri);
    this.lastEnd.delete(uri);
  }

  /** Resolves when `uri` has no wait pending and no lint running (code actions wait for this). */
  async settled(uri: string): Promise<void> {
    for (;;) {
      const pending = this.timers.get(uri);
      const running = this.running.get(uri);
      if (!pending && !running) return;
      if (running) await running.catch(() => undefined);
      else await new Promise((r) => setTimeout(r, this.delayFor(uri)));
    }
  }

  private bump(uri: string): number {
    const g = (this.generations.get(uri) ?? 0) + 1;
    this.generations.set(uri, g);
    return g;
  }

  private async start(uri: string, generation: number): Promise<void> {
    // One lint of a document at a time: a newer request waits for the running one (which it makes stale).
    const before = this.running.get(uri);
    if (before) await before.catch(() => undefined);
    if (this.generations.get(uri) !== generation) return;
    const t0 = this.now();
    const run = this.options.run(uri, () => this.generations.get(uri) === generation).finally(() => {
      if (this.running.get(uri) === run) this.running.delete(uri);
    });
    this.running.set(uri, run);
    try {
      await run;
    } catch {
      return; // run reports its own failures
    }
    const t1 = this.now();
    this.lastEnd.set(uri, t1);
    const recent = this.lintMs.get(uri) ?? [];
    recent.push(t1 - t0);
    if (recent.length > RECENT_LINTS) recent.shift();
    this.lintMs.set(uri, recent);
  }
}

/** How many of a document's last lint durations the wait is computed from. */
const RECENT_LINTS = 5;

function median(values: number[] | undefined): number | undefined {
  if (!values?.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[(sorted.length - 1) >> 1]; // the lower one of two: the open's warm-up is not waited for again
}
