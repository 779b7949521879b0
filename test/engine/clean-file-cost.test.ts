// What every file pays, finding or not (issue 37, clean16): a clean file's digests keep their
// places without a line table, and a related location in such a file still gets its exact range.
// Counted, not timed.
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint';
import { lineTables } from '../../src/core/lines';
import { parseText } from '../../src/syntax/index';

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
