import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lintDoc } from '../helpers';

const RULE = 'webhook-secret-without-url';

async function hits(text: string, kind: Kind = 'alert-config') {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const doc = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: WEBHOOK
${notification}`;

describe(RULE, () => {
  it.each([
    ['a secret with its URL', '    webhookUrl: ${URL}\n    webhookSecret: ${SECRET}\n'],
    ['a URL alone', '    webhookUrl: ${URL}\n'],
    ['neither (the default URL and its secret are used)', '    intervalMin: 5\n'],
  ])('accepts %s', async (_name, notification) => {
    expect(await hits(doc(notification))).toEqual([]);
  });

  it.each([
    ['a secret alone', '    webhookSecret: ${SECRET}\n', [[5, 5, 'error']]],
    ['a secret with an empty URL', '    webhookUrl: ""\n    webhookSecret: ${SECRET}\n', [[6, 5, 'error']]],
    ['a secret with a null URL', '    webhookUrl: null\n    webhookSecret: ${SECRET}\n', [[6, 5, 'error']]],
    // Whitespace is no URL (issue 18: a mutant dropping the trim() survived).
    ['a secret with a whitespace-only URL', '    webhookUrl: "  \\t "\n    webhookSecret: ${SECRET}\n', [[6, 5, 'error']]],
  ])('reports %s', async (_name, notification, expected) => {
    expect(await hits(doc(notification))).toEqual(expected);
  });

  it('reports in global configurations too', async () => {
    const text = 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: WEBHOOK\n    webhookSecret: ${S}\n';
    expect(await hits(text, 'global-alert-config')).toEqual([[6, 5, 'error']]);
  });
});
