// Issue 32 "Silent passes in CI": `omlint merge` trusted the counts written in the parts (zeroed
// counts passed 18 errors, negative ones printed "-83 errors" and passed), dropped a SARIF result
// whose `level` was an object, accepted `locations: "x"`, and crashed on a 424 MB part. Each part
// is now checked for its shape and its counts against its findings (exit 2, naming the part and
// what is wrong), and the parts are refused above a total size.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, tree } from './run';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const BAD = 'eventTypeName: HOST_DOWNN\nenabled: true\nnotifications: []\n';
const WARN = 'eventTypeName: NO_PRIMARY\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n    delayMin: 0\n    intervalMin: 60\n';

let dir: string;
/** Two real parts of a run in each format (a/ and b/ are two scopes), with errors and warnings. */
beforeAll(async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 9; i++) files[`a/bad-${i}.yaml`] = BAD;
  for (let i = 0; i < 9; i++) files[`b/bad-${i}.yaml`] = BAD;
  files['b/warn.yaml'] = WARN;
  dir = tree(files);
  for (const format of ['json', 'sarif']) {
    for (const i of [1, 2]) {
      const r = await cli(['check', ...NOW, '-f', format, '--shard', `${i}/2`, '-o', `part-${i}.${format}`, 'a', 'b'], { cwd: dir });
      expect(r.code, r.stderr).toBe(1);
    }
  }
}, 60_000);

const part = (name: string) => JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
/** Writes a copy of part 1 changed by `edit`, and merges it with part 2. */
async function mergeEdited(format: 'json' | 'sarif', edit: (report: any) => void) {
  const report = part(`part-1.${format}`);
  edit(report);
  writeFileSync(path.join(dir, `edited.${format}`), JSON.stringify(report));
  return cli(['merge', `edited.${format}`, `part-2.${format}`], { cwd: dir });
}

describe('omlint merge checks each part', () => {
  it('honest parts merge, counted from their findings', async () => {
    const r = await cli(['merge', 'part-1.json', 'part-2.json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("omlint: merged 2 reports (json): 19 files, 36 errors, 17 warnings\n");
  });

  it('zeroed counts do not pass 18 files of errors: exit 2, naming the part and the count', async () => {
    const zero = (report: any[]) => report.forEach((f) => ((f.errorCount = 0), (f.warningCount = 0)));
    const r = await mergeEdited('json', zero);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/^omlint: edited\.json: item 0: [ab]\/bad-0\.yaml says errorCount 0, but its diagnostics hold 2 error findings; a part's counts must be its findings'/);
  });

  it('negative counts: exit 2, never "-83 errors"', async () => {
    const r = await mergeEdited('json', (report) => (report[0].errorCount = -83));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/edited\.json: item 0: [ab]\/bad-0\.yaml says errorCount -83/);
    expect(r.stderr).not.toMatch(/merged/);
  });

  it('a SARIF result with an object level, or locations "x": exit 2, naming the result', async () => {
    const level = await mergeEdited('sarif', (log) => (log.runs[0].results[3].level = { error: true }));
    expect([level.code, level.stderr]).toEqual([2, 'omlint: edited.sarif: runs[0].results[3]: level {"error":true} is not one of error, warning, note, none\n']);
    const locations = await mergeEdited('sarif', (log) => (log.runs[0].results[0].locations = 'x'));
    expect([locations.code, locations.stderr]).toEqual([2, 'omlint: edited.sarif: runs[0].results[0]: locations is "x", not an array\n']);
  });

  // The class: every field merge reads, malformed one at a time, is refused (never counted as nothing).
  const JSON_EDITS: [string, (r: any) => void][] = [
    ['an item that is no object', (r) => (r[0] = 'x')],
    ['no filePath', (r) => delete r[0].filePath],
    ['diagnostics not an array', (r) => (r[0].diagnostics = 'x')],
    ['a diagnostic that is no object', (r) => (r[0].diagnostics[0] = 7)],
    ['a severity of another type', (r) => (r[0].diagnostics[0].severity = { error: 1 })],
    ['an unknown severity', (r) => (r[0].diagnostics[0].severity = 'fatal')],
    ['a missing message', (r) => delete r[0].diagnostics[0].message],
    ['occurrences 0', (r) => (r[0].diagnostics[0].occurrences = 0)],
    ['a count as a string', (r) => (r[0].errorCount = String(r[0].errorCount))],
    ['a fractional count', (r) => (r[0].errorCount += 0.5)],
    ['a count too high', (r) => (r[0].errorCount += 1)],
    ['a warning count off', (r) => (r[0].warningCount = 3)],
    ['an info count off', (r) => (r[0].infoCount = -1)],
    ['an error turned into a warning, counts kept', (r) => (r[0].diagnostics.find((d: any) => d.severity === 'error').severity = 'warning')],
  ];
  const SARIF_EDITS: [string, (l: any) => void][] = [
    ['a result that is no object', (l) => (l.runs[0].results[0] = null)],
    ['no level', (l) => delete l.runs[0].results[0].level],
    ['an unknown level', (l) => (l.runs[0].results[0].level = 'fatal')],
    ['a location that is no object', (l) => (l.runs[0].results[0].locations = [1])],
    ['a uri that is no string', (l) => (l.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri = 5)],
    ['a start line of 0', (l) => (l.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0)],
    ['no message text', (l) => (l.runs[0].results[0].message = 'x')],
    ['a ruleIndex past the rules', (l) => (l.runs[0].results[0].ruleIndex = 1e6)],
    ['a ruleId that is no string', (l) => (l.runs[0].results[0].ruleId = ['x'])],
    ['rules that are not an array', (l) => (l.runs[0].tool.driver.rules = {})],
  ];
  for (const [what, edit] of JSON_EDITS) {
    it(`JSON part with ${what}: exit 2, naming the part`, async () => {
      const r = await mergeEdited('json', edit);
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toMatch(/^omlint: edited\.json: item 0: /);
    });
  }
  for (const [what, edit] of SARIF_EDITS) {
    it(`SARIF part with ${what}: exit 2, naming the part`, async () => {
      const r = await mergeEdited('sarif', edit);
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toMatch(/^omlint: edited\.sarif: runs\[0\]/);
    });
  }
});

describe('omlint merge refuses parts over --max-size, before reading them', () => {
  it('a part over the limit: exit 2 with the sizes and the option to raise it; under it, merged', async () => {
    // A real part padded past 1 MB with honest clean file results.
    const big = part('part-1.json');
    for (let i = 0; big.length < 9000; i++) big.push({ filePath: `c/clean-${i}.yaml`, kinds: ['alert-config'], documents: 1, errorCount: 0, warningCount: 0, infoCount: 0, diagnostics: [] });
    writeFileSync(path.join(dir, 'big.json'), JSON.stringify(big, null, 2));
    const refused = await cli(['merge', '--max-size', '1', 'big.json', 'part-2.json'], { cwd: dir });
    expect([refused.code, refused.stdout]).toEqual([2, '']);
    expect(refused.stderr).toMatch(/^omlint: the reports total 1\.\d MB \(largest: big\.json, 1\.\d MB\), over the limit of 1 MB; raise it with --max-size <mb>/);
    const merged = await cli(['merge', '--max-size', '2', 'big.json', 'part-2.json'], { cwd: dir });
    expect(merged.code, merged.stderr).toBe(1);
  });
});
