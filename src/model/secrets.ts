// Where secrets live in each kind, what a redaction mask looks like, which field names and value
// shapes mean a secret (RULES.md "Secrets", DOMAIN §5). findSecrets knows the documented secret
// paths of each kind (plaintext-secret reports them); the output masking asks more widely
// (findSecretsByName, SECRET_SHAPES): a secret under a misspelt name, at the wrong level or in a
// document linted as another kind must not be printed either.
import { distance } from 'fastest-levenshtein';
import type { Kind } from '../core/kinds';
import { DocumentFacts, type Fact } from '../core/facts';
import { escapeToken } from '../core/pointer';
import { isObject } from '../core/is-object';
import { detached } from '../core/detached';
import { NOTIFICATION_SECRET_FIELDS } from './notifications';

export interface SecretLocation {
  /** JSON pointer of the value, relative to the value given to findSecrets. */
  pointer: string;
  value: string;
  /** The secret's field name (the last pointer token). */
  field: string;
  /** The secret is the key at the pointer (or in it), not its value. */
  inKey?: true;
}

type Finder = (doc: Record<string, unknown>, base: string, out: SecretLocation[]) => void;

/** obj[field] when it is a non-empty string of obj's own (the value first: most fields are absent). */
function ownStringField(obj: Record<string, unknown>, field: string): string | undefined {
  const value = obj[field];
  return typeof value === 'string' && value !== '' && Object.prototype.hasOwnProperty.call(obj, field) ? value : undefined;
}

/** Records obj[field] when it is a non-empty string. */
function take(obj: unknown, field: string, base: string, out: SecretLocation[]): void {
  if (!isObject(obj)) return;
  const value = ownStringField(obj, field);
  if (value !== undefined) out.push({ pointer: `${base}/${escapeToken(field)}`, value, field });
}

function takeAll(obj: unknown, fields: readonly string[], base: string, out: SecretLocation[]): void {
  if (!isObject(obj)) return;
  for (const f of fields) take(obj, f, base, out);
}

function eachItem(arr: unknown, base: string, fn: (item: unknown, pointer: string) => void): void {
  if (!Array.isArray(arr)) return;
  for (let i = 0; i < arr.length; i++) fn(arr[i], `${base}/${i}`);
}

const alertConfigSecrets: Finder = (doc, base, out) => {
  const list = doc.notifications;
  if (!Array.isArray(list)) return;
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (!isObject(n)) continue;
    // The notification's pointer only for a secret found (every document of a run comes here).
    let at: string | undefined;
    for (const field of NOTIFICATION_SECRET_FIELDS) {
      const value = ownStringField(n, field);
      if (value !== undefined) out.push({ pointer: `${(at ??= `${base}/notifications/${i}`)}/${escapeToken(field)}`, value, field });
    }
  }
};

/** Integration secrets (RULES.md list, plus SLACK/FLOWDOCK apiToken). `url` only for WEBHOOK. */
const INTEGRATION_SECRET_FIELDS = [
  'apiKey', 'apiToken', 'serviceKey', 'notificationToken', 'secret', 'password', 'tlsPemPassword',
  'microsoftTeamsWebhookUrl', 'licenseKey', 'writeToken', 'readToken', 'routingKey',
];
const integrationSecrets: Finder = (doc, base, out) => {
  takeAll(doc, INTEGRATION_SECRET_FIELDS, base, out);
  // The type as written may be lower case (`webhook`): the server upper-cases enum input.
  if (doc.type === undefined || String(doc.type).toUpperCase() === 'WEBHOOK') take(doc, 'url', base, out);
};

