import rule from '../../rules/utc-timestamp';
import type { Kind } from '../../src/core/kinds';
import { ruleTester } from '../rule-tester';

const valid = (kind: Kind, code: string, name = `a UTC timestamp in ${kind}: ${code.trim()}`) => ({ name, kind, code });
/** An offset timestamp, reported as a warning and rewritten to UTC by --fix. */
const invalid = (kind: Kind, code: string, line: number, column: number, from: string, to: string, more: object = {}) => ({
  name: `an offset in ${kind}: ${from}`,
  kind,
  code,
  errors: [{ messageId: 'offset', line, column, severity: 'warning' as const, ...more }],
  output: code.replace(from, to),
});

ruleTester(rule, {
  valid: [
    valid('alert-acknowledgement', 'acknowledgedUntil: "2099-04-15T04:00:00Z"\n'),
    valid('alert-acknowledgement', 'acknowledgedUntil: "2099-04-15T04:00:00.250Z"\n'),
    // A zero offset is UTC already.
    valid('alert-acknowledgement', 'acknowledgedUntil: "2099-04-15T04:00:00+00:00"\n'),
    // Unparseable or offset-less values are invalid-value's, not this rule's.
    valid('alert-acknowledgement', 'acknowledgedUntil: "2099-04-15"\n'),
    valid('alert-acknowledgement', 'acknowledgedUntil: "2099-04-15T04:00:00"\n'),
    valid('maintenance-window', 'alertTypeNames: [HOST]\nstartDate: "2099-10-23T22:00:00Z"\nendDate: "2099-10-23T23:30:00Z"\n'),
  ],
  invalid: [
    invalid('alert-acknowledgement', 'acknowledgedUntil: "2099-04-15T00:00:00-0400"\n', 1, 20, '2099-04-15T00:00:00-0400', '2099-04-15T04:00:00Z'),
    invalid('maintenance-window', 'alertTypeNames: [HOST]\nstartDate: "2099-10-23T22:00:00+02:00"\nendDate: "2099-10-23T23:30:00Z"\n', 2, 12, '2099-10-23T22:00:00+02:00', '2099-10-23T20:00:00Z'),
    invalid('maintenance-window-update', 'endDate: "2099-10-23T23:30:00-07"\n', 1, 10, '2099-10-23T23:30:00-07', '2099-10-24T06:30:00Z'),
    invalid('automation-config', 'version: 1\nprocesses:\n  - name: a\n    lastRestart: "2099-01-01T00:00:00+01:00"\n', 4, 18, '2099-01-01T00:00:00+01:00', '2098-12-31T23:00:00Z'),
    invalid('access-list-entries', '- ipAddress: 192.0.2.15\n  created: "2014-04-23T16:17:44+0100"\n', 2, 12, '2014-04-23T16:17:44+0100', '2014-04-23T15:17:44Z'),
    invalid('alert-config', 'eventTypeName: HOST_DOWN\ncreated: "2015-01-01T00:00:00-05:00"\n', 2, 10, '2015-01-01T00:00:00-05:00', '2015-01-01T05:00:00Z'),
    // Says which instant to write.
    invalid('alert-acknowledgement', 'acknowledgedUntil: "2018-10-04T11:11:49-0400"\n', 1, 20, '2018-10-04T11:11:49-0400', '2018-10-04T15:11:49Z', { message: /2018-10-04T15:11:49Z/ }),
    // Crossing midnight and keeping the fraction of a second.
    invalid('alert-acknowledgement', 'acknowledgedUntil: "2099-01-01T01:30:00.5+05:30"\n', 1, 20, '2099-01-01T01:30:00.5+05:30', '2098-12-31T20:00:00.5Z'),
    {
      name: 'JSON',
      kind: 'alert-acknowledgement',
      fileName: 'ack.json',
      code: '{ "acknowledgedUntil": "2016-04-15T00:00:00-0400" }\n',
      errors: [{ messageId: 'offset' }],
      output: '{ "acknowledgedUntil": "2016-04-15T04:00:00Z" }\n',
    },
  ],
});
