// ANSI colours, honouring NO_COLOR, FORCE_COLOR and --no-color.
export interface Palette {
  red(s: string): string;
  yellow(s: string): string;
  blue(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
  underline(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const plain = (s: string) => s;

/**
 * `flag`: --color (true) or --no-color (false), which win over the environment (as NO_COLOR's own
 * text asks of a command-line argument); undefined: NO_COLOR, then FORCE_COLOR, then a terminal.
 */
export function useColor(stream: { isTTY?: boolean }, flag: boolean | undefined, env = process.env): boolean {
  if (flag !== undefined) return flag;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return Boolean(stream.isTTY);
}

export function palette(enabled: boolean): Palette {
  if (!enabled) return { red: plain, yellow: plain, blue: plain, dim: plain, bold: plain, underline: plain };
  return { red: wrap(31, 39), yellow: wrap(33, 39), blue: wrap(34, 39), dim: wrap(2, 22), bold: wrap(1, 22), underline: wrap(4, 24) };
}