const TLS_FIELDS = ['autoPEMKeyFilePwd'];
/** mongod/mongos TLS options that hold passwords (net.tls and legacy net.ssl). */
const NET_TLS_FIELDS = ['certificateKeyFilePassword', 'clusterPassword', 'PEMKeyPassword', 'clusterFilePassword'];
const automationConfigSecrets: Finder = (doc, base, out) => {
  const auth = doc.auth;
  if (isObject(auth)) {
    takeAll(auth, ['autoPwd', 'newAutoPwd', 'key', 'newKey'], `${base}/auth`, out);
    eachItem(auth.usersWanted, `${base}/auth/usersWanted`, (u, p) => takeAll(u, ['pwd', 'initPwd'], p, out));
  }
  takeAll(doc.tls, TLS_FIELDS, `${base}/tls`, out);
  takeAll(doc.ssl, TLS_FIELDS, `${base}/ssl`, out);
  takeAll(doc.prometheus, ['password', 'tlsPemPassword'], `${base}/prometheus`, out);
  takeAll(doc.ldap, ['bindQueryPassword'], `${base}/ldap`, out);
  // Obsolete agent entries of old GETs may carry the agents' own credentials.
  for (const list of ['monitoringVersions', 'backupVersions']) {
    eachItem(doc[list], `${base}/${list}`, (v, p) => takeAll(v, AGENT_FIELDS, p, out));
  }
  const processes = doc.processes;
  if (Array.isArray(processes)) processSecrets(processes, base, out);
};

/**
 * Thousands of processes, few with a secret: a process's pointer is written only for one found.
 * A function of its own: V8 compiles its hot loop on the spot (OSR) with the code around it.
 */
function processSecrets(processes: unknown[], base: string, out: SecretLocation[]): void {
  for (let i = 0; i < processes.length; i++) {
    const proc = processes[i];
    const args = isObject(proc) && isObject(proc.args2_6) ? proc.args2_6 : undefined;
    if (!args) continue;
    const net = args.net;
    const security = args.security;
    const tls = isObject(net) ? net.tls : undefined;
    const ssl = isObject(net) ? net.ssl : undefined;
    const kmip = isObject(security) ? security.kmip : undefined;
    const bind = isObject(security) && isObject(security.ldap) ? security.ldap.bind : undefined;
    if (!holdsAny(tls, NET_TLS_FIELDS) && !holdsAny(ssl, NET_TLS_FIELDS) && !holdsAny(kmip, KMIP_FIELDS) && !holdsAny(bind, BIND_FIELDS)) continue;
    const p = `${base}/processes/${i}`;
    takeAll(tls, NET_TLS_FIELDS, `${p}/args2_6/net/tls`, out);
    takeAll(ssl, NET_TLS_FIELDS, `${p}/args2_6/net/ssl`, out);
    // mongod security options that hold passwords (KMIP client certificate, LDAP bind).
    takeAll(kmip, KMIP_FIELDS, `${p}/args2_6/security/kmip`, out);
    takeAll(bind, BIND_FIELDS, `${p}/args2_6/security/ldap/bind`, out);
  }
}
const KMIP_FIELDS = ['clientCertificatePassword'];
const BIND_FIELDS = ['queryPassword'];

/** Whether take() would record one of the fields of obj. */
function holdsAny(obj: unknown, fields: readonly string[]): boolean {
  if (!isObject(obj)) return false;
  for (const f of fields) {
    if (!Object.prototype.hasOwnProperty.call(obj, f)) continue;
    const value = obj[f];
    if (typeof value === 'string' && value !== '') return true;
  }
  return false;
}
const AGENT_FIELDS = ['password', 'sslPEMKeyFilePwd', 'sslPEMKeyPassword'];

const apiKeySecrets: Finder = (doc, base, out) => take(doc, 'privateKey', base, out);

const FINDERS: Partial<Record<Kind, Finder>> = {
  'alert-config': alertConfigSecrets,
  'global-alert-config': alertConfigSecrets,
  integration: integrationSecrets,
  'automation-config': automationConfigSecrets,
  'api-key-update': apiKeySecrets,
};

/** Kinds that have secret fields. */
export const KINDS_WITH_SECRETS = Object.keys(FINDERS) as Kind[];

/** Each finder once (the alert kinds share one), in the order of KINDS_WITH_SECRETS. */
const DISTINCT_FINDERS: readonly Finder[] = [...new Set(Object.values(FINDERS) as Finder[])];

