import rule from '../../rules/snmp-address';
import { ruleTester } from '../rule-tester';

const doc = (address: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: SNMP
    snmpAddress: ${address}
`;
/** The address is on line 5, column 18. */
const wrongPort = (line = 5, more: object = {}) => [{ messageId: 'wrongPort', line, column: 18, severity: 'error' as const, ...more }];

ruleTester(rule, {
  valid: [
    { name: 'a host name and port 162', code: doc('snmp.example.com:162') },
    { name: 'an IPv4 address', code: doc('10.0.0.5:162') },
    { name: 'an IPv6 address in brackets', code: doc('"[2001:db8::5]:162"') },
  ],
  invalid: [
    {
      name: 'another port (suggests port 162)',
      code: doc('snmp.example.com:161'),
      errors: wrongPort(5, { message: /port 162 only/, suggestions: [{ title: 'Use snmp.example.com:162', output: doc('snmp.example.com:162') }] }),
      output: null,
    },
    { name: 'no port', code: doc('snmp.example.com'), errors: wrongPort() },
    { name: 'no host', code: doc('":162"'), errors: wrongPort() },
    { name: 'a bare IPv6 address', code: doc('"2001:db8::5"'), errors: wrongPort() },
    {
      name: 'a global configuration',
      kind: 'global-alert-config',
      code: 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: SNMP\n    snmpAddress: snmp.example.com:1162\n',
      errors: wrongPort(6),
    },
  ],
});
