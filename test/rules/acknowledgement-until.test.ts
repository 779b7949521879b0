import rule from '../../rules/acknowledgement-until';
import { ruleTester } from '../rule-tester';

const inPast = (line: number, column: number) => ({ messageId: 'inPast', line, column, severity: 'warning' as const });

ruleTester(rule, {
  valid: [
    { name: 'a future time', code: 'acknowledgedUntil: "2026-11-21T00:00:01Z"\n' },
    { name: '100 years ahead', code: 'acknowledgedUntil: "2126-01-01T00:00:00Z"\nacknowledgementComment: Forever\n' },
    { name: 'an unparseable time (invalid-value reports it)', code: 'acknowledgedUntil: "next week"\n' },
    { name: 'a past time that is future for the now option', code: 'acknowledgedUntil: "2016-04-15T04:00:00Z"\n', now: '2016-04-01T00:00:00Z' },
  ],
  invalid: [
    { name: 'a past time', code: 'acknowledgedUntil: "2016-04-15T04:00:00Z"\n', errors: [inPast(1, 20)] },
    { name: 'exactly now', code: 'acknowledgementComment: x\nacknowledgedUntil: "2026-11-21T00:00:00Z"\n', errors: [inPast(2, 20)] },
    // 2026-11-21T01:00:00+02:00 is an hour before now.
    { name: 'a time that is past once its offset is applied', code: 'acknowledgedUntil: "2026-11-21T01:00:00+02:00"\n', errors: [inPast(1, 20)] },
    { name: 'no acknowledgedUntil (info)', code: 'acknowledgementComment: This is normal.\n', errors: [{ messageId: 'missing', line: 1, column: 1, severity: 'info' }] },
    { name: 'JSON', fileName: 'ack.json', code: '{\n  "acknowledgedUntil": "2016-04-15T00:00:00-0400"\n}\n', errors: [inPast(2, 24)] },
  ],
});