/**
 * The top-level keys each finder reads: a document with none of them gives it nothing to find
 * (the integration finder reads `type` only for a `url`).
 */
const FINDER_KEYS = new Map<Finder, readonly string[]>([
  [alertConfigSecrets, ['notifications']],
  [integrationSecrets, [...INTEGRATION_SECRET_FIELDS, 'url']],
  [automationConfigSecrets, ['auth', 'tls', 'ssl', 'prometheus', 'ldap', 'monitoringVersions', 'backupVersions', 'processes']],
  [apiKeySecrets, ['privateKey']],
]);

/** The top-level keys the finder of a kind is listed as reading (tests hold each finder to its list). */
export function finderKeys(kind: Kind): readonly string[] | undefined {
  const finder = FINDERS[kind];
  return finder && FINDER_KEYS.get(finder);
}

/** A top-level key → the finders that read it, as bits in DISTINCT_FINDERS' order. */
const KEY_FINDERS = new Map<string, number>();
for (const [finder, keys] of FINDER_KEYS) for (const key of keys) KEY_FINDERS.set(key, (KEY_FINDERS.get(key) ?? 0) | (1 << DISTINCT_FINDERS.indexOf(finder)));
const ALL_FINDERS = (1 << DISTINCT_FINDERS.length) - 1;
/** Finders whose keys are not listed run on every document (a finder added without its keys is never skipped). */
const UNLISTED_FINDERS = DISTINCT_FINDERS.reduce((bits, f, k) => (FINDER_KEYS.has(f) ? bits : bits | (1 << k)), 0);

/**
 * The finders that may find something in one document: those that read one of its keys. One look
 * at each of its few keys, instead of every finder looking for each of its own (an alert
 * configuration has none of the integration, automation and API key fields).
 */
function findersFor(doc: Record<string, unknown>): number {
  let bits = UNLISTED_FINDERS;
  for (const key in doc) bits |= KEY_FINDERS.get(key) ?? 0;
  return bits;
}

/** Runs a finder over a document, an array of documents or an API list response. */
function runFinder(finder: Finder, value: object, out: SecretLocation[]): void {
  const items = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.results) ? value.results : undefined;
  if (isObject(value)) finder(value, '', out);
  if (!items) return;
  const base = items === value ? '' : '/results';
  for (let i = 0; i < items.length; i++) if (isObject(items[i])) finder(items[i], `${base}/${i}`, out);
}

/**
 * Each distinct finder as a fact of a document: asked by two rules and by the output masking for
 * each document, found once per document's facts (the alert kinds share theirs), and let go with
 * them when the engine drops the file.
 */
const FOUND: readonly Fact<readonly SecretLocation[]>[] = DISTINCT_FINDERS.map((finder) => (value) => {
  const list: SecretLocation[] = [];
  if (value !== null && typeof value === 'object') runFinder(finder, value, list);
  return list;
});

/**
 * Every secret value (non-empty string) in a document of this kind. Also accepts an array of
 * documents or an API list response ({results: [...]}), with pointers into it. Found anew: a rule
 * asks documentSecrets, which shares what its document's facts found.
 */
export function findSecrets(kind: Kind, value: unknown): readonly SecretLocation[] {
  const finder = FINDERS[kind];
  if (!finder || value === null || typeof value !== 'object') return [];
  return FOUND[DISTINCT_FINDERS.indexOf(finder)](value, new DocumentFacts(value));
}

/** findSecrets of the document `facts` are about, found once for every rule and the masking. */
export function documentSecrets(facts: DocumentFacts, kind: Kind): readonly SecretLocation[] {
  const finder = FINDERS[kind];
  if (!finder || facts.value === null || typeof facts.value !== 'object') return [];
  return facts.get(FOUND[DISTINCT_FINDERS.indexOf(finder)]);
}

const NONE: readonly SecretLocation[] = Object.freeze([]);

/**
 * The secrets of every kind's finder in a value, in the order of KINDS_WITH_SECRETS (a document
 * linted as another kind than its content is masked by all of them); what the rules found in
 * the same document's `facts` is reused.
 */
