import { defineRule } from '../src/core/rule';
import { TIMESTAMP_PATTERNS, expandPointerPattern, parseTimestamp, toUtcText } from '../src/model/timestamps';

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export default defineRule({
  meta: {
    id: 'utc-timestamp',
    kinds: '*',
    defaultSeverity: 'warning',
    description: 'Timestamps should be written in UTC (with Z).',
    fixable: true,
    messages: {
      offset: '{{field}} {{text}} has the offset {{formatOffset}}, but the API expects UTC; write the same instant as {{utc}}.',
    },
    docs: {
      fixes: 'Safe: the same instant written in UTC.',
      why:
        'The API documents every timestamp as ISO-8601 UTC and returns them with `Z`. A local ' +
        'offset (`2018-10-04T11:11:49-0400`, a real docs example) is easy to misread by hours, ' +
        'and such a value is not compared or shown the way the file suggests. The fix rewrites ' +
        'the same instant in UTC. Unparseable timestamps are reported by `invalid-value`.',
      kind: 'alert-acknowledgement',
      bad: `acknowledgedUntil: "2099-04-15T00:00:00-0400"
acknowledgementComment: This is normal. Please ignore.
`,
      good: `acknowledgedUntil: "2099-04-15T04:00:00Z"
acknowledgementComment: This is normal. Please ignore.
`,
    },
  },
  check(ctx) {
    for (const pattern of TIMESTAMP_PATTERNS[ctx.kind] ?? []) {
      for (const { pointer, value: text } of expandPointerPattern(ctx.value, pattern)) {
        const ts = parseTimestamp(text);
        if (!ts || ts.offsetMinutes === 0) continue; // Z and +00:00 are UTC already
        const utc = toUtcText(ts);
        const field = pointer.slice(pointer.lastIndexOf('/') + 1);
        ctx.report({
          pointer,
          messageId: 'offset',
          data: { field, text, formatOffset: formatOffset(ts.offsetMinutes), utc },
          fix: { title: `Rewrite as ${utc}`, ops: [{ op: 'replace', pointer, value: utc }] },
        });
      }
    }
  },
});
