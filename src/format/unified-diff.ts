// A unified diff of a file and its fixed text (`--fix-dry-run`, `--diff`: Ruff's `--diff`), as
// `diff -u` and git print it. Myers' O((N+M)·D) diff of the lines between the common head and
// tail; a fix changes a few lines, so D is small. Past MAX_EDITS the middle is one replaced block
// (still a correct diff, only not the shortest).

const CONTEXT = 3;
const MAX_EDITS = 2000;

export type Op = { t: ' ' | '-' | '+'; line: string };

/** Lines with their terminators, so that a missing final line break is a difference too. */
export function linesOf(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', from)) {
    out.push(text.slice(from, i + 1));
    from = i + 1;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

/** Myers' shortest edit script of a → b, or undefined past `limit` edits. */
function myers(a: string[], b: string[], limit: number): Op[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, limit);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) x++, y++;
      v[off + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return undefined;
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = found; d >= 0; d--) {
    const w = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && w[off + k - 1] < w[off + k + 1]) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : w[off + prevK];
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) ops.push({ t: ' ', line: a[--x] }), y--;
    if (d > 0) {
      if (x === prevX) ops.push({ t: '+', line: b[--y] });
      else ops.push({ t: '-', line: a[--x] });
    }
  }
  return ops.reverse();
}

/** The edit script of lines a → b (line-diff.ts of the language server turns it into text edits). */
export function editScript(a: string[], b: string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const mid = myers(midA, midB, MAX_EDITS) ?? [...midA.map((line) => ({ t: '-' as const, line })), ...midB.map((line) => ({ t: '+' as const, line }))];
  return [...a.slice(0, head).map((line) => ({ t: ' ' as const, line })), ...mid, ...a.slice(a.length - tail).map((line) => ({ t: ' ' as const, line }))];
}

function range(start: number, count: number): string {
  // As diff -u: an empty range names the line before it.
  return count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;
}

/**
 * The unified diff of `before` → `after` under `--- a/<name>` and `+++ b/<name>`; '' when they
 * are the same. `show` renders a line's text (escaping, colour) without its line break.
 */
export function unifiedDiff(before: string, after: string, name: string, show: (sign: ' ' | '-' | '+', text: string) => string = (s, t) => s + t): string {
  if (before === after) return '';
  const ops = editScript(linesOf(before), linesOf(after));
  const out = [`--- a/${name}`, `+++ b/${name}`];
  // Line numbers before each op, in both texts.
  const atA: number[] = [];
  const atB: number[] = [];
  let la = 1;
  let lb = 1;
  for (const op of ops) {
    atA.push(la);
    atB.push(lb);
    if (op.t !== '+') la++;
    if (op.t !== '-') lb++;
  }
  let i = 0;
  while (i < ops.length) {
    if (ops[i].t === ' ') {
      i++;
      continue;
    }
    // A hunk: from CONTEXT lines before this change to CONTEXT after the last change that is
    // no more than 2·CONTEXT unchanged lines from the one before it.
    const start = Math.max(0, i - CONTEXT);
    let end = i;
    for (let j = i; j < ops.length; j++) {
      if (ops[j].t !== ' ') end = j;
      else if (j - end > 2 * CONTEXT) break;
    }
    const stop = Math.min(ops.length, end + 1 + CONTEXT);
    const hunk = ops.slice(start, stop);
    const countA = hunk.filter((o) => o.t !== '+').length;
    const countB = hunk.filter((o) => o.t !== '-').length;
    out.push(`@@ -${range(atA[start], countA)} +${range(atB[start], countB)} @@`);
    for (const o of hunk) {
      const text = o.line.replace(/\r?\n$/, '');
      out.push(show(o.t, text));
      if (!o.line.endsWith('\n')) out.push('\\ No newline at end of file');
    }
    i = stop;
  }
  return out.join('\n') + '\n';
}
