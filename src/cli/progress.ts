// The progress line of `omlint check` on a terminal: "omlint: 120/2000 files", counted file by
// file (not per directory or per worker share), redrawn when a file is done and at least
// REDRAW_MS have passed since the last redraw, so the count is never more than REDRAW_MS (plus
// the file being read) behind. Only on a TTY, and only once a run has taken SHOW_AFTER_MS:
// short runs print nothing.

export const REDRAW_MS = 100;
export const SHOW_AFTER_MS = 500;

export interface ProgressStream {
  write(s: string): unknown;
  isTTY?: boolean;
}

export interface Progress {
  /** `done` of `total` files are linted. */
  update(done: number, total: number): void;
  /** Clears the line (when one was drawn). */
  end(): void;
}

export function progressReporter(stream: ProgressStream, now: () => number = Date.now): Progress {
  const start = now();
  let last = -Infinity;
  let shown = false;
  return {
    update: (done, total) => {
      if (!stream.isTTY) return;
      const t = now();
      if (t - start < SHOW_AFTER_MS || t - last < REDRAW_MS) return;
      last = t;
      shown = true;
      stream.write(`\romlint: ${done}/${total} files`);
    },
    end: () => {
      if (shown) stream.write('\r\u001b[K');
    },
  };
}
