// The `maxDaysAfter` assertion (issue 36): a timestamp at most N days after another timestamp of
// the match; the bound is the policy's own (production/window-duration uses 7 days).
import { describe, expect, it } from 'vitest';
import { compileAssertions, type Fail } from '../../src/policy/assertions';

const fail: Fail = (pointer, message) => {
  throw new Error(`${pointer}: ${message}`);
};
const window = (startDate: unknown, endDate: unknown) => ({ pointer: '', value: { startDate, endDate } });
const check = (days: number) => compileAssertions({ field: 'endDate', maxDaysAfter: { field: 'startDate', days } }, '/then', fail);

describe('maxDaysAfter', () => {
  it('holds up to the bound, fails past it, at the field, saying the bound', () => {
    const c = check(7);
    expect(c(window('2031-03-01T22:00:00Z', '2031-03-08T22:00:00Z'))).toEqual([]);
    expect(c(window('2031-03-01T22:00:00Z', '2031-03-08T22:00:01Z'))).toEqual([{ pointer: '/endDate', field: 'endDate', value: '2031-03-08T22:00:01Z', expected: 'at most 7 day(s) after startDate', fixable: false }]);
    expect(c(window('2031-03-01T22:00:00Z', '9999-12-31T23:59:59Z'))).toHaveLength(1);
  });
  it('the bound is the policy\'s: 1 day', () => {
    expect(check(1)(window('2031-03-01T22:00:00Z', '2031-03-03T06:00:00Z'))).toHaveLength(1);
    expect(check(3)(window('2031-03-01T22:00:00Z', '2031-03-03T06:00:00Z'))).toEqual([]);
  });
  it('offsets count as instants; absent or unparseable timestamps are not judged (the schema reports them)', () => {
    // 22:00+02:00 is 20:00Z: 24.5 hours to 20:30Z (22.5 if the offset were dropped).
    expect(check(1)(window('2031-03-01T22:00:00+02:00', '2031-03-02T20:30:00Z'))).toHaveLength(1);
    expect(check(1)(window('2031-03-01T22:00:00+02:00', '2031-03-02T19:30:00Z'))).toEqual([]);
    expect(check(1)(window(undefined, '9999-12-31T23:59:59Z'))).toEqual([]);
    expect(check(1)(window('2031-03-01T22:00:00Z', 'tomorrow'))).toEqual([]);
  });
  it('a malformed assertion is a config error at its place', () => {
    expect(() => compileAssertions({ field: 'endDate', maxDaysAfter: 'startDate' }, '/then', fail)).toThrow('/then/maxDaysAfter: must be {field: <another timestamp field of the match>, days: <number>}');
    expect(() => compileAssertions({ field: 'endDate', maxDaysAfter: { field: 'startDate', days: -1 } }, '/then', fail)).toThrow('/then/maxDaysAfter/days: must be a number of days');
    expect(() => compileAssertions({ field: 'endDate', maxDaysAfter: { field: 'startDate', days: 7, unit: 'h' } }, '/then', fail)).toThrow('/then/maxDaysAfter');
  });
});
