import { describe, expect, it } from 'vitest';
import rule from '../../rules/round-trip-loss';
import { replicaSetExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { runTransition } from '../transition-tester';

const procs = threeMembers('7.0.12', '7.0');
const TLS = 'tls:\n  CAFilePath: /etc/ssl/ca.pem\n  clientCertificateMode: OPTIONAL\n  autoPEMKeyFilePath: /etc/ssl/automation.pem\n';
const SECRET = 'Sup3r-Secret-Pass';
const run = (base: string, value: string, partial = false) => runTransition(rule, { base, value, partial });

describe('round-trip-loss', () => {
  it('accepts an unchanged document and added keys', () => {
    const base = replicaSetExample(procs);
    expect(run(base, base)).toEqual([]);
    expect(run(base, replicaSetExample(withFirst(procs, { extra: '    disabled: false\n' })))).toEqual([]);
  });
  it('reports the automation TLS key password dropped while the key file stays (error), without printing it', () => {
    const found = run(replicaSetExample(procs, undefined, `${TLS}  autoPEMKeyFilePwd: ${SECRET}\n`), replicaSetExample(procs, undefined, TLS));
    expect(found.map((f) => [f.messageId, f.severity, f.pointer, f.basePointer, f.line, f.column])).toEqual([['passwordDropped', 'error', '/tls', '/tls/autoPEMKeyFilePwd', 2, 1]]);
    expect(found[0].message).toBe(
      'tls.autoPEMKeyFilePwd is in the base (HEAD:doc.yaml) and missing here, while autoPEMKeyFilePath still names the encrypted key file; without the password the key cannot be decrypted and TLS connections fail. Put the password back (a round trip through a client that does not know the field drops it).',
    );
    expect(found[0].message).not.toContain(SECRET);
  });
  it('reports a mongod key password (net.tls.certificateKeyFilePassword) dropped while certificateKeyFile stays', () => {
    const tls = (pwd: boolean) => `        tls:\n          mode: requireTLS\n          certificateKeyFile: /etc/ssl/server.pem\n${pwd ? `          certificateKeyFilePassword: ${SECRET}\n` : ''}`;
    const withTls = (pwd: boolean) => replicaSetExample(procs).replaceAll('        port: 27017\n', `        port: 27017\n${tls(pwd)}`);
    const found = run(withTls(true), withTls(false));
    expect(found.map((f) => [f.messageId, f.severity, f.basePointer])).toEqual([0, 1, 2].map((i) => ['passwordDropped', 'error', `/processes/${i}/args2_6/net/tls/certificateKeyFilePassword`]));
  });
  it('warns about a dropped password whose key file went too, and about any other lost key', () => {
    const found = run(replicaSetExample(procs, undefined, `${TLS}  autoPEMKeyFilePwd: ${SECRET}\n`), replicaSetExample(procs, undefined, 'tls:\n  CAFilePath: /etc/ssl/ca.pem\n  clientCertificateMode: OPTIONAL\n'));
    expect(found.map((f) => [f.messageId, f.severity, f.basePointer])).toEqual([
      ['dropped', 'warning', '/tls/autoPEMKeyFilePath'],
      ['dropped', 'warning', '/tls/autoPEMKeyFilePwd'],
    ]);
  });
  it('names defaultRWConcern with the mongocli bug that dropped it', () => {
    const rw = '    defaultRWConcern:\n      defaultWriteConcern:\n        w: majority\n';
    const found = run(replicaSetExample(withFirst(procs, { extra: rw })), replicaSetExample(procs));
    expect(found.map((f) => [f.messageId, f.severity, f.pointer, f.basePointer])).toEqual([['defaultRWConcern', 'warning', '/processes/0', '/processes/0/defaultRWConcern']]);
    expect(found[0].message).toContain('mongodb-atlas-cli #1755');
  });
  it('does not report the keys of a removed process, and matches processes by name', () => {
    const base = replicaSetExample(procs);
    expect(run(base, replicaSetExample(procs.slice(0, 2)))).toEqual([]);
    expect(run(base, replicaSetExample([procs[2], procs[0], procs[1]]))).toEqual([]);
  });
  it('stays quiet for a partial document', () => {
    expect(run(replicaSetExample(procs, undefined, `${TLS}  autoPEMKeyFilePwd: ${SECRET}\n`), replicaSetExample(procs, undefined, TLS), true)).toEqual([]);
  });
});
