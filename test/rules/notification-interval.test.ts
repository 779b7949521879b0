import rule from '../../rules/notification-interval';
import { ruleTester } from '../rule-tester';

const doc = (timing: string, type = 'EMAIL\n    emailAddress: dba@example.com') => `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: ${type}
${timing}`;

const error = (messageId: string, line: number, column: number, data: Record<string, unknown>) => ({ messageId, line, column, severity: 'error' as const, data });

ruleTester(rule, {
  valid: [
    { name: 'the minimum interval', code: doc('    delayMin: 0\n    intervalMin: 5\n') },
    { name: 'a long delay and interval', code: doc('    delayMin: 30\n    intervalMin: 1440\n') },
    { name: 'no timing at all', code: doc('') },
    { name: 'a string (the schema says so)', code: doc('    intervalMin: "5"\n') },
    { name: 'intervalMin on PAGER_DUTY (notification-field-not-applicable says so)', code: doc('    intervalMin: 1\n', 'PAGER_DUTY\n    serviceKey: ${PD}') },
  ],
  invalid: [
    { name: 'an interval below 5', code: doc('    delayMin: 0\n    intervalMin: 1\n'), errors: [error('intervalTooSmall', 7, 18, { interval: 1, minIntervalMin: 5 })] },
    { name: 'an interval of 0', code: doc('    intervalMin: 0\n'), errors: [error('intervalTooSmall', 6, 18, { interval: 0, minIntervalMin: 5 })] },
    // One below the minimum of 5 (DOCS-11735: the API and the UI both refuse less than 5).
    { name: 'an interval of 4', code: doc('    intervalMin: 4\n'), errors: [error('intervalTooSmall', 6, 18, { interval: 4, minIntervalMin: 5 })] },
    { name: 'a fractional interval', code: doc('    intervalMin: 7.5\n'), errors: [error('intervalNotInteger', 6, 18, { interval: 7.5, minIntervalMin: 5 })] },
    { name: 'a negative delay', code: doc('    delayMin: -5\n    intervalMin: 60\n'), errors: [error('badDelay', 6, 15, { delay: -5 })] },
    { name: 'a fractional delay', code: doc('    delayMin: 0.5\n'), errors: [error('badDelay', 6, 15, { delay: 0.5 })] },
    { name: 'both wrong', code: doc('    delayMin: -1\n    intervalMin: 2\n'), errors: [error('badDelay', 6, 15, { delay: -1 }), error('intervalTooSmall', 7, 18, { interval: 2, minIntervalMin: 5 })] },
    {
      name: 'in global configurations too',
      kind: 'global-alert-config',
      code: 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: ADMIN\n    intervalMin: 3\n',
      errors: [error('intervalTooSmall', 6, 18, { interval: 3, minIntervalMin: 5 })],
    },
  ],
});
