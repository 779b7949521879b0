// The request log of `omlint serve`, written in batches: stderr on a pipe or a file is written
// synchronously by Node, and a write per request was a large share of an answer's CPU
// (bench/README.md). Lines arrive already masked (server.ts): this only joins and writes them, in
// order, none dropped, the pending ones written when the server closes.
import type { Server } from 'node:http';

/** How long a line may wait for others before it is written. */
export const FLUSH_DELAY_MS = 50;
/** Pending text written at once beyond this many characters (a burst does not wait for the timer). */
const FLUSH_SIZE = 64 * 1024;

export class BatchedLog {
  private pending: string[] = [];
  private size = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (text: string) => void,
    private readonly delayMs = FLUSH_DELAY_MS,
  ) {}

  /** Adds one line (without its newline). */
  line(text: string): void {
    this.pending.push(text);
    this.size += text.length + 1;
    if (this.size >= FLUSH_SIZE) this.flush();
    // Unref'd: a pending line never keeps the process alive; the exit paths flush it.
    else this.timer ??= setTimeout(() => this.flush(), this.delayMs).unref();
  }

  /** Every pending line written when the server closes (a signal's stop closes it first) or the process exits. */
  flushOn(server: Server): this {
    server.on('close', () => this.flush());
    process.once('exit', () => this.flush());
    return this;
  }

  /** Writes every pending line now, as one write. */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const text = `${this.pending.join('\n')}\n`;
    this.pending = [];
    this.size = 0;
    this.write(text);
  }
}

