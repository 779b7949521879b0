// Secrets never leak from a findings-dense run (issue 37): every file has an ordinary finding
// (enabled omitted, its code frame showing the line above), and secrets stand where the report
// path of each finding reads: a notification's secret field, a comment just above the flagged
// line, a secret-named unknown field (a finding of its own) in a tenth of the files. Every output
// format of the CLI as a process is grepped for them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/format/index';
import { CANARY, expectNoLeak } from '../planted-secrets';
import { ensureBuilt, runBundle, tempDir } from './support';

const NOW = '2026-11-21T00:00:00Z';
const FILES = 60;

function alert(i: number): string {
  const unknown = i % 10 === 0 ? `dbPassword: Qx7${100 + i}LeakCanaryUnknown\n` : '';
  return `# Owner: team ${i}
${unknown}# webhookSecret: Qx7${200 + i}LeakCanaryComment
eventTypeName: HOST_DOWN
notifications:
  - typeName: SLACK
    apiToken: Qx7${300 + i}LeakCanaryToken
    channelName: alerts-${i}
    delayMin: 0
    intervalMin: 5
  - typeName: PAGER_DUTY
    serviceKey: Qx7${400 + i}LeakCanaryServiceKey
    delayMin: 5
    intervalMin: 15
`;
}

beforeAll(() => ensureBuilt(), 120_000);

describe('a findings-dense run', () => {
  it('prints no secret in any format, every file reported on', async () => {
    const dir = tempDir('findings-dense-secrets');
    for (let i = 0; i < FILES; i++) writeFileSync(path.join(dir, `${String(i).padStart(3, '0')}.alert-config.yaml`), alert(i));
    const runs = await Promise.all(FORMATS.map((format) => runBundle(['check', '--no-color', '--format', format, '--jobs', '1', '--now', NOW, '.'], { cwd: dir })));
    runs.forEach((r, i) => {
      expect([0, 1], `${FORMATS[i]}: ${r.stderr}`).toContain(r.code);
      expectNoLeak(r.stdout + r.stderr, `findings-dense --format ${FORMATS[i]}`);
    });
    const json = JSON.parse(runs[FORMATS.indexOf('json')].stdout) as { filePath: string; diagnostics: { ruleId: string }[] }[];
    expect(json).toHaveLength(FILES);
    for (const r of json) expect(r.diagnostics.map((d) => d.ruleId)).toContain('enabled-omitted');
    expect(json.filter((r) => r.diagnostics.some((d) => d.ruleId === 'unknown-field'))).toHaveLength(FILES / 10);
    // The frames really showed the planted lines, masked (else the grep above proves little).
    const stylish = runs[FORMATS.indexOf('stylish')].stdout;
    expect(stylish.match(/\| # webhookSecret: \*{4,}/g)!.length).toBeGreaterThanOrEqual(FILES);
    expect(stylish).toMatch(/\| dbPassword: \*{4,}/);
    // And the planted texts are in the files (the canary would match them).
    expect(CANARY.test(alert(0))).toBe(true);
  }, 120_000);
});
