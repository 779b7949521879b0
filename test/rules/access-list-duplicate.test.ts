import { describe, expect, it } from 'vitest';
import { lintDoc, places } from '../helpers';

const RULE = 'access-list-duplicate';

async function hits(text: string) {
  const diagnostics = places(await lintDoc(text, { kind: 'access-list-entries' }));
  return diagnostics.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

describe(RULE, () => {
  it.each([
    ['different addresses', '- ipAddress: 192.0.2.15\n- ipAddress: 192.0.2.16\n'],
    ['an address and a block containing it', '- ipAddress: 192.0.2.15\n- cidrBlock: 192.0.2.0/24\n'],
    ['one entry', '- ipAddress: 192.0.2.15\n'],
    ['invalid addresses (access-list-address reports them)', '- ipAddress: nope\n- ipAddress: nope\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['the same address', '- ipAddress: 192.0.2.15\n- ipAddress: 192.0.2.15\n', [[2, 14, 'warning']]],
    ['an address and its /32', '- ipAddress: 192.0.2.15\n  comment: A\n- cidrBlock: 192.0.2.15/32\n', [[3, 14, 'warning']]],
    ['two spellings of one IPv6 address', '- ipAddress: "2001:db8::1"\n- ipAddress: "2001:0db8:0:0::1"\n', [[2, 14, 'warning']]],
    [
      'three copies (each later one once)',
      '- ipAddress: 10.0.0.1\n- ipAddress: 10.0.0.1\n- ipAddress: 10.0.0.1\n',
      [[2, 14, 'warning'], [3, 14, 'warning']],
    ],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });
});
