import rule from '../../rules/access-list-address';
import { ruleTester } from '../rule-tester';

const bad = (name: string, code: string, line = 1) => ({ name, code, errors: [{ messageId: 'invalidAddress', line, column: 14, severity: 'error' as const }] });

ruleTester(rule, {
  valid: [
    { name: 'an IPv4 address', code: '- ipAddress: 192.0.2.15\n' },
    { name: 'an IPv4 block', code: '- cidrBlock: 192.0.2.0/24\n' },
    { name: 'an IPv6 address', code: '- ipAddress: "2001:db8::15"\n' },
    { name: 'an IPv6 block', code: '- cidrBlock: "2001:db8::/32"\n' },
    { name: 'a block in ipAddress (documented: an address or a CIDR block)', code: '- ipAddress: 10.0.0.0/8\n' },
    { name: 'agreeing ipAddress and cidrBlock', code: '- ipAddress: 10.1.0.0/16\n  cidrBlock: 10.1.0.0/16\n' },
    { name: 'everything (/0)', code: '- cidrBlock: 0.0.0.0/0\n' },
    { name: 'an IPv4-mapped IPv6 address is its IPv4 address', code: '- ipAddress: 127.0.0.1\n  cidrBlock: "::ffff:127.0.0.1"\n' },
  ],
  invalid: [
    bad('an octet out of range', '- ipAddress: 192.0.2.300\n'),
    bad('a host name', '- comment: x\n  ipAddress: app1.example.com\n', 2),
    bad('a prefix out of range', '- cidrBlock: 192.0.2.0/33\n'),
    bad('a hex IPv4 (ipaddr.js would take it)', '- ipAddress: 0xc0.0.2.1\n'),
    bad('an IPv6 zone id', '- ipAddress: "fe80::1%eth0"\n'),
    bad('the second entry', '- ipAddress: 192.0.2.15\n- ipAddress: 192.0.2.\n', 2),
    { ...bad('an invalid address is never fixed', '- ipAddress: 192.0.2.300\n'), output: null },
    {
      name: 'a /32 suffix (fixed)',
      code: '- cidrBlock: 192.0.2.15/32\n',
      errors: [{ messageId: 'singleAddressSuffix', line: 1, column: 14, severity: 'info' }],
      output: '- cidrBlock: 192.0.2.15\n',
    },
    {
      name: 'a /128 suffix (fixed)',
      code: '- ipAddress: "2001:db8::15/128"\n',
      errors: [{ messageId: 'singleAddressSuffix', line: 1, column: 14, severity: 'info' }],
      output: '- ipAddress: "2001:db8::15"\n',
    },
    {
      name: 'an IPv4-mapped address\'s /128 suffix (fixed; the message names the /128 written)',
      code: '- ipAddress: "::ffff:192.0.2.15/128"\n',
      errors: [{ messageId: 'singleAddressSuffix', data: { maxPrefix: '128', text: '::ffff:192.0.2.15/128', bare: '::ffff:192.0.2.15' }, line: 1, column: 14, severity: 'info' }],
      output: '- ipAddress: "::ffff:192.0.2.15"\n',
    },
    {
      name: 'host bits set (a suggestion: a longer prefix may have been meant)',
      code: '- cidrBlock: 10.0.0.5/24\n',
      errors: [{ messageId: 'hasHostBits', line: 1, column: 14, severity: 'warning', suggestions: [{ title: 'Replace with 10.0.0.0/24', output: '- cidrBlock: 10.0.0.0/24\n' }] }],
      output: null,
    },
    {
      name: 'IPv6 host bits set (a suggestion)',
      code: '- cidrBlock: "2001:db8::5/64"\n',
      errors: [{ messageId: 'hasHostBits', line: 1, column: 14, severity: 'warning', suggestions: [{ title: 'Replace with 2001:db8::/64', output: '- cidrBlock: "2001:db8::/64"\n' }] }],
      output: null,
    },
    {
      name: 'disagreeing fields',
      code: '- ipAddress: 192.0.2.15\n  cidrBlock: 192.0.3.0/24\n',
      errors: [{ messageId: 'conflictingRanges', line: 2, column: 14, severity: 'error' }],
      output: null,
    },
    {
      name: 'JSON',
      fileName: 'entries.json',
      code: '[\n  { "ipAddress": "192.0.1.15" },\n  { "cidrBlock": "10.0.0.5/24" }\n]\n',
      errors: [{ messageId: 'hasHostBits', line: 3, column: 18, severity: 'warning', suggestions: [{ title: 'Replace with 10.0.0.0/24', output: '[\n  { "ipAddress": "192.0.1.15" },\n  { "cidrBlock": "10.0.0.0/24" }\n]\n' }] }],
      output: null,
    },
  ],
});
