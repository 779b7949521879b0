import { describe, expect, it } from 'vitest';
import { fixDoc, lintDoc } from '../helpers';

const RULE = 'access-list-address';
const opts = { kind: 'access-list-entries' as const };

async function hits(text: string, fileName?: string) {
  const diagnostics = await lintDoc(text, { ...opts, fileName });
  return diagnostics
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity, d.fixable]);
}

describe(RULE, () => {
  it.each([
    ['an IPv4 address', '- ipAddress: 192.0.2.15\n'],
    ['an IPv4 block', '- cidrBlock: 192.0.2.0/24\n'],
    ['an IPv6 address', '- ipAddress: "2001:db8::15"\n'],
    ['an IPv6 block', '- cidrBlock: "2001:db8::/32"\n'],
    ['a block in ipAddress (documented: an address or a CIDR block)', '- ipAddress: 10.0.0.0/8\n'],
    ['agreeing ipAddress and cidrBlock', '- ipAddress: 10.1.0.0/16\n  cidrBlock: 10.1.0.0/16\n'],
    ['everything (/0)', '- cidrBlock: 0.0.0.0/0\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['an octet out of range', '- ipAddress: 192.0.2.300\n', [[1, 14, 'error', false]]],
    ['a host name', '- comment: x\n  ipAddress: app1.example.com\n', [[2, 14, 'error', false]]],
    ['a prefix out of range', '- cidrBlock: 192.0.2.0/33\n', [[1, 14, 'error', false]]],
    ['a hex IPv4 (ipaddr.js would take it)', '- ipAddress: 0xc0.0.2.1\n', [[1, 14, 'error', false]]],
    ['an IPv6 zone id', '- ipAddress: "fe80::1%eth0"\n', [[1, 14, 'error', false]]],
    ['a /32 suffix', '- cidrBlock: 192.0.2.15/32\n', [[1, 14, 'info', true]]],
    ['a /128 suffix', '- ipAddress: "2001:db8::15/128"\n', [[1, 14, 'info', true]]],
    ['host bits set', '- cidrBlock: 10.0.0.5/24\n', [[1, 14, 'warning', true]]],
    ['IPv6 host bits set', '- cidrBlock: "2001:db8::5/64"\n', [[1, 14, 'warning', true]]],
    ['disagreeing fields', '- ipAddress: 192.0.2.15\n  cidrBlock: 192.0.3.0/24\n', [[2, 14, 'error', false]]],
    ['the second entry', '- ipAddress: 192.0.2.15\n- ipAddress: 192.0.2.\n', [[2, 14, 'error', false]]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('reports in JSON', async () => {
    const text = '[\n  { "ipAddress": "192.0.1.15" },\n  { "cidrBlock": "10.0.0.5/24" }\n]\n';
    expect(await hits(text, 'entries.json')).toEqual([[3, 18, 'warning', true]]);
  });

  it.each([
    ['- cidrBlock: 192.0.2.15/32\n', '- cidrBlock: 192.0.2.15\n'],
    ['- cidrBlock: 10.0.0.5/24\n', '- cidrBlock: 10.0.0.0/24\n'],
    ['- cidrBlock: "2001:db8::5/64"\n', '- cidrBlock: "2001:db8::/64"\n'],
  ])('fixes %s', async (text, fixed) => {
    expect(await fixDoc(text, opts)).toBe(fixed);
  });
});
