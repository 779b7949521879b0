import rule from '../../rules/deprecated-notification-type';
import { ruleTester } from '../rule-tester';

const doc = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
${notification}`;
const SNMP = '  - typeName: SNMP\n    snmpAddress: snmp.example.com:162\n';
const globalSnmp = `eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n${SNMP}`;
/** The typeName value is on line 4, column 15. */
const deprecated = [{ messageId: 'deprecated', line: 4, column: 15, severity: 'warning' as const }];
const removed = (more: object = {}) => [{ messageId: 'removed', line: 4, column: 15, severity: 'error' as const, ...more }];

ruleTester(rule, {
  valid: [
    { name: 'EMAIL', code: doc('  - typeName: EMAIL\n    emailAddress: dba@example.com\n') },
    { name: 'SLACK', code: doc('  - typeName: SLACK\n    apiToken: ${T}\n    channelName: ops\n') },
    {
      name: 'FLOWDOCK in a global configuration (notification-type says so)',
      kind: 'global-alert-config',
      code: 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: FLOWDOCK\n',
    },
  ],
  invalid: [
    { name: 'SNMP', code: doc(SNMP), errors: deprecated },
    { name: 'SNMP for 6.0', code: doc(SNMP), targetVersion: '6.0', errors: deprecated },
    { name: 'SNMP for 7.0 (removed)', code: doc(SNMP), targetVersion: '7.0', errors: removed({ message: /removed in Ops Manager 7\.0\.0/ }) },
    { name: 'SNMP for 8.0.1 (removed)', code: doc(SNMP), targetVersion: '8.0.1', errors: removed() },
    { name: 'SNMP for 10.0 (compared as numbers)', code: doc(SNMP), targetVersion: '10.0', errors: removed() },
    {
      name: 'SNMP for 8.0 names the target version it was given, not the version of the removal',
      code: doc(SNMP),
      targetVersion: '8.0',
      errors: removed({ message: /removed in Ops Manager 7\.0\.0, so the target version, 8\.0, has none/ }),
    },
    { name: 'HIPCHAT', code: doc('  - typeName: HIPCHAT\n    notificationToken: ${T}\n    roomName: ops\n'), errors: deprecated },
    { name: 'HIP_CHAT, even for 7.0', code: doc('  - typeName: HIP_CHAT\n    notificationToken: ${T}\n    roomName: ops\n'), targetVersion: '7.0', errors: deprecated },
    { name: 'FLOWDOCK', code: doc('  - typeName: FLOWDOCK\n    flowdockApiToken: ${T}\n    flowName: ops\n    orgName: example\n'), errors: deprecated },
    { name: 'SNMP in a global configuration', kind: 'global-alert-config', code: globalSnmp, targetVersion: '7.0', errors: [{ messageId: 'removed', line: 5, column: 15, severity: 'error' }] },
  ],
});
