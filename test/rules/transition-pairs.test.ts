// The realistic pairs of test/data/transitions (issue 19 "Done when"): each change, linted with
// its base through the engine, gives exactly the findings in its expected-findings.json (every
// rule's, document rules included); the correct two-step upgrade gives none.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint';

const DIR = path.join(__dirname, '..', 'data', 'transitions');
const read = (f: string) => readFileSync(path.join(DIR, f), 'utf8');

interface Expected {
  ruleId: string;
  messageId?: string;
  severity: string;
  pointer: string;
  line: number;
  column: number;
}

async function findings(base: string, now: string, kind = 'automation-config'): Promise<Expected[]> {
  const [r] = await lint([{ filePath: '/p/automation.yaml', text: read(now), base: { label: 'base.yaml', text: read(base) } }], { now: new Date('2026-11-21T00:00:00Z'), cwd: '/p' });
  expect(r.kinds).toEqual([kind]);
  return r.diagnostics.map((d) => ({ ruleId: d.ruleId, messageId: d.messageId, severity: d.severity, pointer: d.pointer, line: d.range.start.line, column: d.range.start.column }));
}

describe('transition pairs (test/data/transitions)', () => {
  it('upgrade 6.0 → 7.0 in two steps: binaries, then FCV: no finding at either step', async () => {
    expect(await findings('upgrade-two-steps/0-base.yaml', 'upgrade-two-steps/1-binaries.yaml')).toEqual([]);
    expect(await findings('upgrade-two-steps/1-binaries.yaml', 'upgrade-two-steps/2-fcv.yaml')).toEqual([]);
  });
  it('the same documents without a base give no transition finding (the rules need a base)', async () => {
    const [r] = await lint([{ filePath: '/p/automation.yaml', text: read('upgrade-one-step/new.yaml') }], { now: new Date('2026-11-21T00:00:00Z'), cwd: '/p' });
    expect(r.diagnostics).toEqual([]);
  });
  for (const dir of ['upgrade-one-step', 'jump-4.4-to-6.0', 'fcv-ahead', 'majority-removal', 'dropped-tls-password', 'keyfile-replaced', 'tls-require-jump', 'scram-to-x509', 'alert-event-type', 'keyfile-rotation-4.0']) {
    it(`${dir}: exactly the expected findings`, async () => {
      const expected = JSON.parse(read(`${dir}/expected-findings.json`)) as Expected[];
      expect(expected.length).toBeGreaterThan(0);
      expect(await findings(`${dir}/base.yaml`, `${dir}/new.yaml`, dir === 'alert-event-type' ? 'alert-config' : undefined)).toEqual(expected);
    });
  }
});
