import rule from '../../rules/window-in-past';
import { ruleTester } from '../rule-tester';

const window = (end: string) => `alertTypeNames: [HOST]\nstartDate: "2015-10-23T22:00:00Z"\nendDate: "${end}"\n`;
const inPast = (line = 3) => [{ messageId: 'inPast', line, column: 10, severity: 'warning' as const }];

ruleTester(rule, {
  valid: [
    { name: 'an end after now', code: window('2026-11-21T00:00:01Z') },
    { name: 'an end far ahead', code: window('2099-01-01T00:00:00Z') },
    { name: 'an unparseable end', code: window('soon') },
    { name: 'no endDate', code: 'alertTypeNames: [HOST]\nstartDate: "2015-10-23T22:00:00Z"\n' },
    { name: 'uses the now option, not the clock', code: window('2015-10-23T23:30:00Z'), now: '2015-10-23T23:00:00Z' },
  ],
  invalid: [
    { name: 'an end years ago', code: window('2015-10-23T23:30:00Z'), errors: inPast() },
    { name: 'an end exactly now', code: window('2026-11-21T00:00:00Z'), errors: inPast() },
    // 2026-11-21T01:00:00+02:00 is 23:00Z the day before now.
    { name: 'an end that is past once its offset is applied', code: window('2026-11-21T01:00:00+02:00'), errors: inPast() },
    { name: 'update bodies', kind: 'maintenance-window-update', code: 'endDate: "2020-01-01T00:00:00Z"\n', errors: inPast(1) },
  ],
});
