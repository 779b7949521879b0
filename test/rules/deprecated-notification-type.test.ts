import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lintDoc } from '../helpers';

const RULE = 'deprecated-notification-type';

async function hits(text: string, opts: { kind?: Kind; targetVersion?: string } = {}) {
  return (await lintDoc(text, { kind: 'alert-config', ...opts }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const doc = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
${notification}`;
const SNMP = '  - typeName: SNMP\n    snmpAddress: snmp.example.com:162\n';

describe(RULE, () => {
  it.each([
    ['EMAIL', '  - typeName: EMAIL\n    emailAddress: dba@example.com\n'],
    ['SLACK', '  - typeName: SLACK\n    apiToken: ${T}\n    channelName: ops\n'],
  ])('accepts %s', async (_name, notification) => {
    expect(await hits(doc(notification))).toEqual([]);
  });

  it('leaves FLOWDOCK in a global configuration to notification-type', async () => {
    const text = 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: FLOWDOCK\n';
    expect(await hits(text, { kind: 'global-alert-config' })).toEqual([]);
  });

  it.each([
    ['SNMP', SNMP, undefined, [[4, 15, 'warning']]],
    ['SNMP for 6.0', SNMP, '6.0', [[4, 15, 'warning']]],
    ['SNMP for 7.0 (removed)', SNMP, '7.0', [[4, 15, 'error']]],
    ['SNMP for 8.0.1 (removed)', SNMP, '8.0.1', [[4, 15, 'error']]],
    ['SNMP for 10.0 (compared as numbers)', SNMP, '10.0', [[4, 15, 'error']]],
    ['HIPCHAT', '  - typeName: HIPCHAT\n    notificationToken: ${T}\n    roomName: ops\n', undefined, [[4, 15, 'warning']]],
    ['HIP_CHAT, even for 7.0', '  - typeName: HIP_CHAT\n    notificationToken: ${T}\n    roomName: ops\n', '7.0', [[4, 15, 'warning']]],
    ['FLOWDOCK', '  - typeName: FLOWDOCK\n    flowdockApiToken: ${T}\n    flowName: ops\n    orgName: example\n', undefined, [[4, 15, 'warning']]],
  ] as [string, string, string | undefined, unknown[]][])('reports %s', async (_name, notification, targetVersion, expected) => {
    expect(await hits(doc(notification), { targetVersion })).toEqual(expected);
  });

  it('reports SNMP in global configurations too', async () => {
    const text = `eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n${SNMP}`;
    expect(await hits(text, { kind: 'global-alert-config', targetVersion: '7.0' })).toEqual([[5, 15, 'error']]);
  });

  it('says SNMP is removed for 7.0', async () => {
    const [d] = (await lintDoc(doc(SNMP), { kind: 'alert-config', targetVersion: '7.0' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('removed in Ops Manager 7.0.0');
  });

  it('names the target version it was given (8.0), not the version of the removal', async () => {
    const [d] = (await lintDoc(doc(SNMP), { kind: 'alert-config', targetVersion: '8.0' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('removed in Ops Manager 7.0.0, so the target version, 8.0, has none');
  });
});
