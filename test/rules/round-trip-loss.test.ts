import rule from '../../rules/round-trip-loss';
import { replicaSetExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { ruleTester } from '../rule-tester';

const procs = threeMembers('7.0.12', '7.0');
const TLS = 'tls:\n  CAFilePath: /etc/ssl/ca.pem\n  clientCertificateMode: OPTIONAL\n  autoPEMKeyFilePath: /etc/ssl/automation.pem\n';
const SECRET = 'Sup3r-Secret-Pass';
const WITH_PWD = replicaSetExample(procs, undefined, `${TLS}  autoPEMKeyFilePwd: ${SECRET}\n`);
/** A mongod TLS block under each process's net, with or without the key password. */
const tls = (pwd: boolean) => `        tls:\n          mode: requireTLS\n          certificateKeyFile: /etc/ssl/server.pem\n${pwd ? `          certificateKeyFilePassword: ${SECRET}\n` : ''}`;
const withTls = (pwd: boolean) => replicaSetExample(procs).replaceAll('        port: 27017\n', `        port: 27017\n${tls(pwd)}`);
/** A finding at the tls key (line 2) naming the lost key in the base. */
const atTls = (messageId: string, severity: 'error' | 'warning', key: string, baseLine: number) => ({
  messageId,
  severity,
  pointer: '/tls',
  line: 2,
  column: 1,
  related: [{ file: 'base', pointer: `/tls/${key}`, line: baseLine, column: 3 }],
});

ruleTester(rule, {
  valid: [
    { name: 'an unchanged document', base: replicaSetExample(procs), code: replicaSetExample(procs) },
    { name: 'added keys', base: replicaSetExample(procs), code: replicaSetExample(withFirst(procs, { extra: '    disabled: false\n' })) },
    { name: 'the keys of a removed process are not reported', base: replicaSetExample(procs), code: replicaSetExample(procs.slice(0, 2)) },
    { name: 'processes matched by name', base: replicaSetExample(procs), code: replicaSetExample([procs[2], procs[0], procs[1]]) },
    // The same change without `partial` is the first invalid case.
    { name: 'quiet for a partial document', base: WITH_PWD, code: replicaSetExample(procs, undefined, TLS), partial: true },
  ],
  invalid: [
    {
      // The exact message: the password is not printed.
      name: 'the automation TLS key password dropped while the key file stays (error)',
      base: WITH_PWD,
      code: replicaSetExample(procs, undefined, TLS),
      errors: [
        {
          ...atTls('passwordDropped', 'error', 'autoPEMKeyFilePwd', 6),
          message:
            'tls.autoPEMKeyFilePwd is in the base (HEAD:doc.yaml) and missing here, while autoPEMKeyFilePath still names the encrypted key file; without the password the key cannot be decrypted and TLS connections fail. Put the password back (a round trip through a client that does not know the field drops it).',
        },
      ],
    },
    {
      name: 'a mongod key password (net.tls.certificateKeyFilePassword) dropped while certificateKeyFile stays',
      base: withTls(true),
      code: withTls(false),
      errors: [0, 1, 2].map((i) => ({
        messageId: 'passwordDropped',
        severity: 'error' as const,
        pointer: `/processes/${i}/args2_6/net/tls`,
        line: 22 + 16 * i,
        column: 9,
        related: [{ file: 'base', pointer: `/processes/${i}/args2_6/net/tls/certificateKeyFilePassword`, line: 25 + 17 * i, column: 11 }],
      })),
    },
    {
      name: 'a dropped password whose key file went too, and any other lost key (warnings)',
      base: WITH_PWD,
      code: replicaSetExample(procs, undefined, 'tls:\n  CAFilePath: /etc/ssl/ca.pem\n  clientCertificateMode: OPTIONAL\n'),
      errors: [atTls('dropped', 'warning', 'autoPEMKeyFilePath', 5), atTls('dropped', 'warning', 'autoPEMKeyFilePwd', 6)],
    },
    {
      name: 'defaultRWConcern named with the mongocli bug that dropped it',
      base: replicaSetExample(withFirst(procs, { extra: '    defaultRWConcern:\n      defaultWriteConcern:\n        w: majority\n' })),
      code: replicaSetExample(procs),
      errors: [{ messageId: 'defaultRWConcern', severity: 'warning', pointer: '/processes/0', line: 13, column: 5, message: /mongodb-atlas-cli #1755/, related: [{ file: 'base', pointer: '/processes/0/defaultRWConcern', line: 26, column: 5 }] }],
    },
  ],
});
