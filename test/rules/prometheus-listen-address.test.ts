import rule from '../../rules/prometheus-listen-address';
import { ruleTester } from '../rule-tester';

/** The listen address is on line 5, column 16. */
const prometheus = (address: string) =>
  `type: PROMETHEUS\nenabled: true\nusername: u\npassword: \${P}\nlistenAddress: "${address}"\nserviceDiscovery: http\nscheme: http\n`;
const bad = (name: string, address: string) => ({ name: `${address} (${name})`, code: prometheus(address), errors: [{ messageId: 'badAddress', line: 5, column: 16 }] });

ruleTester(rule, {
  valid: [
    ...['0.0.0.0:9216', '10.1.2.3:1', '192.0.2.10:65535', '[::]:9216', '[2001:db8::10]:9216', '[::ffff:192.0.2.1]:80'].map((address) => ({ name: address, code: prometheus(address) })),
    { name: 'another integration type', code: 'type: WEBHOOK\nurl: ${U}\nlistenAddress: nowhere\n' },
  ],
  invalid: [
    bad('no IP', '9216'),
    bad('no port', '0.0.0.0'),
    bad('a host name, not an IP', 'localhost:9216'),
    bad('port 0', '0.0.0.0:0'),
    bad('port out of range', '0.0.0.0:65536'),
    bad('IPv6 without brackets', '::1:9216'),
    bad('brackets are for IPv6', '[0.0.0.0]:9216'),
    bad('an octet out of range', '256.0.0.1:9216'),
    bad('a port that is not a number', '0.0.0.0:92a6'),
  ],
});
