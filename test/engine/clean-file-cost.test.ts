// What every file pays, finding or not (issue 37, clean16): a clean file's digests keep their
// places without a line table, and a related location in such a file still gets its exact range.
// Counted, not timed.
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint';
import { lineTables } from '../../src/core/lines';
import { parseText } from '../../src/syntax/index';
import { workCounts } from '../../src/syntax/work-counts';
import { defaultSettings, type FileSettings } from '../../src/config/load';
import type { Rule, WorkspaceRule } from '../../src/core/types';
import duplicateAlertConfig from '../../rules/duplicate-alert-config';
import enabledOmitted from '../../rules/enabled-omitted';

const ALERT = (event: string, comment = '') => `# The hosts of the team.${comment}
eventTypeName: ${event}
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    intervalMin: 30
`;

describe('a clean file', () => {
  it('builds no line table, its digest places counted to instead', async () => {
    const inputs = ['HOST_DOWN', 'NO_PRIMARY', 'MONITORING_AGENT_DOWN'].map((e, i) => ({ filePath: `a${i}.alert-config.yaml`, text: ALERT(e) }));
    const before = lineTables.built;
    const results = await lint(inputs);
    expect(results.map((r) => r.diagnostics)).toEqual([[], [], []]);
    expect(lineTables.built - before).toBe(0);
  });

  it('places its digest without walking a pointer: the root key\'s span told by the block reader\'s table at once', async () => {
    const inputs = ['HOST_DOWN', 'NO_PRIMARY', 'MONITORING_AGENT_DOWN'].map((e, i) => ({ filePath: `w${i}.alert-config.yaml`, text: ALERT(e) }));
    const before = workCounts.blockWalks;
    const results = await lint(inputs, { ruleSet: [duplicateAlertConfig as Rule] });
    expect(results.map((r) => r.diagnostics)).toEqual([[], [], []]);
    expect(workCounts.blockWalks - before).toBe(0);
  });

  it('is the related location of a duplicate, at the range a line table gives', async () => {
    const results = await lint([
      { filePath: 'first.alert-config.yaml', text: ALERT('HOST_DOWN', '\n# A second line of comment, so the first file\'s place is on line 3.') },
      { filePath: 'second.alert-config.yaml', text: ALERT('HOST_DOWN') },
    ]);
    expect(results[0].diagnostics).toEqual([]);
    const [d] = results[1].diagnostics;
    expect(d.ruleId).toBe('duplicate-alert-config');
    expect(d.range).toEqual({ start: { line: 2, column: 16 }, end: { line: 2, column: 25 } });
    expect(d.related?.map((r) => [r.filePath, r.range])).toEqual([['first.alert-config.yaml', { start: { line: 3, column: 16 }, end: { line: 3, column: 25 } }]]);
  });
});

describe('the comments of a text', () => {
  it('are one object for every reader when the text has no directive; copied (fresh `used` sets) when it has', () => {
    const plain = parseText(ALERT('HOST_DOWN'), 'a.alert-config.yaml');
    expect(plain.comments()).toBe(plain.comments());
    const withDirective = parseText(`# omlint-disable-next-line metric-name\n${ALERT('HOST_DOWN')}`, 'a.alert-config.yaml');
    const [a, b] = [withDirective.comments(), withDirective.comments()];
    expect(a).not.toBe(b);
    expect(a.directives.directives[0].used).not.toBe(b.directives.directives[0].used);
  });
});

describe('the place a clean file records for its digest', () => {
  // A config's secretPlaceholders pattern that notes each value it is asked about.
  const asked: string[] = [];
  const settingsFor = (filePath: string): FileSettings => ({ ...defaultSettings(filePath), secretPlaceholders: [{ source: 'TEMPLATED$', test: (v: string) => (asked.push(v), v.endsWith('TEMPLATED')) }] });
  const rules = [duplicateAlertConfig as Rule];

  it('is not judged a template or not: only a file with findings has that read', async () => {
    asked.length = 0;
    const results = await lint(['HOST_DOWN', 'NO_PRIMARY'].map((e, i) => ({ filePath: `a${i}.alert-config.yaml`, text: ALERT(e) })), { settingsFor, ruleSet: rules });
    expect(results.map((r) => r.diagnostics)).toEqual([[], []]);
    expect(asked.filter((v) => v === 'HOST_DOWN' || v === 'NO_PRIMARY')).toEqual([]);
  });

  it('is judged once its file has a finding: a template value there makes the file linted again (its finding a template note)', async () => {
    const inputs = (event: string) => [0, 1].map((i) => ({ filePath: `t${i}.alert-config.yaml`, text: ALERT(event).replace('enabled: true\n', '') }));
    const placed = await lint(inputs('HOST_DOWN_TEMPLATED'), { settingsFor, ruleSet: rules.concat(enabledOmitted as Rule) });
    const unplaced = await lint(inputs('HOST_DOWN_TEMPLATED'), { settingsFor, ruleSet: [{ ...(duplicateAlertConfig as WorkspaceRule), places: undefined } as Rule, enabledOmitted as Rule] });
    expect(JSON.stringify(placed)).toBe(JSON.stringify(unplaced));
    expect(placed[1].diagnostics.map((d) => d.ruleId)).toEqual(['enabled-omitted', 'template-value']);
  });
});
