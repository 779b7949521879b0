// One big JSON automation config (issue 22, the big-JSON slice): the paths a big text takes (read
// by Node in one call, the young generation kept small, positions by the navigator, names judged
// once and the colons after plain names passed by the secret scan, one colon pass for the cost
// pre-scan and the duplicate-key check) print no secret in any format, and the findings are
// placed where they are.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/format/index';
import { automationConfig, automationJson } from '../../bench/generate';
import { expectNoLeak } from '../planted-secrets';
import { ensureBuilt, runBundle, tempDir } from './support';

type Doc = { auth: Record<string, unknown>; processes: { name: string; version: string; args2_6: { net: Record<string, unknown> } }[] };

describe('a big JSON automation config with findings on secrets', () => {
  let dir: string;
  let text: string;
  beforeAll(() => {
    ensureBuilt();
    dir = tempDir('big-json-secrets');
    // ~4.5 MB (1,200 processes): past the optimizer hold, the navigator's and the judged names' sizes.
    const doc = automationConfig(1200) as unknown as Doc;
    doc.auth.autoPwd = 'LeakCanaryBigAutoPwd1';
    // The secret pasted where a version belongs: process-version-defined quotes it.
    doc.processes[1100].version = 'LeakCanaryBigAutoPwd1';
    // A documented secret field in plain text (plaintext-secret reports it, its frame shows the line).
    doc.processes[600].args2_6.net.tls = { mode: 'requireTLS', certificateKeyFilePassword: 'Kestrel5BigTlsPassword' };
    // A near-miss name (`passwrd`) on a line of its own inside a process, its value pasted as a version too.
    doc.processes[1000].version = 'Kestrel5BigNearMiss';
    text = automationJson(doc as never);
    text = text.replace('"name": "' + doc.processes[900].name + '",', `"name": "${doc.processes[900].name}",\n      "passwrd": "Kestrel5BigNearMiss",`);
    expect(text.length).toBeGreaterThan(4 * 1024 * 1024);
    writeFileSync(path.join(dir, 'big.automation-config.json'), text);
  }, 60_000);

  it('prints none of them in any format, with the findings at their lines', async () => {
    const runs = await Promise.all(FORMATS.map((format) => runBundle(['check', '--format', format, 'big.automation-config.json'], { cwd: dir, timeoutMs: 120_000 })));
    runs.forEach((r, i) => {
      expect(r.code, r.stderr).toBe(1);
      expectNoLeak(r.stdout, `--format ${FORMATS[i]}`);
      expectNoLeak(r.stderr, `--format ${FORMATS[i]} (stderr)`);
    });
    type Result = { diagnostics: { ruleId: string; message: string; range: { start: { line: number; column: number } } }[] };
    const diagnostics = (JSON.parse(runs[FORMATS.indexOf('json')].stdout) as Result[])[0].diagnostics;
    const lineOf = (needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
    const versionAt = (line: number) => diagnostics.find((d) => d.ruleId === 'process-version-defined' && d.range.start.line === line);
    // Both pasted versions read `Version "****"` once masked: one finding, repeated, at the first.
    expect(versionAt(lineOf('"version": "Kestrel5BigNearMiss"'))?.message).toMatch(/^Version "\*+" has no/);
    expect(lineOf('"version": "Kestrel5BigNearMiss"')).toBeLessThan(lineOf('"version": "LeakCanaryBigAutoPwd1"'));
    const plain = diagnostics.filter((d) => d.ruleId === 'plaintext-secret').map((d) => d.range.start.line);
    expect(plain).toContain(lineOf('"certificateKeyFilePassword"'));
    // The stylish code frames show the lines, masked.
    const stylish = runs[FORMATS.indexOf('stylish')].stdout;
    expect(stylish).toMatch(/"version": "\*+"/);
    expect(stylish).toMatch(/"certificateKeyFilePassword": "\*+"/);
  }, 180_000);
});