export function findSecretsOfAnyKind(value: unknown, facts?: DocumentFacts): readonly SecretLocation[] {
  if (value === null || typeof value !== 'object') return NONE;
  const known = facts?.value === value ? facts : undefined;
  // One document: only the finders that read one of its keys (a list of documents: all of them);
  // another finds nothing in it, asked before or not.
  const finders = isObject(value) && !Array.isArray(value.results) ? findersFor(value) : ALL_FINDERS;
  const out: SecretLocation[] = [];
  for (let k = 0; k < DISTINCT_FINDERS.length; k++) {
    if ((finders & (1 << k)) === 0) continue;
    const hit = known?.peek(FOUND[k]);
    if (hit) for (const s of hit) out.push(s);
    else runFinder(DISTINCT_FINDERS[k], value, out);
  }
  return out.length ? out : NONE;
}

// Redaction masks as the API returns them (DOMAIN §5):
const MASKS: readonly RegExp[] = [
  /^\*{3,}$/, // completely redacted (webhookSecret, integration secret)
  /^\*{3,}[^*\s]{1,12}$/, // a run of * then the last characters ("****8b87", "********oken")
  /^\*{8}-\*{4}-\*{4}-[0-9a-f]{12}$/i, // API key privateKey
  /^[a-z][a-z0-9+.-]*:\/\/\S*\*{3,}$/i, // URL whose path ends in **** (webhookUrl)
  /^[A-Za-z0-9]{1,8}\*{4,}[A-Za-z0-9]{1,8}$/, // "AKIA********XLHG"
  /^REDACTED$/,
  /:\/\/REDACTED:REDACTED@/, // URI userinfo (OM 8.0.26+)
];

/** Whether a value is a redaction mask: writing it back would replace the real secret with it. */
export function isRedactionMask(value: unknown): boolean {
  // Every mask holds a `*` or REDACTED: most values are passed without the expressions.
  return typeof value === 'string' && (value.includes('*') || value.includes('REDACTED')) && MASKS.some((re) => re.test(value));
}

// ---------------------------------------------------------------- secrets by name and by shape

/** Last words of a field name that make it a secret (`datadogApiKey`, `autoPEMKeyFilePwd`, `key`). */
const SECRET_WORDS = new Set([
  'password', 'passwords', 'passwd', 'pwd', 'pass', 'passphrase', 'secret', 'secrets', 'token', 'tokens',
  'key', 'apikey', 'credential', 'credentials',
]);
/** Near-misses are looked for among these (long enough that one typo does not make another word). */
const NEAR_WORDS = ['password', 'passwd', 'passphrase', 'secret', 'token', 'apikey', 'credential', 'credentials'];

/** The words of a field name: camelCase, snake_case, kebab-case and dotted names split. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function nearSecretWord(word: string): boolean {
  if (word.length < 4) return false;
  return NEAR_WORDS.some((w) => Math.abs(w.length - word.length) <= 2 && distance(w, word) <= (word.length >= 6 ? 2 : 1));
}

// Keys detached: a name cut out of a file's text would keep that text for the rest of the process.
const NAME_VERDICTS = new Map<string, boolean>();
const SECRET_LETTERS = /pa|pw|se|to|tk|ke|ky|ap|cr|ur|ho/i;
/** SECRET_LETTERS' pairs, lower case (the text scan's key reader reads them by its own tables). */
export const SECRET_PAIRS: readonly string[] = SECRET_LETTERS.source.split('|');
/** SECRET_LETTERS as a table: the second letters of a pair (bits, a = 1) by its first (lower case). */
const PAIR_SECONDS = new Uint32Array(128);
for (const pair of SECRET_PAIRS) PAIR_SECONDS[pair.charCodeAt(0)] |= 1 << (pair.charCodeAt(1) - 97);

/**
 * Whether text[start, end) holds one of SECRET_LETTERS' pairs, read in place (no string cut out of
 * a big text): a name without one is no secret's name (isSecretFieldName), nor `url`. ASCII only,
 * as /i without the u flag matches ASCII letters.
 */
