// The compact notations of an alert test (docs/alert-tests.md): durations such as `90s`, `5m`,
// `1h30m`, and series of samples as promtool writes them (Prometheus docs, "Unit testing for
// rules": `a+bxn` is a, a+b, …, a+n·b; `axn` repeats a n+1 times; `_` is a missing sample and
// `_xn` n missing ones).

/** Units of a duration, in milliseconds (Prometheus' duration letters, without y and ms). */
const DURATION_UNITS: Record<string, number> = { s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7, w: 6.048e8 };
const DURATION = /^(?:\d{1,9}[smhdw])+$/;

/** Milliseconds of a duration (`5m`, `1h30m`, `0s`); undefined when the text is not one. */
export function parseDuration(text: unknown): number | undefined {
  if (typeof text !== 'string' || !DURATION.test(text)) return undefined;
  let ms = 0;
  for (const m of text.matchAll(/(\d+)([smhdw])/g)) ms += Number(m[1]) * DURATION_UNITS[m[2]];
  return ms;
}

/** `1h30m`, `5m`, `0s`: the shortest spelling of a whole number of seconds. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  let rest = Math.round(ms / 1000);
  let out = ms < 0 ? '-' : '';
  rest = Math.abs(rest);
  for (const [unit, size] of [['d', 86400], ['h', 3600], ['m', 60], ['s', 1]] as const) {
    if (rest >= size) {
      out += `${Math.floor(rest / size)}${unit}`;
      rest %= size;
    }
  }
  return out;
}

/** Most samples one series may expand to (a month of one-minute samples is 44,640). */
export const MAX_SERIES_SAMPLES = 1_000_000;

export type SeriesResult =
  | { values: Float64Array }
  | { error: string; offset: number; length: number };

const NUMBER = '[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?';
const TERM = new RegExp(`^(?:(_)|(${NUMBER})(?:([-+])(${NUMBER}))?)(?:x(\\d{1,9}))?$`);

/**
 * The samples of a series notation (NaN for a missing one), or where and why it cannot be read:
 * the offset and length are within `text`, so a linter can point at the term.
 */
export function parseSeries(text: string): SeriesResult {
  const out: number[] = [];
  const re = /\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const term = m[0];
    const t = TERM.exec(term);
    const at = { offset: m.index, length: term.length };
    if (!t) return { error: `"${term}" is no sample: write a number, a+bxn, axn, _ or _xn`, ...at };
    const [, missing, a, sign, b, n] = t;
    const count = n === undefined ? undefined : Number(n);
    if (missing) {
      // promtool: `_x3` is three missing samples (a value term `1x3` is four).
      const k = count ?? 1;
      if (out.length + k > MAX_SERIES_SAMPLES) return { error: `the series expands to more than ${MAX_SERIES_SAMPLES} samples`, ...at };
      for (let i = 0; i < k; i++) out.push(NaN);
      continue;
    }
    const start = Number(a);
    if (count === undefined) {
      if (sign) return { error: `"${term}" has an increment but no count: write ${term}x<n>`, ...at };
      out.push(start);
      continue;
    }
    if (out.length + count + 1 > MAX_SERIES_SAMPLES) return { error: `the series expands to more than ${MAX_SERIES_SAMPLES} samples`, ...at };
    const inc = sign ? (sign === '-' ? -Number(b) : Number(b)) : 0;
    for (let i = 0; i <= count; i++) out.push(start + i * inc);
  }
  if (out.length === 0) return { error: 'the series has no sample', offset: 0, length: text.length };
  return { values: Float64Array.from(out) };
}
