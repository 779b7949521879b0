// Where secrets live in each kind, what a redaction mask looks like, and what counts as a
// placeholder (RULES.md "Secrets", DOMAIN §5). The engine also uses findSecrets to mask secret
// values in every output, so it visits only the known secret paths: linear in the document.
import type { Kind } from '../kinds/names';
import { escapeToken } from '../engine/pointer';
import { NOTIFICATION_SECRET_FIELDS } from './notifications';

export interface SecretLocation {
  /** JSON pointer of the value, relative to the value given to findSecrets. */
  pointer: string;
  value: string;
  /** The secret's field name (the last pointer token). */
  field: string;
}

type Finder = (doc: Record<string, unknown>, base: string, out: SecretLocation[]) => void;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Records obj[field] when it is a non-empty string. */
function take(obj: unknown, field: string, base: string, out: SecretLocation[]): void {
  if (!isObject(obj) || !Object.prototype.hasOwnProperty.call(obj, field)) return;
  const value = obj[field];
  if (typeof value === 'string' && value !== '') out.push({ pointer: `${base}/${escapeToken(field)}`, value, field });
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
  eachItem(doc.notifications, `${base}/notifications`, (n, p) => takeAll(n, NOTIFICATION_SECRET_FIELDS, p, out));
};

/** Integration secrets (RULES.md list, plus SLACK/FLOWDOCK apiToken). `url` only for WEBHOOK. */
const INTEGRATION_SECRET_FIELDS = [
  'apiKey', 'apiToken', 'serviceKey', 'notificationToken', 'secret', 'password', 'tlsPemPassword',
  'microsoftTeamsWebhookUrl', 'licenseKey', 'writeToken', 'readToken', 'routingKey',
];
const integrationSecrets: Finder = (doc, base, out) => {
  takeAll(doc, INTEGRATION_SECRET_FIELDS, base, out);
  if (doc.type === 'WEBHOOK' || doc.type === undefined) take(doc, 'url', base, out);
};

const TLS_FIELDS = ['autoPEMKeyFilePwd'];
/** mongod/mongos TLS options that hold passwords (net.tls and legacy net.ssl). */
const NET_TLS_FIELDS = ['certificateKeyFilePassword', 'clusterPassword', 'PEMKeyPassword'];
const automationConfigSecrets: Finder = (doc, base, out) => {
  const auth = doc.auth;
  if (isObject(auth)) {
    takeAll(auth, ['autoPwd', 'newAutoPwd', 'key'], `${base}/auth`, out);
    eachItem(auth.usersWanted, `${base}/auth/usersWanted`, (u, p) => takeAll(u, ['pwd', 'initPwd'], p, out));
  }
  takeAll(doc.tls, TLS_FIELDS, `${base}/tls`, out);
  takeAll(doc.ssl, TLS_FIELDS, `${base}/ssl`, out);
  takeAll(doc.prometheus, ['password', 'tlsPemPassword'], `${base}/prometheus`, out);
  takeAll(doc.ldap, ['bindQueryPassword'], `${base}/ldap`, out);
  eachItem(doc.processes, `${base}/processes`, (proc, p) => {
    const net = isObject(proc) && isObject(proc.args2_6) ? proc.args2_6.net : undefined;
    if (!isObject(net)) return;
    takeAll(net.tls, NET_TLS_FIELDS, `${p}/args2_6/net/tls`, out);
    takeAll(net.ssl, NET_TLS_FIELDS, `${p}/args2_6/net/ssl`, out);
  });
};

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

/**
 * Every secret value (non-empty string) in a document of this kind. Also accepts an array of
 * documents or an API list response ({results: [...]}), with pointers into it.
 */
export function findSecrets(kind: Kind, value: unknown): readonly SecretLocation[] {
  const finder = FINDERS[kind];
  if (!finder || value === null || typeof value !== 'object') return [];
  // Asked by two rules and by the output masking for each document: found once.
  let byKind = FOUND.get(value);
  const hit = byKind?.get(kind);
  if (hit) return hit;
  const out: SecretLocation[] = [];
  const visit = (doc: unknown, base: string) => {
    if (isObject(doc)) finder(doc, base, out);
  };
  if (Array.isArray(value)) {
    eachItem(value, '', visit);
  } else if (isObject(value)) {
    visit(value, '');
    if (Array.isArray(value.results)) eachItem(value.results, '/results', visit);
  }
  if (!byKind) FOUND.set(value, (byKind = new Map()));
  byKind.set(kind, out);
  return out;
}

/** Documents' values are never changed once parsed (a fix edits the text, which is parsed anew). */
const FOUND = new WeakMap<object, Map<Kind, readonly SecretLocation[]>>();

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
  return typeof value === 'string' && MASKS.some((re) => re.test(value));
}

// Placeholders that templating tools substitute before the document reaches the API.
const PLACEHOLDERS: readonly RegExp[] = [
  /\$\{[^}]*\}/, // ${VAR}
  /\{\{[^}]*\}\}/, // {{ var }}
  /\$\([^)]*\)/, // $(command)
  /<[^<>]+>/, // <your-token>
  /^\$[A-Za-z_][A-Za-z0-9_]*$/, // $VAR
  /^\{[A-Z0-9_-]+\}$/, // {API-KEY}, the docs' placeholder style
];

/** Whether a value is a placeholder rather than a literal secret. `extra`: config secretPlaceholders. */
export function isPlaceholder(value: unknown, extra: readonly RegExp[] = []): boolean {
  if (typeof value !== 'string') return false;
  if (PLACEHOLDERS.some((re) => re.test(value))) return true;
  return extra.some((re) => {
    re.lastIndex = 0; // a /g or /y regex keeps state between calls
    return re.test(value);
  });
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