export function mayNameSecret(text: string, start: number, end: number): boolean {
  for (let i = start; i + 1 < end; i++) {
    const a = text.charCodeAt(i) | 0x20;
    if (a >= 128 || PAIR_SECONDS[a] === 0) continue;
    const b = (text.charCodeAt(i + 1) | 0x20) - 97;
    if (b >= 0 && b < 26 && (PAIR_SECONDS[a] & (1 << b)) !== 0) return true;
  }
  return false;
}

/**
 * Whether a field of this name holds a secret, in any kind and at any level: its last word is
 * password, pwd, secret, token, key… or a near-miss of one (`apiTokn`, `webhookSecert`,
 * `pasword`), or it names a webhook URL. `passwordHash`, `tokenFillRateSeconds`, `keyfile` (a
 * path) are not secrets: their last word says what they are.
 */
export function isSecretFieldName(name: string): boolean {
  // Every secret word and near-miss found so far holds one of these pairs; most names (k123,
  // hostname, port) hold none, and are passed by their character codes, before a lookup that
  // hashes the name (mayNameSecret is SECRET_LETTERS read in place).
  return mayNameSecret(name, 0, name.length) && isPairedNameSecret(name);
}

/** isSecretFieldName of a name known to hold a pair of SECRET_LETTERS (the text scan reads them as it reads the name). */
export function isPairedNameSecret(name: string): boolean {
  let verdict = NAME_VERDICTS.get(name);
  if (verdict !== undefined) return verdict;
  const w = words(name.slice(0, 128));
  const last = w[w.length - 1] ?? '';
  const joined = w.join('');
  verdict =
    !isPublicKeyName(w) && (SECRET_WORDS.has(last) || SECRET_WORDS.has(w.slice(-2).join('')) || /webhookur[li]$/.test(joined) ||
    nearSecretWord(last) || nearSecretWord(w.slice(-2).join('')));
  // Bounded: a hostile document with a million distinct keys must not grow this without end.
  if (NAME_VERDICTS.size < 50_000) NAME_VERDICTS.set(detached(name), verdict);
  return verdict;
}

/**
 * `publicKey` (and `sshPublicKey`, `public_key`): the public half of a key pair names its holder and
 * is shown by Ops Manager in the clear, beside a redacted `privateKey` (docs/serve.md "Redaction").
 * Exactly these words: `publicKeyPassword`, `publicApiKey` or `publickKey` stay secret names.
 */
function isPublicKeyName(w: readonly string[]): boolean {
  return w.length >= 2 && w[w.length - 1] === 'key' && w[w.length - 2] === 'public';
}

/** Keys findSecretsByName walks at most (engine/secret-json.ts tells when a walk stays under it). */
export const MAX_KEYS_WALKED = 200_000;

/**
 * Secrets found by field name anywhere in any value: strings and numbers under secret names,
 * and `url` beside a `type` (an integration of any type, spelt in any case). For masking, not for
 * reports. Iterative: documents may be nested a million deep.
 */
