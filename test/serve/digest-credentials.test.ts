// The digest check's own parts (src/serve/digest.ts): the Authorization header read by RFC 9110's
// auth-param grammar (quoted-pairs, empty list elements, unknown directives ignored as RFC 7616
// §3.4 says, a directive given twice refused), HA1 remembered per caller but never past a change
// of its secret, and a response that is not 32 hex digits refused before any comparison.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DigestAuth, parseDigestCredentials, REALM } from '../../src/serve/digest';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const URI = '/api/public/v1.0/groups';

function digest(secrets: Map<string, string>) {
  const auth = new DigestAuth({ nonceLifetimeMs: 300_000, maxNonces: 100, now: () => 0 });
  const nonce = /nonce="([^"]+)"/.exec(auth.challenge(false))![1];
  let nc = 0;
  /** The directives of a right answer for `user` with `secret`, as [name, written value] pairs. */
  const directives = (user: string, secret: string, uri = URI): [string, string][] => {
    const count = (++nc).toString(16).padStart(8, '0');
    const response = md5(`${md5(`${user}:${REALM}:${secret}`)}:${nonce}:${count}:c0ffee:auth:${md5(`GET:${uri}`)}`);
    const q = (v: string) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    return [['username', q(user)], ['realm', q(REALM)], ['nonce', q(nonce)], ['uri', q(uri)], ['algorithm', 'MD5'], ['qop', 'auth'], ['nc', count], ['cnonce', q('c0ffee')], ['response', q(response)]];
  };
  const header = (d: [string, string][]) => `Digest ${d.map(([k, v]) => `${k}=${v}`).join(', ')}`;
  const verify = (h: string, uri = URI) => auth.verify(h, 'GET', uri, (u) => secrets.get(u));
  return { directives, header, verify };
}

describe('parseDigestCredentials', () => {
  it('reads tokens and quoted strings, quoted-pairs, whitespace around "=", empty elements, any case', () => {
    expect(parseDigestCredentials('digest  , USERNAME = "a\\"b\\\\c, d", nc=00000001 ,, qop="auth",')).toEqual({ username: 'a"b\\c, d', nc: '00000001', qop: 'auth' });
    expect(parseDigestCredentials('Digest realm=""')).toEqual({ realm: '' });
  });

  it('refuses another scheme, a token68, a directive twice, an open quote, a control character, a missing separator', () => {
    for (const h of ['Basic dXNlcjpwYXNz', 'Digest', 'Digestx a=b', 'Digest garbage', 'Digest a=b, a=c', 'Digest a="b', 'Digest a="b\\', 'Digest a="b\nc"', 'Digest a=b c=d', 'Digest a=', 'Digest =b', 'Digest a=b;c']) {
      expect(parseDigestCredentials(h), h).toBeUndefined();
    }
  });

  it('reads a long header of 2,000 directives', () => {
    const h = `Digest ${Array.from({ length: 2000 }, (_, i) => `k${i}="${'v'.repeat(5)}\\"${i}"`).join(', ')}`;
    expect(Object.keys(parseDigestCredentials(h)!)).toHaveLength(2000);
  });
});

describe('DigestAuth.verify', () => {
  it('accepts a right answer with directives it does not know (userhash, opaque), and a user name that needs quoted-pairs', () => {
    const d = digest(new Map([['pub', 'secret-1'], ['o"brien\\x', 'secret-2']]));
    expect(d.verify(d.header([...d.directives('pub', 'secret-1'), ['userhash', 'false'], ['opaque', '"abc"']]))).toEqual({ ok: true, username: 'pub' });
    expect(d.verify(d.header(d.directives('o"brien\\x', 'secret-2')))).toEqual({ ok: true, username: 'o"brien\\x' });
  });

  it('remembers HA1 per caller only while the secret is the same', () => {
    const secrets = new Map([['pub', 'old-secret']]);
    const d = digest(secrets);
    expect(d.verify(d.header(d.directives('pub', 'old-secret'))).ok).toBe(true);
    secrets.set('pub', 'new-secret');
    expect(d.verify(d.header(d.directives('pub', 'old-secret')))).toMatchObject({ ok: false, reason: 'wrong credentials' });
    expect(d.verify(d.header(d.directives('pub', 'new-secret'))).ok).toBe(true);
  });

  it('refuses a response that is not 32 hex digits, a directive twice and a missing one, without a throw', () => {
    const d = digest(new Map([['pub', 'secret-1']]));
    const right = d.directives('pub', 'secret-1');
    const withResponse = (v: string) => d.header(right.map(([k, x]) => [k, k === 'response' ? v : x]));
    for (const h of [withResponse('"abc"'), withResponse(`"${'0'.repeat(31)}g"`), withResponse(`"${'0'.repeat(33)}"`), d.header([...right, ['nc', '00000009']]), d.header(right.filter(([k]) => k !== 'uri'))]) {
      expect(d.verify(h), h).toMatchObject({ ok: false, stale: false, reason: 'malformed Authorization header' });
    }
    // The same directives once each: accepted (the refusals above were the header's, not the credentials').
    expect(d.verify(d.header(right)).ok).toBe(true);
  });

  it('refuses an unknown user and a wrong secret alike', () => {
    const d = digest(new Map([['pub', 'secret-1']]));
    expect(d.verify(d.header(d.directives('nobody', 'secret-1')))).toMatchObject({ ok: false, stale: false, reason: 'wrong credentials' });
    expect(d.verify(d.header(d.directives('pub', 'secret-2')))).toMatchObject({ ok: false, stale: false, reason: 'wrong credentials' });
  });
});
