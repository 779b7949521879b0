import { describe, expect, it } from 'vitest';
import { fixDoc, lintDoc } from '../helpers';

const RULE = 'auth-keyfile';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

/** `disabled` is on line 2; its value at column 13. */
const auth = (disabled: string, ...lines: string[]) => `auth:\n  disabled: ${disabled}\n${lines.map((l) => `  ${l}\n`).join('')}`;

describe(RULE, () => {
  it.each([
    ['auth enabled with keyfile and autoUser', auth('false', 'autoUser: mms-automation', 'keyfile: /var/lib/mongodb-mms-automation/keyfile')],
    ['auth disabled without either (real GET of an empty project)', auth('true', 'autoUser: ""')],
    ['no disabled flag', 'auth:\n  autoUser: mms-automation\n'],
    ['no auth at all', 'processes: []\n'],
    ['a disabled flag of the wrong type', auth('"false"')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['auth enabled without keyfile or autoUser', auth('false', 'autoAuthMechanism: SCRAM-SHA-256'), [[2, 13, 'error']]],
    ['auth enabled with an empty autoUser and no keyfile', auth('false', 'autoUser: ""'), [[2, 13, 'error']]],
    ['auth enabled without autoUser', auth('false', 'keyfile: /var/lib/mongodb-mms-automation/keyfile'), [[2, 13, 'error']]],
    // The migration fixtures of the operator omit keyfile alone: information only.
    ['auth enabled without keyfile (info)', auth('false', 'autoUser: mms-automation-agent'), [[2, 13, 'info']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('suggests the defaults and never applies them', async () => {
    const text = auth('false');
    const [d] = await diagnostics(text);
    expect(d.pointer).toBe('/auth/disabled');
    expect(d.message).toContain('without auth.keyfile or auth.autoUser');
    expect(d.fixable).toBe(false);
    expect(d.suggestions?.[0].title).toBe('Add autoUser and keyfile');
    expect(await fixDoc(text, { kind: 'automation-config' })).toBe(text);
  });
});
