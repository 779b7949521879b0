// The golden corpus: which `omlint check` runs over examples/ are recorded, and how. Shared by
// test/golden.test.ts (compares) and scripts/golden-update.ts (rewrites, on purpose).
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli/main';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const GOLDEN_DIR = path.join(ROOT, 'test/golden');
/** The clock of every recorded run: date rules give the same answer on any day. */
export const GOLDEN_NOW = '2026-11-21T00:00:00Z';

/** One directory of examples/, linted as one run (project scopes are whole, as in real use). */
export const GOLDEN_CASES = ['clean', 'problems', 'formats', 'scoped'] as const;
export type GoldenCase = (typeof GOLDEN_CASES)[number];

/** The JSON and YAML files under a directory (relative to the root), config files left out, sorted. */
export function lintableUnder(dir: string): string[] {
  return (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => /\.(json|ya?ml)$/.test(f) && !/(^|[\\/])omlint\.config\.[a-z]+$/.test(f))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .sort();
}

/** The lintable inputs of one case (or all), relative to the repository root, sorted. */
export function caseInputs(cases: readonly GoldenCase[] = GOLDEN_CASES): string[] {
  return cases.flatMap((c) => lintableUnder(`examples/${c}`)).sort();
}

export interface CheckRun {
  code: number;
  stdout: string;
  stderr: string;
}

// --cache keeps a signing key under XDG_CACHE_HOME: never $HOME, even though no case uses it.
const CACHE_HOME = mkdtempSync(path.join(os.tmpdir(), 'omlint-golden-'));

/** `omlint check` in-process, from the repository root (so paths read examples/…). */
export async function check(args: string[], now = GOLDEN_NOW): Promise<CheckRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(['check', ...args, '--now', now, '--no-color'], {
    stdout: { write: (s: string) => (stdout += s), isTTY: false },
    stderr: { write: (s: string) => (stderr += s) },
    readStdin: async () => Buffer.from(''),
    cwd: ROOT,
    env: { XDG_CACHE_HOME: CACHE_HOME },
  });
  return { code, stdout, stderr };
}

/** A recorded file: its name under test/golden/ and its expected text. */
export interface GoldenFile {
  name: string;
  text: string;
}

/** The JSON report, still valid JSON, laid out one file head and one diagnostic a line (short diffs). */
export function oneDiagnosticALine(report: Record<string, unknown>[]): string {
  const files = report.map(({ diagnostics, ...head }) => {
    const lines = (diagnostics as unknown[]).map((d) => `    ${JSON.stringify(d)}`);
    const list = lines.length ? `[\n${lines.join(',\n')}\n  ]` : '[]';
    return `  ${JSON.stringify(head).slice(0, -1)},"diagnostics":${list}}`;
  });
  return `[\n${files.join(',\n')}\n]\n`;
}

/**
 * What one case records: the JSON report (one diagnostic a line, so that a diff shows which changed),
 * the stylish report, and the exit code. stderr must stay empty: a note there is a change too.
 */
export async function record(c: GoldenCase): Promise<{ files: GoldenFile[]; code: number; stderr: string }> {
  const dir = `examples/${c}`;
  const json = await check([dir, '--format', 'json']);
  const stylish = await check([dir, '--format', 'stylish']);
  if (json.code !== stylish.code) throw new Error(`${c}: exit code ${json.code} with --format json, ${stylish.code} with stylish`);
  return {
    code: json.code,
    stderr: json.stderr + stylish.stderr,
    files: [
      { name: `${c}.json`, text: oneDiagnosticALine(JSON.parse(json.stdout) as Record<string, unknown>[]) },
      { name: `${c}.stylish.txt`, text: stylish.stdout },
    ],
  };
}

export const EXIT_CODES_FILE = 'exit-codes.json';

/** Every file of test/golden/ that the corpus owns (anything else there is stale). */
export function expectedNames(): string[] {
  return [...GOLDEN_CASES.flatMap((c) => [`${c}.json`, `${c}.stylish.txt`]), EXIT_CODES_FILE].sort();
}

/** Everything the corpus records, by file name under test/golden/. */
export async function recordAll(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const codes: Record<string, number> = {};
  for (const c of GOLDEN_CASES) {
    const r = await record(c);
    if (r.stderr) throw new Error(`examples/${c}: omlint wrote to stderr:\n${r.stderr}`);
    for (const f of r.files) out.set(f.name, f.text);
    codes[c] = r.code;
  }
  out.set(EXIT_CODES_FILE, `${JSON.stringify(codes, null, 2)}\n`);
  return out;
}
