// HTTP digest authentication (RFC 7616, MD5, qop=auth) as the Public API asks for it. The response
// hash is computed by http-auth-utils; the header is parsed here (its parser is a regular expression
// that refuses the directives RFC 7616 says to ignore, such as `userhash`, and reads no quoted-pair)
// and the nonces are kept here, because http-auth (the other candidate) keeps every nonce an hour in
// an array scanned per request, compares hashes with ===, answers stale=true for a forged nonce, and
// builds a challenge that cannot carry the spec's `domain=""` (docs/serve.md, "Digest authentication").
import { timingSafeEqual, randomBytes, createHash } from 'node:crypto';
import { DIGEST } from 'http-auth-utils';

/** The realm Ops Manager names its public API with (docs/serve.md: an assumption, not in the spec). */
export const REALM = 'MMS Public API';

export interface DigestOptions {
  /** How long a nonce is accepted, in ms (then the client is told stale=true). */
  nonceLifetimeMs: number;
  /** Nonces kept at most; the oldest is dropped first (a flood of challenges costs bounded memory). */
  maxNonces: number;
  now: () => number;
}

interface NonceState {
  issued: number;
  /** Nonce counts already used with this nonce: a repeated count is a replay. */
  seen: Set<number>;
}

/** Requests one nonce may authenticate. */
const MAX_USES = 100_000;

export type DigestOutcome =
  | { ok: true; username: string }
  /** No usable credentials: a fresh challenge, `stale` when only the nonce was too old. */
  | { ok: false; stale: boolean; reason: string };

/** Looks a user name up: its secret (private key or API key), or undefined for an unknown name. */
export type SecretOf = (username: string) => string | undefined;

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** HA1 values remembered at most (one per caller; cleared when full). */
const MAX_HA1 = 10_000;

export class DigestAuth {
  private readonly nonces = new Map<string, NonceState>();
  /** HA1 = MD5(username:realm:secret) per caller: fixed while its secret is (RFC 7616 §5.2 stores it so). */
  private readonly ha1s = new Map<string, { secret: string; ha1: string }>();
  /** The HA1 an unknown user is judged with: the same work as a known caller's (no timing difference). */
  private readonly unknownHa1 = md5(randomBytes(16).toString('hex'));

  constructor(private readonly options: DigestOptions) {}

  private ha1(username: string, secret: string): string {
    const known = this.ha1s.get(username);
    if (known?.secret === secret) return known.ha1;
    if (this.ha1s.size >= MAX_HA1) this.ha1s.clear();
    const ha1 = md5(`${username}:${REALM}:${secret}`);
    this.ha1s.set(username, { secret, ha1 });
    return ha1;
  }

  /** A new nonce, remembered until it expires or is pushed out by newer ones. */
  private issue(): string {
    const nonce = randomBytes(24).toString('base64url');
    this.nonces.set(nonce, { issued: this.options.now(), seen: new Set() });
    // A Map iterates in insertion order: the first key is the oldest nonce.
    while (this.nonces.size > this.options.maxNonces) this.nonces.delete(this.nonces.keys().next().value!);
    return nonce;
  }

  /** The WWW-Authenticate header of a 401 (the spec's, with `qop`: see docs/serve.md). */
  challenge(stale: boolean): string {
    return `Digest realm="${REALM}", domain="", nonce="${this.issue()}", algorithm=MD5, qop="auth", stale=${stale}`;
  }

