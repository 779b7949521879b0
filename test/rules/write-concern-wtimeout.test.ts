import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'write-concern-wtimeout';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

/** defaultWriteConcern fields from line 5, keys at column 9. */
const proc = (...fields: string[]) =>
  `processes:\n  - name: a\n    defaultRWConcern:\n      defaultWriteConcern:\n${fields.map((f) => `        ${f}\n`).join('')}`;

describe(RULE, () => {
  it.each([
    ['wtimeout with w majority', proc('w: majority', 'wtimeout: 5000')],
    ['wtimeout with w 2', proc('w: 2', 'wtimeout: 5000')],
    ['wtimeout with w "3" (OM writes w as a string)', proc('w: "3"', 'wtimeout: 5000')],
    ['wtimeout with a tag set name', proc('w: twoDataCenters', 'wtimeout: 5000')],
    ['w 1 without wtimeout', proc('w: 1', 'j: true')],
    ['wtimeout 0 (no timeout)', proc('w: 1', 'wtimeout: 0')],
    ['wtimeout without w (the default depends on the deployment)', proc('wtimeout: 5000')],
    ['only a read concern', 'processes:\n  - name: a\n    defaultRWConcern:\n      defaultReadConcern:\n        level: majority\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['wtimeout with w 1', proc('w: 1', 'wtimeout: 5000'), [[6, 9, 'warning']]],
    ['wtimeout with w 0', proc('wtimeout: 100', 'w: 0'), [[5, 9, 'warning']]],
    ['wtimeout with w "1"', proc('w: "1"', 'wtimeout: 100'), [[6, 9, 'warning']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('explains and suggests removing wtimeout', async () => {
    const [d] = await diagnostics(proc('w: 1', 'wtimeout: 5000'));
    expect(d.pointer).toBe('/processes/0/defaultRWConcern/defaultWriteConcern/wtimeout');
    expect(d.message).toContain('wtimeout is set while w is 1');
    expect(d.suggestions?.[0].title).toBe('Remove wtimeout');
  });
});
