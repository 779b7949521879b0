import rule from '../../rules/tls-client-certificate';
import { ruleTester } from '../rule-tester';

/** Fields of the block from line 2, keys at column 3. */
const block = (key: string, ...fields: string[]) => `${key}:\n${fields.map((f) => `  ${f}\n`).join('')}`;

ruleTester(rule, {
  valid: [
    { name: 'both fields', code: block('tls', 'CAFilePath: /etc/ssl/ca.pem', 'clientCertificateMode: REQUIRE') },
    { name: 'OPTIONAL alone (real GET of a project without TLS)', code: block('tls', 'clientCertificateMode: OPTIONAL') },
    { name: 'a null CAFilePath with OPTIONAL (operator fixture)', code: block('tls', 'CAFilePath: null', 'CAFilePathWindows: null', 'clientCertificateMode: OPTIONAL') },
    { name: 'REQUIRE with only a Windows CA path', code: block('tls', 'CAFilePathWindows: C:\\ca.pem', 'clientCertificateMode: REQUIRE') },
    { name: 'the legacy ssl block with both', code: block('ssl', 'CAFilePath: /etc/ssl/ca.pem', 'clientCertificateMode: OPTIONAL') },
    { name: 'an empty tls block', code: 'tls: {}\n' },
  ],
  invalid: [
    {
      name: 'CAFilePath without clientCertificateMode: OPTIONAL is suggested',
      code: block('tls', 'CAFilePath: /etc/ssl/ca.pem', 'autoPEMKeyFilePath: /etc/ssl/agent.pem'),
      errors: [{ messageId: 'caWithoutMode', data: { key: 'tls' }, line: 2, column: 3, severity: 'error', suggestions: ['Add clientCertificateMode: OPTIONAL'] }],
      output: null,
    },
    {
      name: 'REQUIRE without CAFilePath',
      code: block('tls', 'autoPEMKeyFilePath: /etc/ssl/agent.pem', 'clientCertificateMode: REQUIRE'),
      errors: [{ messageId: 'requireWithoutCa', data: { key: 'tls' }, line: 3, column: 26, severity: 'error' }],
    },
    { name: 'the same in the legacy ssl block', code: block('ssl', 'CAFilePath: /etc/ssl/ca.pem'), errors: [{ messageId: 'caWithoutMode', data: { key: 'ssl' }, line: 2, column: 3, severity: 'error' }] },
  ],
});
