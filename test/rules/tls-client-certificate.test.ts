import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'tls-client-certificate';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

/** Fields of the block from line 2, keys at column 3. */
const block = (key: string, ...fields: string[]) => `${key}:\n${fields.map((f) => `  ${f}\n`).join('')}`;

describe(RULE, () => {
  it.each([
    ['both fields', block('tls', 'CAFilePath: /etc/ssl/ca.pem', 'clientCertificateMode: REQUIRE')],
    ['OPTIONAL alone (real GET of a project without TLS)', block('tls', 'clientCertificateMode: OPTIONAL')],
    ['a null CAFilePath with OPTIONAL (operator fixture)', block('tls', 'CAFilePath: null', 'CAFilePathWindows: null', 'clientCertificateMode: OPTIONAL')],
    ['REQUIRE with only a Windows CA path', block('tls', 'CAFilePathWindows: C:\\ca.pem', 'clientCertificateMode: REQUIRE')],
    ['the legacy ssl block with both', block('ssl', 'CAFilePath: /etc/ssl/ca.pem', 'clientCertificateMode: OPTIONAL')],
    ['an empty tls block', 'tls: {}\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['CAFilePath without clientCertificateMode', block('tls', 'CAFilePath: /etc/ssl/ca.pem', 'autoPEMKeyFilePath: /etc/ssl/agent.pem'), [[2, 3, 'error']]],
    ['REQUIRE without CAFilePath', block('tls', 'autoPEMKeyFilePath: /etc/ssl/agent.pem', 'clientCertificateMode: REQUIRE'), [[3, 26, 'error']]],
    ['the same in the legacy ssl block', block('ssl', 'CAFilePath: /etc/ssl/ca.pem'), [[2, 3, 'error']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('suggests OPTIONAL for a CA path alone', async () => {
    const [d] = await diagnostics(block('tls', 'CAFilePath: /etc/ssl/ca.pem'));
    expect(d.pointer).toBe('/tls/CAFilePath');
    expect(d.message).toContain('tls.CAFilePath is set without tls.clientCertificateMode');
    expect(d.suggestions?.[0].title).toBe('Add clientCertificateMode: OPTIONAL');
  });
});
