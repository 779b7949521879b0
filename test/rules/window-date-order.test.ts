import rule from '../../rules/window-date-order';
import { ruleTester } from '../rule-tester';

const window = (start: string, end: string) =>
  `alertTypeNames: [HOST]\nstartDate: "${start}"\nendDate: "${end}"\n`;
/** The endDate value is on line 3, column 10. */
const endBeforeStart = (line = 3, column = 10) => [{ messageId: 'endBeforeStart', line, column }];

ruleTester(rule, {
  valid: [
    { name: 'ordered dates', code: window('2031-03-01T22:00:00Z', '2031-03-02T06:00:00Z') },
    { name: 'an offset that keeps the order', code: window('2031-03-01T22:00:00Z', '2031-03-01T23:30:00+01:00') },
    { name: 'an unparseable endDate (invalid-value reports it)', code: window('2031-03-01T22:00:00Z', 'tomorrow') },
    { name: 'no startDate', code: 'alertTypeNames: [HOST]\nendDate: "2031-03-02T06:00:00Z"\n' },
  ],
  invalid: [
    { name: 'swapped dates', code: window('2031-03-02T06:00:00Z', '2031-03-01T22:00:00Z'), errors: endBeforeStart() },
    { name: 'equal dates', code: window('2031-03-01T22:00:00Z', '2031-03-01T22:00:00Z'), errors: endBeforeStart() },
    // 23:00+02:00 is 21:00Z, an hour before the start although it reads later.
    { name: 'an offset that reverses the order', code: window('2031-03-01T22:00:00Z', '2031-03-01T23:00:00+02:00'), errors: endBeforeStart() },
    { name: 'an update body that carries both dates', kind: 'maintenance-window-update', code: 'startDate: "2031-03-02T06:00:00Z"\nendDate: "2031-03-01T22:00:00Z"\n', errors: endBeforeStart(2) },
    {
      name: 'JSON',
      fileName: 'window.json',
      code: '{\n  "alertTypeNames": ["HOST"],\n  "startDate": "2031-03-02T06:00:00Z",\n  "endDate": "2031-03-01T22:00:00Z"\n}\n',
      errors: [{ messageId: 'endBeforeStart', line: 4, column: 14, severity: 'error' }],
    },
  ],
});
