import rule from '../../rules/notification-field-not-applicable';
import { ruleTester } from '../rule-tester';

const doc = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
${notification}`;
/** Each stray field's key is at column 5; --fix removes its line. */
const otherType = (line: number, more: object = {}) => ({ messageId: 'otherType', line, column: 5, severity: 'warning' as const, ...more });
const invalid = (name: string, notification: string, stray: string[], lines: number[], more: object = {}) => ({
  name,
  code: doc(notification),
  errors: lines.map((l) => otherType(l, more)),
  output: doc(stray.reduce((n, field) => n.replace(`    ${field}\n`, ''), notification)),
});
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

ruleTester(rule, {
  valid: [
    { name: 'GROUP with its flags and roles', code: doc('  - typeName: GROUP\n    emailEnabled: true\n    smsEnabled: false\n    roles: [GROUP_OWNER]\n    delayMin: 0\n    intervalMin: 5\n') },
    { name: 'ORG with its flags', code: doc('  - typeName: ORG\n    emailEnabled: true\n    smsEnabled: true\n    roles: [ORG_OWNER]\n') },
    { name: 'WEBHOOK with URL and secret', code: doc('  - typeName: WEBHOOK\n    webhookUrl: ${URL}\n    webhookSecret: ${SECRET}\n    intervalMin: 5\n') },
    // Issue 31: the templates of current Ops Manager webhook notifications.
    { name: 'WEBHOOK with its header and body templates', code: doc('  - typeName: WEBHOOK\n    webhookUrl: ${URL}\n    webhookHeadersTemplate: ${HOOK_HEADERS}\n    webhookBodyTemplate: \'{"event": "${eventTypeName}"}\'\n') },
    { name: 'PAGER_DUTY without intervalMin', code: doc('  - typeName: PAGER_DUTY\n    serviceKey: ${PD}\n    delayMin: 5\n') },
    { name: 'OPS_GENIE with its region', code: doc('  - typeName: OPS_GENIE\n    opsGenieApiKey: ${OG}\n    opsGenieRegion: EU\n') },
    { name: 'a key no type uses (the schema says so)', code: doc('  - typeName: EMAIL\n    emailAddress: a@example.com\n    notifierId: 6462742adc47d365036da07c\n') },
    { name: 'an unknown type (notification-type says so)', code: doc('  - typeName: MAIL\n    channelName: ops\n') },
  ],
  invalid: [
    invalid('emailEnabled on EMAIL', '  - typeName: EMAIL\n    emailAddress: a@example.com\n    emailEnabled: true\n', ['emailEnabled: true'], [6]),
    invalid('emailEnabled on EMAIL, before intervalMin', '  - typeName: EMAIL\n    emailAddress: a@example.com\n    emailEnabled: true\n    intervalMin: 60\n', ['emailEnabled: true'], [6]),
    invalid('channelName on WEBHOOK', '  - typeName: WEBHOOK\n    webhookUrl: ${URL}\n    channelName: ops\n', ['channelName: ops'], [6]),
    invalid('a body template on EMAIL', '  - typeName: EMAIL\n    emailAddress: a@example.com\n    webhookBodyTemplate: "{}"\n', ['webhookBodyTemplate: "{}"'], [6], { message: /used only by WEBHOOK/ }),
    invalid('roles on USER', '  - typeName: USER\n    username: jane\n    emailEnabled: true\n    smsEnabled: false\n    roles: [GROUP_OWNER]\n', ['roles: [GROUP_OWNER]'], [8]),
    invalid('roles on SMS', '  - typeName: SMS\n    mobileNumber: "2343454567"\n    roles: [GROUP_OWNER]\n', ['roles: [GROUP_OWNER]'], [6]),
    invalid('intervalMin on PAGER_DUTY (explained)', '  - typeName: PAGER_DUTY\n    serviceKey: ${PD}\n    intervalMin: 5\n', ['intervalMin: 5'], [6], { message: /neither stores nor returns/ }),
    invalid('intervalMin on OPS_GENIE', '  - typeName: OPS_GENIE\n    opsGenieApiKey: ${OG}\n    intervalMin: 5\n', ['intervalMin: 5'], [6]),
    invalid('intervalMin on VICTOR_OPS', '  - typeName: VICTOR_OPS\n    victorOpsApiKey: ${VO}\n    intervalMin: 5\n', ['intervalMin: 5'], [6]),
    invalid('two stray fields', '  - typeName: SLACK\n    apiToken: ${T}\n    channelName: ops\n    emailEnabled: true\n    smsEnabled: false\n', ['emailEnabled: true', 'smsEnabled: false'], [7, 8]),
    {
      name: 'a global configuration',
      kind: 'global-alert-config',
      code: 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: ADMIN\n    emailAddress: a@example.com\n',
      errors: [otherType(6)],
      output: 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: ADMIN\n',
    },
    { name: 'JSON (removed)', fileName: 'alert.json', code: json('\n      "smsEnabled": false,'), errors: [otherType(8, { column: 7 })], output: json('') },
  ],
});
