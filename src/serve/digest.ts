// HTTP digest authentication (RFC 7616, MD5, qop=auth) as the Public API asks for it. The header is
// parsed and the response hash computed by http-auth-utils; the nonces are kept here, because
// http-auth (the other candidate) keeps every nonce an hour in an array scanned per request,
// compares hashes with ===, answers stale=true for a forged nonce, and builds a challenge that
// cannot carry the spec's `domain=""` (docs/serve.md, "Digest authentication").
import { timingSafeEqual, randomBytes, createHash } from 'node:crypto';
import { DIGEST, parseAuthorizationHeader } from 'http-auth-utils';

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

export class DigestAuth {
  private readonly nonces = new Map<string, NonceState>();

  constructor(private readonly options: DigestOptions) {}

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
    let data: Record<string, string>;
    try {
      const parsed = parseAuthorizationHeader(header, [DIGEST], { strict: false });
      data = parsed.data as Record<string, string>;
    } catch {
      return { ok: false, stale: false, reason: 'malformed Authorization header' };
    }
    if (data.realm !== REALM) return { ok: false, stale: false, reason: 'wrong realm' };
    if ((data.algorithm ?? 'MD5').toUpperCase() !== 'MD5') return { ok: false, stale: false, reason: 'unsupported algorithm' };
    if (data.qop !== 'auth' || !data.cnonce || !/^[0-9a-fA-F]{8}$/.test(data.nc ?? '')) return { ok: false, stale: false, reason: 'qop=auth with cnonce and nc required' };
    // The digest covers the uri the client names: it must be this request's.
    if (data.uri !== uri) return { ok: false, stale: false, reason: 'uri does not match the request' };
    const state = this.nonces.get(data.nonce);
    if (!state) return { ok: false, stale: false, reason: 'unknown nonce' };
    const secret = secretOf(data.username);
    // An unknown user costs the same hash as a known one (no timing difference between the two).
    const expected = DIGEST.computeHash({
      algorithm: 'md5', method, uri: data.uri, realm: REALM, username: data.username, password: secret ?? randomBytes(16).toString('hex'),
      nonce: data.nonce, nc: data.nc, cnonce: data.cnonce, qop: 'auth',
    });
    if (!sameText(expected, data.response.toLowerCase()) || secret === undefined) return { ok: false, stale: false, reason: 'wrong credentials' };
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

/** Constant-time comparison of two hex digests (hashed first: equal lengths whatever was sent). */
function sameText(a: string, b: string): boolean {
  const h = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(h(a), h(b));
}
