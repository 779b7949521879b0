// The golden corpus: `omlint check` over examples/ (JSON and stylish reports, exit codes) must give
// exactly what test/golden/ records. A deliberate change of diagnostics is recorded with
// `npm run golden:update` (scripts/golden-update.ts) and reviewed in the diff.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { KINDS } from '../src/core/kinds';
import { cliProcess } from './cli/run';
import { caseInputs, EXIT_CODES_FILE, expectedNames, GOLDEN_CASES, GOLDEN_DIR, GOLDEN_NOW, oneDiagnosticALine, recordAll, ROOT } from './golden/corpus';

const HINT = 'differs from what omlint check prints now: if the change is intended, run `npm run golden:update` and review `git diff test/golden/`';

function golden(name: string): string | undefined {
  try {
    return readFileSync(path.join(GOLDEN_DIR, name), 'utf8');
  } catch {
    return undefined;
  }
}

const inputs = () => caseInputs();
/** Inputs that examples/scoped/omlint.config.yaml's `ignore` leaves out of every report. */
const IGNORED_BY_CONFIG = ['examples/scoped/vendor/upstream.alert-config.yaml'];

describe('golden corpus (examples/ → test/golden/)', () => {
  let recorded: Map<string, string>;
  beforeAll(async () => {
    recorded = await recordAll();
  });

  it.each(expectedNames())('%s matches the output of omlint check', (name) => {
    const expected = golden(name);
    expect(expected, `test/golden/${name} is missing: run \`npm run golden:update\``).toBeDefined();
    // On a mismatch vitest prints the line diff (- recorded, + now).
    expect(recorded.get(name), `test/golden/${name} ${HINT}`).toBe(expected);
  });

  it('is what the built bundle prints too (dist/omlint.js, a real process)', () => {
    const run = cliProcess(['check', 'examples/problems', '--format', 'json', '--now', GOLDEN_NOW], { cwd: ROOT });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(JSON.parse(golden(EXIT_CODES_FILE) ?? '{}').problems);
    expect(oneDiagnosticALine(JSON.parse(run.stdout)), 'dist/omlint.js differs from test/golden/problems.json: `npm run build` if the bundle is stale').toBe(golden('problems.json'));
  });

  it('holds no file that no case records (a renamed or dropped case leaves none behind)', () => {
    const stale = readdirSync(GOLDEN_DIR).filter((f) => f !== 'corpus.ts' && !expectedNames().includes(f));
    expect(stale, `stale files in test/golden/: run \`npm run golden:update\``).toEqual([]);
  });

  it('records every input file of examples/ and covers every kind', () => {
    const reported = new Set<string>();
    const kinds = new Set<string>();
    for (const c of GOLDEN_CASES) {
      for (const r of JSON.parse(golden(`${c}.json`) ?? '[]') as { filePath: string; kinds: string[] }[]) {
        reported.add(r.filePath);
        for (const k of r.kinds) kinds.add(k);
      }
    }
    // Every input gets a verdict, but the one the scoped config ignores on purpose.
    expect([...reported].sort()).toEqual(inputs().filter((f) => !IGNORED_BY_CONFIG.includes(f)));
    expect([...kinds].filter((k) => k !== 'unknown').sort()).toEqual([...KINDS].sort());
  });

  it('keeps the text shapes the corpus exists for: multi-document YAML, an API list response, CRLF, BOMs, UTF-16, directives, a scoped config', () => {
    const texts = inputs().map((f) => ({ f, text: readFileSync(path.join(ROOT, f), 'utf8') }));
    const some = (what: string, test: (t: { f: string; text: string }) => boolean) => expect(texts.some(test), what).toBe(true);
    some('a multi-document YAML file', (t) => /\.ya?ml$/.test(t.f) && /^---\s*$/m.test(t.text));
    some('an API list response', (t) => t.f.endsWith('.json') && /"results"\s*:/.test(t.text) && /"totalCount"\s*:/.test(t.text));
    some('a CRLF file', (t) => t.text.includes('\r\n'));
    some('a file with a UTF-8 BOM', (t) => t.text.charCodeAt(0) === 0xfeff);
    some('a UTF-16 file with a BOM', (t) => readFileSync(path.join(ROOT, t.f)).subarray(0, 2).equals(Buffer.from([0xff, 0xfe])));
    some('a YAML syntax error', (t) => t.text.includes('\n\t- '));
    some('a directive', (t) => /#\s*omlint-disable/.test(t.text));
    some('a non-BMP character (UTF-16 columns)', (t) => /[\u{10000}-\u{10FFFF}]/u.test(t.text));
    expect(readFileSync(path.join(ROOT, 'examples/scoped/omlint.config.yaml'), 'utf8')).toMatch(/scope:/);
  });

  it('shows no secret of the inputs: the recorded output is masked', () => {
    const secrets = ['xoxb-2291837465-5521937465123-kq8Zt3YhVbN2mXwP7cLd9FsR', 'https://hooks.example.com/omlint"'];
    for (const s of secrets) expect(inputs().some((f) => readFileSync(path.join(ROOT, f), 'utf8').includes(s)), s).toBe(true);
    for (const name of expectedNames()) for (const s of secrets) expect(golden(name) ?? '', name).not.toContain(s);
  });
});
