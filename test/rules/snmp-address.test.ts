import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lintDoc } from '../helpers';

const RULE = 'snmp-address';

async function hits(text: string, kind: Kind = 'alert-config') {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const doc = (address: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: SNMP
    snmpAddress: ${address}
`;

describe(RULE, () => {
  it.each([
    ['a host name and port 162', 'snmp.example.com:162'],
    ['an IPv4 address', '10.0.0.5:162'],
    ['an IPv6 address in brackets', '"[2001:db8::5]:162"'],
  ])('accepts %s', async (_name, address) => {
    expect(await hits(doc(address))).toEqual([]);
  });

  it.each([
    ['another port', 'snmp.example.com:161'],
    ['no port', 'snmp.example.com'],
    ['no host', '":162"'],
    ['a bare IPv6 address', '"2001:db8::5"'],
  ])('reports %s', async (_name, address) => {
    expect(await hits(doc(address))).toEqual([[5, 18, 'error']]);
  });

  it('reports in global configurations too', async () => {
    const text = 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: SNMP\n    snmpAddress: snmp.example.com:1162\n';
    expect(await hits(text, 'global-alert-config')).toEqual([[6, 18, 'error']]);
  });

  it('suggests port 162', async () => {
    const [d] = (await lintDoc(doc('snmp.example.com:161'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('port 162 only');
    expect(d.suggestions?.[0]?.title).toBe('Use snmp.example.com:162');
  });
});