  /** Judges an Authorization header for a request (`uri` as sent on the request line). */
  verify(header: string | undefined, method: string, uri: string, secretOf: SecretOf): DigestOutcome {
    if (!header) return { ok: false, stale: false, reason: 'no credentials' };
    const data = parseDigestCredentials(header);
    if (!data || REQUIRED.some((k) => data[k] === undefined) || !/^[0-9a-f]{32}$/i.test(data.response)) return { ok: false, stale: false, reason: 'malformed Authorization header' };
    if (data.realm !== REALM) return { ok: false, stale: false, reason: 'wrong realm' };
    if ((data.algorithm ?? 'MD5').toUpperCase() !== 'MD5') return { ok: false, stale: false, reason: 'unsupported algorithm' };
    if (data.qop !== 'auth' || !data.cnonce || !/^[0-9a-fA-F]{8}$/.test(data.nc ?? '')) return { ok: false, stale: false, reason: 'qop=auth with cnonce and nc required' };
    // The digest covers the uri the client names: it must be this request's.
    if (data.uri !== uri) return { ok: false, stale: false, reason: 'uri does not match the request' };
    const state = this.nonces.get(data.nonce);
    if (!state) return { ok: false, stale: false, reason: 'unknown nonce' };
    const secret = secretOf(data.username);
    // With `ha1` given, http-auth-utils does not read `password`.
    const expected = DIGEST.computeHash({
      algorithm: 'md5', method, uri: data.uri, realm: REALM, username: data.username, password: '', ha1: secret === undefined ? this.unknownHa1 : this.ha1(data.username, secret),
      nonce: data.nonce, nc: data.nc, cnonce: data.cnonce, qop: 'auth',
    });
    // Both 32 hex digits (checked above): compared in constant time.
    if (!timingSafeEqual(Buffer.from(expected, 'latin1'), Buffer.from(data.response.toLowerCase(), 'latin1')) || secret === undefined) return { ok: false, stale: false, reason: 'wrong credentials' };
    // Correct credentials on an old nonce: RFC 7616 §3.3, stale=true lets the client retry at once.
    if (this.options.now() - state.issued > this.options.nonceLifetimeMs) {
      this.nonces.delete(data.nonce);
      return { ok: false, stale: true, reason: 'nonce expired' };
    }
    const nc = parseInt(data.nc, 16);
    // A nonce used very many times is retired (the set of its counts stays bounded).
    if (state.seen.size >= MAX_USES) {
      this.nonces.delete(data.nonce);
      return { ok: false, stale: true, reason: 'nonce used up' };
    }
    if (state.seen.has(nc)) return { ok: false, stale: false, reason: 'nonce count replayed' };
    state.seen.add(nc);
    return { ok: true, username: data.username };
  }
}

const REQUIRED = ['username', 'realm', 'nonce', 'uri', 'response'];

/** tchar of RFC 9110 §5.6.2, by character code. */
const TCHAR = new Uint8Array(128);
for (const c of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") TCHAR[c.charCodeAt(0)] = 1;
const isTchar = (c: number) => c < 128 && TCHAR[c] === 1;
const isOws = (c: number) => c === 0x20 || c === 0x09;

/**
 * The directives of `Digest <auth-params>` (RFC 9110 §11.2: token BWS "=" BWS (token / quoted-string),
 * comma-separated, empty elements allowed), names lower-cased, quoted-pairs unescaped; undefined for
 * another scheme, a syntax error or a directive given twice. Directives it does not know are kept
 * and ignored by the caller (RFC 7616 §3.4). One pass over the header.
 */
export function parseDigestCredentials(header: string): Record<string, string> | undefined {
  const n = header.length;
  let i = 0;
  while (i < n && isTchar(header.charCodeAt(i))) i++;
  if (header.slice(0, i).toLowerCase() !== 'digest' || header.charCodeAt(i) !== 0x20) return undefined;
  const out: Record<string, string> = Object.create(null);
  for (;;) {
    // Whitespace and empty list elements before a directive.
    while (i < n && (isOws(header.charCodeAt(i)) || header.charCodeAt(i) === 0x2c)) i++;
    if (i >= n) return out;
    const start = i;
    while (i < n && isTchar(header.charCodeAt(i))) i++;
    if (i === start) return undefined;
    const name = header.slice(start, i).toLowerCase();
    while (i < n && isOws(header.charCodeAt(i))) i++;
    if (header.charCodeAt(i) !== 0x3d) return undefined;
    i++;
    while (i < n && isOws(header.charCodeAt(i))) i++;
    let value: string;
    if (header.charCodeAt(i) === 0x22) {
      // quoted-string: qdtext or a backslash and the character it quotes.
      let parts = '';
      let from = ++i;
      for (;;) {
        if (i >= n) return undefined;
        const c = header.charCodeAt(i);
        if (c === 0x22) break;
        if ((c < 0x20 && c !== 0x09) || c === 0x7f) return undefined;
        if (c === 0x5c) {
          if (i + 1 >= n) return undefined;
          parts += header.slice(from, i);
          from = ++i;
        }
        i++;
      }
      value = parts + header.slice(from, i);
      i++;
    } else {
      const from = i;
      while (i < n && isTchar(header.charCodeAt(i))) i++;
      if (i === from) return undefined;
      value = header.slice(from, i);
    }
    if (name in out) return undefined;
    out[name] = value;
    while (i < n && isOws(header.charCodeAt(i))) i++;
    if (i < n && header.charCodeAt(i) !== 0x2c) return undefined;
  }
}
