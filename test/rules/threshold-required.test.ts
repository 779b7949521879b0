import rule from '../../rules/threshold-required';
import { ruleTester } from '../rule-tester';

const THRESHOLD = 'threshold:\n  operator: LESS_THAN\n  threshold: 2\n';
const doc = (event: string, extra = '') => `enabled: true
eventTypeName: ${event}
${extra}notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;
/** The event type is on line 2, column 16. */
const missing = [{ messageId: 'missing', line: 2, column: 16, severity: 'error' as const }];

ruleTester(rule, {
  valid: [
    { name: 'TOO_FEW_HEALTHY_MEMBERS with a threshold', code: doc('TOO_FEW_HEALTHY_MEMBERS', THRESHOLD) },
    { name: 'TOO_MANY_UNHEALTHY_MEMBERS with a threshold', code: doc('TOO_MANY_UNHEALTHY_MEMBERS', THRESHOLD) },
    { name: 'TOO_MANY_ELECTIONS without one', code: doc('TOO_MANY_ELECTIONS') },
    { name: 'another event', code: doc('NO_PRIMARY') },
  ],
  invalid: [
    { name: 'TOO_FEW_HEALTHY_MEMBERS', code: doc('TOO_FEW_HEALTHY_MEMBERS'), errors: missing },
    { name: 'TOO_MANY_UNHEALTHY_MEMBERS', code: doc('TOO_MANY_UNHEALTHY_MEMBERS'), errors: missing },
    {
      name: 'a global configuration',
      kind: 'global-alert-config',
      code: doc('TOO_FEW_HEALTHY_MEMBERS', 'forAllGroups: true\n').replace('EMAIL\n    emailAddress: dba@example.com', 'ADMIN'),
      errors: missing,
    },
  ],
});
