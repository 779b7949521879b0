import rule from '../../rules/notification-required-field';
import { ruleTester } from '../rule-tester';

const doc = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
${notification}`;
const valid = (name: string, notification: string) => ({ name, code: doc(notification) });
/** The typeName value is on line 4, column 15. */
const invalid = (name: string, notification: string, more: object = {}) => ({
  name,
  code: doc(notification),
  errors: [{ messageId: 'missing', line: 4, column: 15, severity: 'error' as const, ...more }],
});

ruleTester(rule, {
  valid: [
    valid('SLACK', '  - typeName: SLACK\n    apiToken: ${SLACK_TOKEN}\n    channelName: "#ops"\n'),
    valid('DATADOG', '  - typeName: DATADOG\n    datadogApiKey: ${DD_KEY}\n'),
    valid('EMAIL', '  - typeName: EMAIL\n    emailAddress: dba@example.com\n'),
    valid('GROUP without roles (every role is notified)', '  - typeName: GROUP\n    emailEnabled: true\n    smsEnabled: false\n'),
    valid('USER', '  - typeName: USER\n    username: jane\n    emailEnabled: true\n    smsEnabled: true\n'),
    valid('SMS', '  - typeName: SMS\n    mobileNumber: "+15555550100"\n'),
    valid('HIPCHAT', '  - typeName: HIPCHAT\n    notificationToken: ${HC}\n    roomName: ops\n'),
    valid('PAGER_DUTY', '  - typeName: PAGER_DUTY\n    serviceKey: ${PD_KEY}\n'),
    valid('MICROSOFT_TEAMS', '  - typeName: MICROSOFT_TEAMS\n    microsoftTeamsWebhookUrl: ${TEAMS_URL}\n'),
    valid('OPS_GENIE', '  - typeName: OPS_GENIE\n    opsGenieApiKey: ${OG_KEY}\n'),
    valid('VICTOR_OPS', '  - typeName: VICTOR_OPS\n    victorOpsApiKey: ${VO_KEY}\n'),
    valid('TEAM', '  - typeName: TEAM\n    teamId: 5e1d4c0f8f0f0a6b3c2d1e0f\n'),
    valid('SNMP', '  - typeName: SNMP\n    snmpAddress: snmp.example.com:162\n'),
    valid('WEBHOOK without URL (the default is used)', '  - typeName: WEBHOOK\n'),
    valid('ORG', '  - typeName: ORG\n'),
    valid('an unknown type (notification-type says so)', '  - typeName: SLAK\n'),
  ],
  invalid: [
    invalid('SLACK without channelName', '  - typeName: SLACK\n    apiToken: ${SLACK_TOKEN}\n'),
    invalid('DATADOG without a key', '  - typeName: DATADOG\n'),
    invalid('EMAIL without an address', '  - typeName: EMAIL\n    delayMin: 0\n'),
    invalid('GROUP without the email and SMS flags', '  - typeName: GROUP\n    roles: [GROUP_OWNER]\n'),
    invalid('USER without username', '  - typeName: USER\n    emailEnabled: true\n    smsEnabled: false\n'),
    invalid('USER without anything (names every missing field once)', '  - typeName: USER\n', { message: /emailEnabled, smsEnabled and username/ }),
    invalid('SMS without a number', '  - typeName: SMS\n'),
    invalid('HIP_CHAT without a room', '  - typeName: HIP_CHAT\n    notificationToken: ${HC}\n'),
    invalid('PAGER_DUTY without a key', '  - typeName: PAGER_DUTY\n'),
    invalid('MICROSOFT_TEAMS without a URL', '  - typeName: MICROSOFT_TEAMS\n'),
    invalid('OPS_GENIE without a key', '  - typeName: OPS_GENIE\n'),
    invalid('VICTOR_OPS without a key', '  - typeName: VICTOR_OPS\n'),
    invalid('TEAM without teamId', '  - typeName: TEAM\n'),
    invalid('SNMP without an address', '  - typeName: SNMP\n'),
    invalid('EMAIL with a null address', '  - typeName: EMAIL\n    emailAddress: null\n'),
    {
      name: 'a global configuration',
      kind: 'global-alert-config',
      code: 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: USER\n    username: jane\n',
      errors: [{ messageId: 'missing', line: 5, column: 15, severity: 'error' }],
    },
  ],
});
