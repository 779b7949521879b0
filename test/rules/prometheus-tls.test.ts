import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'prometheus-tls';

async function hits(text: string) {
  const diagnostics = await lintDoc(text, { kind: 'integration' });
  return diagnostics.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const prometheus = (extra: string) =>
  'type: PROMETHEUS\nenabled: true\nusername: u\npassword: ${P}\nlistenAddress: 0.0.0.0:9216\nserviceDiscovery: http\n' + extra;

describe(RULE, () => {
  it.each([
    ['http without TLS', prometheus('scheme: http\n')],
    ['https with an absolute tlsPemPath', prometheus('scheme: https\ntlsPemPath: /etc/mongodb-mms/prom.pem\n')],
    ['https with a password-protected PEM', prometheus('scheme: https\ntlsPemPath: /etc/p.pem\ntlsPemPassword: ${PEM_PW}\n')],
    ['a Windows path', prometheus('scheme: https\ntlsPemPath: C:\\MMS\\prom.pem\n')],
    ['another integration type', 'type: WEBHOOK\nurl: ${U}\nscheme: https\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['https without tlsPemPath', prometheus('scheme: https\n'), [[7, 9, 'error']]],
    ['a relative tlsPemPath', prometheus('scheme: https\ntlsPemPath: certs/prom.pem\n'), [[8, 13, 'error']]],
    ['tlsPemPassword without tlsPemPath', prometheus('scheme: http\ntlsPemPassword: ${PEM_PW}\n'), [[8, 1, 'warning']]],
    [
      'https with only a password',
      prometheus('scheme: https\ntlsPemPassword: ${PEM_PW}\n'),
      [[7, 9, 'error'], [8, 1, 'warning']],
    ],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });
});