export function findSecretsByName(value: unknown): SecretLocation[] {
  const out: SecretLocation[] = [];
  if (value === null || typeof value !== 'object') return out;
  // Every container met, with its parent and its token there: a pointer is built only for a
  // secret found (a 4.6 MB automation config has 100,000 containers and a handful of secrets).
  const parents: number[] = [-1];
  const tokens: (string | number)[] = [''];
  // Whether a container stands under a secret-named key: its keys and scalars are all secrets.
  const hidden: boolean[] = [false];
  const pointerOf = (container: number, key: string | number): string => {
    let pointer = `/${typeof key === 'number' ? key : escapeToken(key)}`;
    for (let c = container; c > 0; c = parents[c]) pointer = `/${typeof tokens[c] === 'number' ? tokens[c] : escapeToken(tokens[c] as string)}${pointer}`;
    return pointer;
  };
  // The containers to visit and where each is in `parents` (two stacks: no pair per container).
  const stack: unknown[] = [value];
  const stackAt: number[] = [0];
  // for-in reads a key's value through the object's enum cache (Object.keys and obj[key] look each
  // key up again); it lists the same keys in the same order when nothing is inherited: an own
  // prototype of Object.prototype or none, and no enumerable key on Object.prototype itself.
  let plainProto = true;
  for (const _ in Object.prototype) plainProto = false;
  // Bounded: past this many keys (a hostile document of a million keys) the text scan of the
  // masking (secretsInText), which reads the same names as written, is the net.
  let budget = MAX_KEYS_WALKED;
  while (stack.length > 0 && budget > 0) {
    const node = stack.pop();
    const at = stackAt.pop()!;
    const secret = hidden[at];
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        const v: unknown = node[i];
        if (v !== null && typeof v === 'object') enter(v, at, i, secret);
        else if (secret && ((typeof v === 'string' && v !== '') || typeof v === 'number')) out.push({ pointer: pointerOf(at, i), value: String(v), field: String(i) });
      }
      continue;
    }
    const obj = node as Record<string, unknown>;
    const proto: unknown = plainProto ? Object.getPrototypeOf(obj) : undefined;
    if (proto === Object.prototype || proto === null) {
      for (const key in obj) if (!visitKey(obj, key, obj[key], at, secret) || --budget < 0) break;
    } else {
      for (const key of Object.keys(obj)) if (!visitKey(obj, key, obj[key], at, secret) || --budget < 0) break;
    }
  }
  return out;

  function enter(node: object, parent: number, token: string | number, secret: boolean): void {
    parents.push(parent);
    tokens.push(token);
    hidden.push(secret);
    stack.push(node);
    stackAt.push(parents.length - 1);
  }

  /** One key of an object and its value (read in the loop: for-in's fast path); false when the budget is spent. */
  function visitKey(obj: Record<string, unknown>, key: string, v: unknown, at: number, secret: boolean): boolean {
    if (budget <= 0) return (budget = -1), false;
    // A key under a secret, or a secret-named key run into its value (`{apiToken:xoxb-…}`).
    if (secret) out.push({ pointer: pointerOf(at, key), value: key, field: key, inKey: true });
    else if (key.includes(':')) {
      const glued = /^\s*([^:\s]+)\s*:\s*(\S[^]*)$/.exec(key);
      if (glued && isSecretFieldName(glued[1])) out.push({ pointer: pointerOf(at, key), value: glued[2].trim(), field: glued[1], inKey: true });
    }
    const named = secret || isSecretFieldName(key);
    if (v !== null && typeof v === 'object') enter(v, at, key, named);
    else if ((typeof v === 'string' && v !== '') || typeof v === 'number') {
      // `url` beside a `type`: looked up only for a key spelt url (most objects have none).
      if (named || (key.length === 3 && key.toLowerCase() === 'url' && (Object.prototype.hasOwnProperty.call(obj, 'type') || Object.prototype.hasOwnProperty.call(obj, 'typeName')))) out.push({ pointer: pointerOf(at, key), value: String(v), field: key });
    }
    return true;
  }
}

/**
 * Values that are secrets by their shape, wherever they stand (a message, a code frame, a fixed
 * text): vendor token formats, URL passwords, and long mixed-case tokens. Global regexes for
 * replace(); each is linear (no nested quantifiers).
 */
export interface SecretShape {
  re: RegExp;
  /**
   * The characters a match goes on through (sticky, bounded): a quantifier of `re` is bounded,
   * as one that runs over millions of characters overflows the regular expression engine's stack.
   */
  tail?: RegExp;
  /** The secret part of a match, [start, end) (default: all of it); undefined: none. */
  part?: (match: string) => [number, number] | undefined;
  /**
   * What a text must hold for a match of `re` to be masked in it: a run of at least `run`
   * characters of [A-Za-z0-9_+=-] (every character of such a match is one); with `mixed`, such a
   * run with upper case, lower case and digits (`part` masks nothing else); the string `holds`.
   * A text without it is not searched (most lines of a code frame; mask.ts).
   */
  needs: { run?: number; mixed?: boolean; holds?: string };
}

