import rule from '../../rules/window-alert-type';
import { ruleTester } from '../rule-tester';

const window = (names: string) =>
  `alertTypeNames:\n${names}startDate: "2031-03-01T22:00:00Z"\nendDate: "2031-03-02T06:00:00Z"\n`;
const at = (messageId: string, line: number, severity: 'error' | 'warning' = 'error', more: object = {}) => [{ messageId, line, column: 5, severity, ...more }];

ruleTester(rule, {
  valid: [
    { name: 'all five types', code: window('  - HOST\n  - REPLICA_SET\n  - CLUSTER\n  - AGENT\n  - BACKUP\n') },
    { name: 'a flow sequence', code: 'alertTypeNames: [AGENT, BACKUP]\nstartDate: "2031-03-01T22:00:00Z"\nendDate: "2031-03-02T06:00:00Z"\n' },
    { name: 'no alertTypeNames', code: 'startDate: "2031-03-01T22:00:00Z"\nendDate: "2031-03-02T06:00:00Z"\n' },
  ],
  invalid: [
    {
      name: 'a near miss after a valid type (fixed)',
      code: window('  - HOST\n  - REPLICASET\n'),
      errors: at('unknownType', 3, 'error', { message: /(?=.*HOST, REPLICA_SET, CLUSTER, AGENT, BACKUP)(?=.*Did you mean REPLICA_SET\?)/ }),
      output: window('  - HOST\n  - REPLICA_SET\n'),
    },
    {
      name: 'a lone near miss (names the accepted values and the near one; fixed)',
      code: window('  - REPLICASET\n'),
      errors: at('unknownType', 2, 'error', { message: /(?=.*HOST, REPLICA_SET, CLUSTER, AGENT, BACKUP)(?=.*Did you mean REPLICA_SET\?)/ }),
      output: window('  - REPLICA_SET\n'),
    },
    { name: 'a case slip (fixed)', code: window('  - backup\n'), errors: at('unknownType', 2), output: window('  - BACKUP\n') },
    { name: 'an event type name (nothing near)', code: window('  - HOST_DOWN\n'), errors: at('unknownType', 2), output: null },
    { name: 'a repeated value (warning)', code: window('  - HOST\n  - AGENT\n  - HOST\n'), errors: at('duplicate', 4, 'warning'), output: null },
  ],
});
