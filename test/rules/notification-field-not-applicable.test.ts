import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { fixDoc, lintDoc } from '../helpers';

const RULE = 'notification-field-not-applicable';
const opts = { kind: 'alert-config' as const };

async function hits(text: string, kind: Kind = 'alert-config') {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity, d.fixable]);
}

const doc = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
${notification}`;

describe(RULE, () => {
  it.each([
    ['GROUP with its flags and roles', '  - typeName: GROUP\n    emailEnabled: true\n    smsEnabled: false\n    roles: [GROUP_OWNER]\n    delayMin: 0\n    intervalMin: 5\n'],
    ['ORG with its flags', '  - typeName: ORG\n    emailEnabled: true\n    smsEnabled: true\n    roles: [ORG_OWNER]\n'],
    ['WEBHOOK with URL and secret', '  - typeName: WEBHOOK\n    webhookUrl: ${URL}\n    webhookSecret: ${SECRET}\n    intervalMin: 5\n'],
    ['PAGER_DUTY without intervalMin', '  - typeName: PAGER_DUTY\n    serviceKey: ${PD}\n    delayMin: 5\n'],
    ['OPS_GENIE with its region', '  - typeName: OPS_GENIE\n    opsGenieApiKey: ${OG}\n    opsGenieRegion: EU\n'],
    ['a key no type uses (the schema says so)', '  - typeName: EMAIL\n    emailAddress: a@example.com\n    notifierId: 6462742adc47d365036da07c\n'],
    ['an unknown type (notification-type says so)', '  - typeName: MAIL\n    channelName: ops\n'],
  ])('accepts %s', async (_name, notification) => {
    expect(await hits(doc(notification))).toEqual([]);
  });

  it.each([
    ['emailEnabled on EMAIL', '  - typeName: EMAIL\n    emailAddress: a@example.com\n    emailEnabled: true\n', [[6, 5, 'warning', true]]],
    ['channelName on WEBHOOK', '  - typeName: WEBHOOK\n    webhookUrl: ${URL}\n    channelName: ops\n', [[6, 5, 'warning', true]]],
    ['roles on USER', '  - typeName: USER\n    username: jane\n    emailEnabled: true\n    smsEnabled: false\n    roles: [GROUP_OWNER]\n', [[8, 5, 'warning', true]]],
    ['roles on SMS', '  - typeName: SMS\n    mobileNumber: "2343454567"\n    roles: [GROUP_OWNER]\n', [[6, 5, 'warning', true]]],
    ['intervalMin on PAGER_DUTY', '  - typeName: PAGER_DUTY\n    serviceKey: ${PD}\n    intervalMin: 5\n', [[6, 5, 'warning', true]]],
    ['intervalMin on OPS_GENIE', '  - typeName: OPS_GENIE\n    opsGenieApiKey: ${OG}\n    intervalMin: 5\n', [[6, 5, 'warning', true]]],
    ['intervalMin on VICTOR_OPS', '  - typeName: VICTOR_OPS\n    victorOpsApiKey: ${VO}\n    intervalMin: 5\n', [[6, 5, 'warning', true]]],
    ['two stray fields', '  - typeName: SLACK\n    apiToken: ${T}\n    channelName: ops\n    emailEnabled: true\n    smsEnabled: false\n', [[7, 5, 'warning', true], [8, 5, 'warning', true]]],
  ])('reports %s', async (_name, notification, expected) => {
    expect(await hits(doc(notification))).toEqual(expected);
  });

  it('reports in global configurations too', async () => {
    const text = 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: ADMIN\n    emailAddress: a@example.com\n';
    expect(await hits(text, 'global-alert-config')).toEqual([[6, 5, 'warning', true]]);
  });

  it('explains intervalMin on PAGER_DUTY', async () => {
    const [d] = (await lintDoc(doc('  - typeName: PAGER_DUTY\n    serviceKey: ${PD}\n    intervalMin: 5\n'), opts)).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('neither stores nor returns');
  });

  it('removes the field in YAML', async () => {
    const before = doc('  - typeName: EMAIL\n    emailAddress: a@example.com\n    emailEnabled: true\n    intervalMin: 60\n');
    const after = doc('  - typeName: EMAIL\n    emailAddress: a@example.com\n    intervalMin: 60\n');
    expect(await fixDoc(before, opts)).toBe(after);
  });

  it('removes the field in JSON', async () => {
    const json = (n: string) => `{
  "eventTypeName": "HOST_DOWN",
  "enabled": true,
  "notifications": [
    {
      "typeName": "EMAIL",
      "emailAddress": "a@example.com",${n}
      "intervalMin": 60
    }
  ]
}
`;
    expect(await fixDoc(json('\n      "smsEnabled": false,'), { ...opts, fileName: 'alert.json' })).toBe(json(''));
  });
});