/**
 * A shape with every field written (undefined where it has none), its needs too: all shapes of one
 * object map, which mask.ts's loop reads past checks most texts fail (a shape of another map first
 * met there made V8 compile that loop again).
 */
const shape = ({ re, tail, part, needs }: SecretShape): SecretShape => ({ re, tail, part, needs: { run: needs.run, mixed: needs.mixed === true, holds: needs.holds } });

/** The bound of SECRET_SHAPES' quantifiers; a longer run is followed by `tail`. */
const RUN = 65536;

export const SECRET_SHAPES: readonly SecretShape[] = [
  shape({ re: new RegExp(`\\bxox[abposr]-[A-Za-z0-9-]{8,${RUN}}`, 'g'), tail: new RegExp(`[A-Za-z0-9-]{1,${RUN}}`, 'y'), needs: { run: 13, holds: 'xox' } }), // Slack tokens
  shape({ re: new RegExp(`\\bgh[pousr]_[A-Za-z0-9]{20,${RUN}}`, 'g'), tail: new RegExp(`[A-Za-z0-9]{1,${RUN}}`, 'y'), needs: { run: 24, holds: 'gh' } }), // GitHub tokens
  shape({ re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, needs: { run: 20, holds: 'IA' } }), // AWS access key ids
  shape({ re: new RegExp(`\\bAIza[0-9A-Za-z_-]{30,${RUN}}`, 'g'), tail: new RegExp(`[0-9A-Za-z_-]{1,${RUN}}`, 'y'), needs: { run: 34, holds: 'AIza' } }), // Google API keys
  shape({ re: new RegExp(`\\beyJ[\\w-]{8,${RUN}}\\.[\\w-]{8,${RUN}}\\.[\\w-]{8,${RUN}}`, 'g'), tail: new RegExp(`[\\w-]{1,${RUN}}`, 'y'), needs: { holds: 'eyJ' } }), // JSON web tokens
  // The password of a URL's user-info (bounded: no backtracking over a long line).
  shape({ re: /:\/\/[^\s:@/]{0,256}:[^\s@/]{1,256}@/g, part: (m) => [m.indexOf(':', 3) + 1, m.length - 1], needs: { holds: '://' } }),
  shape({ re: /(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])/g, needs: { run: 32 } }), // 32 hex digits (Datadog, PagerDuty, New Relic keys)
  // A long generated token.
  shape({ re: new RegExp(`[A-Za-z0-9_+=-]{16,${RUN}}`, 'g'), tail: new RegExp(`[A-Za-z0-9_+=-]{1,${RUN}}`, 'y'), part: (m) => (isTokenLike(m) ? [0, m.length] : undefined), needs: { run: 16, mixed: true } }),
];

/** Whether a run of token characters mixes upper case, lower case and digits, as generated secrets do. */
export function isTokenLike(s: string): boolean {
  return s.length >= 16 && /[A-Z]/.test(s) && /[a-z]/.test(s) && /[0-9]/.test(s);
}

/** A pointer as a field path for messages: /notifications/0/apiToken → notifications[0].apiToken. */
export function fieldPath(pointer: string): string {
  let path = '';
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(token) ? `[${token}]` : path === '' ? token : `.${token}`;
  }
  return path;
}

/**
 * A value quoted in a message, cut short only after the message is masked (engine/mask.ts
 * cutQuoted): a secret cut first would no longer be the listed secret, and its start would print.
 */
export const QUOTE_OPEN = '\uE000';
export const QUOTE_CLOSE = '\uE001';
/** Quoted values longer than this are cut (to QUOTE_MAX - 3 characters and `…`). */
export const QUOTE_MAX = 80;

export function quoteForCut(value: string): string {
  return `${QUOTE_OPEN}${value.replace(/[\uE000\uE001]/g, '')}${QUOTE_CLOSE}`;
}
