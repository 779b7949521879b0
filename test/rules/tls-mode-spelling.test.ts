import { describe, expect, it } from 'vitest';
import { fixDoc, lintDoc } from '../helpers';

const RULE = 'tls-mode-spelling';
const OPTS = { kind: 'automation-config' as const };

async function diagnostics(text: string) {
  return (await lintDoc(text, OPTS)).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

/** The mode value is on line 7, column 17. */
const proc = (version: string, mode: string, key = 'tls') =>
  `processes:\n  - name: a\n    version: ${version}\n    args2_6:\n      net:\n        ${key}:\n          mode: ${mode}\n`;

describe(RULE, () => {
  it.each([
    ['requireTLS', proc('7.0.12', 'requireTLS')],
    ['preferTLS', proc('8.0.4-ent', 'preferTLS')],
    ['allowTLS', proc('8.0.4-ent', 'allowTLS')],
    ['disabled', proc('8.0.4-ent', 'disabled')],
    ['SSL spellings inside the legacy net.ssl block', proc('4.0.20', 'requireSSL', 'ssl')],
    ['a mode of the wrong type', proc('7.0.12', '1')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['requireSSL inside net.tls', proc('7.0.12-ent', 'requireSSL')],
    ['preferSSL inside net.tls', proc('7.0.12', 'preferSSL')],
    ['allowSSL inside net.tls', proc('8.0.4', 'allowSSL')],
    ['requireSSL on a 3.6 process (fix offered as a suggestion)', proc('3.6.8', 'requireSSL')],
  ])('reports %s as information', async (_name, text) => {
    expect(await hits(text)).toEqual([[7, 17, 'info']]);
  });

  it('rewrites the SSL spelling with --fix on 4.2 and later', async () => {
    const [d] = await diagnostics(proc('7.0.12', 'requireSSL'));
    expect(d.pointer).toBe('/processes/0/args2_6/net/tls/mode');
    expect(d.message).toBe('net.tls.mode "requireSSL" is the SSL-era spelling; net.tls spells it "requireTLS" (the agent accepts both). Write requireTLS.');
    expect(d.fixable).toBe(true);
    expect(await fixDoc(proc('7.0.12', 'requireSSL'), OPTS)).toBe(proc('7.0.12', 'requireTLS'));
    expect(await fixDoc(proc('7.0.12', 'preferSSL'), OPTS)).toBe(proc('7.0.12', 'preferTLS'));
  });

  it('rewrites JSON too', async () => {
    const text = '{"processes": [{"name": "a", "version": "8.0.4", "args2_6": {"net": {"tls": {"mode": "allowSSL"}}}}]}\n';
    expect(await fixDoc(text, { ...OPTS, fileName: 'ac.json' })).toBe(text.replace('allowSSL', 'allowTLS'));
  });

  it('only suggests the rewrite before 4.2, where net.tls is translated by the agent', async () => {
    const [d] = await diagnostics(proc('3.6.8', 'requireSSL'));
    expect(d.fixable).toBe(false);
    expect(d.suggestions?.[0].title).toBe('Write requireTLS');
    expect(await fixDoc(proc('3.6.8', 'requireSSL'), OPTS)).toBe(proc('3.6.8', 'requireSSL'));
  });
});
