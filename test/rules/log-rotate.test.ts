import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'log-rotate';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

/** Top-level logRotate: field i on line 2 + i, keys at column 3, values after "key: ". */
const top = (...fields: string[]) => `logRotate:\n  sizeThresholdMB: 1000\n  timeThresholdHrs: 24\n${fields.map((f) => `  ${f}\n`).join('')}`;
/** Per-process settings: the fields of `key` start on line 6, keys at column 7. */
const perProcess = (key: string, ...fields: string[]) =>
  `processes:\n  - name: a\n    ${key}:\n      sizeThresholdMB: 1000\n      timeThresholdHrs: 24\n${fields.map((f) => `      ${f}\n`).join('')}`;

describe(RULE, () => {
  it.each([
    ['the real complex_replicaset settings', perProcess('logRotate', 'numTotal: 10', 'numUncompressed: 5', 'percentOfDiskspace: 0.4', 'includeAuditLogsWithMongoDBLogs: true')],
    ['only the thresholds', top()],
    ['maxUncompressed alone (deprecated-field renames it)', top('maxUncompressed: 5')],
    ['percentOfDiskspace 1', top('percentOfDiskspace: 1')],
    ['numTotal 0 (the default: determined by the others)', top('numTotal: 0', 'numUncompressed: 5')],
    ['numTotal equal to numUncompressed', perProcess('auditLogRotate', 'numTotal: 2', 'numUncompressed: 2')],
    ['values of the wrong type (the schema reports them)', top('percentOfDiskspace: "2%"', 'numTotal: "1"', 'numUncompressed: 5')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    // Equal values come back from OM unchanged in real GETs (issue 15): clutter, not an error.
    ['maxUncompressed repeating numUncompressed (info)', top('maxUncompressed: 5', 'numUncompressed: 5'), [[4, 3, 'info']]],
    ['maxUncompressed next to a different numUncompressed', top('maxUncompressed: 3', 'numUncompressed: 5'), [[4, 3, 'error']]],
    ['maxUncompressed next to numUncompressed in a process', perProcess('logRotate', 'numUncompressed: 5', 'maxUncompressed: 3'), [[7, 7, 'error']]],
    ['a percentage instead of a fraction', top('percentOfDiskspace: 40'), [[4, 23, 'error']]],
    ['a zero fraction', perProcess('auditLogRotate', 'percentOfDiskspace: 0'), [[6, 27, 'error']]],
    ['a negative fraction', top('percentOfDiskspace: -0.1'), [[4, 23, 'error']]],
    ['numTotal below numUncompressed (warning)', top('numUncompressed: 5', 'numTotal: 3'), [[5, 13, 'warning']]],
    ['numTotal below the legacy maxUncompressed (warning)', perProcess('logRotate', 'maxUncompressed: 5', 'numTotal: 2'), [[7, 17, 'warning']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('proposes the fraction for a percentage', async () => {
    const [d] = await diagnostics(top('percentOfDiskspace: 40'));
    expect(d.pointer).toBe('/logRotate/percentOfDiskspace');
    expect(d.message).toContain('Write 0.4 for 40%.');
  });

  it('offers to remove maxUncompressed, as a suggestion only', async () => {
    const text = top('maxUncompressed: 5', 'numUncompressed: 5');
    const [d] = await diagnostics(text);
    expect(d.pointer).toBe('/logRotate/maxUncompressed');
    expect(d.suggestions?.[0].title).toBe('Remove maxUncompressed');
    expect(d.fixable).toBe(false);
  });
});
