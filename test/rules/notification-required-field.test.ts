import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lintDoc } from '../helpers';

const RULE = 'notification-required-field';

async function hits(text: string, kind: Kind = 'alert-config') {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const doc = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
${notification}`;

describe(RULE, () => {
  it.each([
    ['SLACK', '  - typeName: SLACK\n    apiToken: ${SLACK_TOKEN}\n    channelName: "#ops"\n'],
    ['DATADOG', '  - typeName: DATADOG\n    datadogApiKey: ${DD_KEY}\n'],
    ['EMAIL', '  - typeName: EMAIL\n    emailAddress: dba@example.com\n'],
    ['GROUP without roles (every role is notified)', '  - typeName: GROUP\n    emailEnabled: true\n    smsEnabled: false\n'],
    ['USER', '  - typeName: USER\n    username: jane\n    emailEnabled: true\n    smsEnabled: true\n'],
    ['SMS', '  - typeName: SMS\n    mobileNumber: "+15555550100"\n'],
    ['HIPCHAT', '  - typeName: HIPCHAT\n    notificationToken: ${HC}\n    roomName: ops\n'],
    ['PAGER_DUTY', '  - typeName: PAGER_DUTY\n    serviceKey: ${PD_KEY}\n'],
    ['MICROSOFT_TEAMS', '  - typeName: MICROSOFT_TEAMS\n    microsoftTeamsWebhookUrl: ${TEAMS_URL}\n'],
    ['OPS_GENIE', '  - typeName: OPS_GENIE\n    opsGenieApiKey: ${OG_KEY}\n'],
    ['VICTOR_OPS', '  - typeName: VICTOR_OPS\n    victorOpsApiKey: ${VO_KEY}\n'],
    ['TEAM', '  - typeName: TEAM\n    teamId: 5e1d4c0f8f0f0a6b3c2d1e0f\n'],
    ['SNMP', '  - typeName: SNMP\n    snmpAddress: snmp.example.com:162\n'],
    ['WEBHOOK without URL (the default is used)', '  - typeName: WEBHOOK\n'],
    ['ORG', '  - typeName: ORG\n'],
    ['an unknown type (notification-type says so)', '  - typeName: SLAK\n'],
  ])('accepts %s', async (_name, notification) => {
    expect(await hits(doc(notification))).toEqual([]);
  });

  it.each([
    ['SLACK without channelName', '  - typeName: SLACK\n    apiToken: ${SLACK_TOKEN}\n'],
    ['DATADOG without a key', '  - typeName: DATADOG\n'],
    ['EMAIL without an address', '  - typeName: EMAIL\n    delayMin: 0\n'],
    ['GROUP without the email and SMS flags', '  - typeName: GROUP\n    roles: [GROUP_OWNER]\n'],
    ['USER without username', '  - typeName: USER\n    emailEnabled: true\n    smsEnabled: false\n'],
    ['SMS without a number', '  - typeName: SMS\n'],
    ['HIP_CHAT without a room', '  - typeName: HIP_CHAT\n    notificationToken: ${HC}\n'],
    ['PAGER_DUTY without a key', '  - typeName: PAGER_DUTY\n'],
    ['MICROSOFT_TEAMS without a URL', '  - typeName: MICROSOFT_TEAMS\n'],
    ['OPS_GENIE without a key', '  - typeName: OPS_GENIE\n'],
    ['VICTOR_OPS without a key', '  - typeName: VICTOR_OPS\n'],
    ['TEAM without teamId', '  - typeName: TEAM\n'],
    ['SNMP without an address', '  - typeName: SNMP\n'],
    ['EMAIL with a null address', '  - typeName: EMAIL\n    emailAddress: null\n'],
  ])('reports %s', async (_name, notification) => {
    expect(await hits(doc(notification))).toEqual([[4, 15, 'error']]);
  });

  it('reports in global configurations too', async () => {
    const text = 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: USER\n    username: jane\n';
    expect(await hits(text, 'global-alert-config')).toEqual([[5, 15, 'error']]);
  });

  it('names every missing field once', async () => {
    const [d] = (await lintDoc(doc('  - typeName: USER\n'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('emailEnabled, smsEnabled and username');
  });
});
