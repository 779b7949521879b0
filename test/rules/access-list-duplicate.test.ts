import rule from '../../rules/access-list-duplicate';
import { ruleTester } from '../rule-tester';

const dup = (line: number) => ({ messageId: 'duplicate', line, column: 14, severity: 'warning' as const });

ruleTester(rule, {
  valid: [
    { name: 'different addresses', code: '- ipAddress: 192.0.2.15\n- ipAddress: 192.0.2.16\n' },
    { name: 'an address and a block containing it', code: '- ipAddress: 192.0.2.15\n- cidrBlock: 192.0.2.0/24\n' },
    { name: 'one entry', code: '- ipAddress: 192.0.2.15\n' },
    { name: 'invalid addresses (access-list-address reports them)', code: '- ipAddress: nope\n- ipAddress: nope\n' },
  ],
  invalid: [
    { name: 'the same address', code: '- ipAddress: 192.0.2.15\n- ipAddress: 192.0.2.15\n', errors: [dup(2)] },
    { name: 'an address and its /32', code: '- ipAddress: 192.0.2.15\n  comment: A\n- cidrBlock: 192.0.2.15/32\n', errors: [dup(3)] },
    { name: 'two spellings of one IPv6 address', code: '- ipAddress: "2001:db8::1"\n- ipAddress: "2001:0db8:0:0::1"\n', errors: [dup(2)] },
    { name: 'an IPv4 address and its IPv4-mapped IPv6 form', code: '- ipAddress: 192.0.2.1\n- ipAddress: "::ffff:192.0.2.1"\n', errors: [dup(2)] },
    { name: 'three copies (each later one once)', code: '- ipAddress: 10.0.0.1\n- ipAddress: 10.0.0.1\n- ipAddress: 10.0.0.1\n', errors: [dup(2), dup(3)] },
  ],
});
