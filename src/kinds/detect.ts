// Which kind a document is, in the order of DESIGN.md: --kind, a config override, a modeline
// (`# omlint: kind=…` or yaml-language-server's `$schema=…/<kind>.schema.json`), the file-name
// convention of schemas/catalog.json (`*.<kind>.yaml`), then content sniffing.
import { KINDS, isKind, kindWithArticle, type Kind } from '../core/kinds';
import { INTEGRATION_FIELDS, INTEGRATION_TYPES } from '../model/integrations';
import { nearMatches } from '../core/near';
import type { Fix } from '../core/types';
import { WithArticle } from '../core/article';
import type { ApiKeyScope } from '../model/roles';

export type KindSource = 'option' | 'config' | 'modeline' | 'file-name' | 'content';

/** One lintable item of a parsed document: the whole document, an array element or a list result. */
export interface KindItem {
  kind?: Kind;
  /** How the kind was found. */
  source?: KindSource;
  value: unknown;
  /** Pointer of the item inside its parsed document ('' for the whole document). */
  base: string;
  /**
   * When no kind was found: why, and the candidates if it is ambiguous or nearly a kind (a
   * misspelt identifying key: then `pointer` is that key and `fix` renames it, when one key is near).
   */
  problem?: { message: string; candidates: Kind[]; pointer?: string; fix?: Fix };
}

// The modeline reader is syntax's (src/syntax/modelines.ts): a SourceFile's comments() hold them.
export { findBrokenModelines, findModelines, type BrokenModeline, type Modeline } from '../syntax/modelines';
import type { Modeline } from '../syntax/modelines';
import { isObject } from '../core/is-object';

/** The kind that a file name declares by the catalog convention `name.<kind>.(json|yaml|yml)`. */
export function kindFromFileName(fileName: string): Kind | undefined {
  const m = /\.([a-z-]+)\.(json|ya?ml)$/i.exec(fileName);
  return m && isKind(m[1]) ? m[1] : undefined;
}

/**
 * The API key scope an api-key-update file's name declares: `<name>.<scope>.api-key-update.(json|yaml|yml)`
 * with scope `global`, `org` or `project` (`group` too: the API's word).
 */
export function apiKeyScopeFromFileName(fileName: string): ApiKeyScope | undefined {
  const m = /\.(global|org|organization|project|group)\.api-key-update\.(json|ya?ml)$/i.exec(fileName);
  if (!m) return undefined;
  const word = m[1].toLowerCase();
  return word === 'global' ? 'global' : word.startsWith('org') ? 'organization' : 'project';
}


const AUTOMATION_KEYS = new Set([
  'processes', 'mongoDbVersions', 'replicaSets', 'sharding', 'auth', 'options', 'tls', 'ssl',
  'prometheus', 'monitoringVersions', 'backupVersions', 'agentVersion', 'indexConfigs', 'roles',
  'balancer', 'clusterWideConfigurations', 'kerberos', 'ldap', 'logRotate', 'mongoDbToolsVersion',
]);
const AUTOMATION_STRONG = ['processes', 'mongoDbVersions', 'replicaSets', 'sharding', 'auth', 'tls', 'prometheus'];
const INTEGRATION_KEYS = new Set<string>(
  Object.values(INTEGRATION_FIELDS).flatMap((f) => [...f.required, ...f.optional]),
);
const ALERT_HINTS = ['notifications', 'matchers', 'metricThreshold', 'threshold', 'enabled'];

/** Some element of v[key] is an object with a string `field` (`notifications[].typeName`). */
function someItemHas(v: Record<string, unknown>, key: string, field: string): boolean {
  const list = v[key];
  return Array.isArray(list) && list.some((e) => isObject(e) && typeof e[field] === 'string');
}

/**
 * An alert configuration without `eventTypeName` (the docs' response examples cut it): its
 * notifications carry `typeName` or its matchers `fieldName`, which no other document has.
 */
function alertStructure(v: Record<string, unknown>): boolean {
  return someItemHas(v, 'notifications', 'typeName') || someItemHas(v, 'matchers', 'fieldName');
}

/** The kinds an object's fields suggest. */
export function sniffObject(v: Record<string, unknown>): Kind[] {
  const keys = Object.keys(v);
  const has = (k: string) => Object.prototype.hasOwnProperty.call(v, k);
  const out: Kind[] = [];
  if (has('eventTypeName')) {
    // Alerts (instances) carry status and alertConfigId; they are not configurations.
    if (!has('status') && !has('alertConfigId')) {
      if (has('forAllGroups') || has('groupIds')) out.push('global-alert-config');
      else if (ALERT_HINTS.some(has)) out.push('alert-config');
    }
    return out;
  }
  if (alertStructure(v) && !has('status') && !has('alertConfigId') && !nearMisses(v).has('eventTypeName')) {
    return [has('forAllGroups') || has('groupIds') ? 'global-alert-config' : 'alert-config'];
  }
  if (typeof v.type === 'string' && ((INTEGRATION_TYPES as readonly string[]).includes(v.type) || keys.some((k) => INTEGRATION_KEYS.has(k)))) {
    return ['integration'];
  }
  // An alert test: its deployment and cases (no API body has either key).
  if (has('deployment') && has('cases')) return ['alert-test'];
  const windowFields = ['alertTypeNames', 'startDate', 'endDate'].filter(has).length;
  if (windowFields === 3) return ['maintenance-window'];
  if (windowFields > 0 && keys.every((k) => ['alertTypeNames', 'startDate', 'endDate', 'description'].includes(k))) {
    return ['maintenance-window-update'];
  }
  if (keys.length > 0 && keys.every((k) => k === 'acknowledgedUntil' || k === 'acknowledgementComment')) {
    return ['alert-acknowledgement'];
  }
  if (keys.length > 0 && keys.every((k) => k === 'desc' || k === 'roles') && (!has('roles') || Array.isArray(v.roles))) {
    return ['api-key-update'];
  }
  if (!has('goalVersion') && AUTOMATION_STRONG.some(has) && keys.filter((k) => AUTOMATION_KEYS.has(k)).length >= Math.ceil(keys.length / 2)) {
    out.push('automation-config');
  }
  return out;
}

// ---------------------------------------------------------------- near misses
// A document whose identifying key is misspelt (`eventTypename`, `alertTypeName`, `"typ"`) must
// not pass as "no omlint document": it gets unknown-kind naming the kind it nearly is.

/** Keys read for near misses, at most (a hostile mapping may have 100,000). */
const NEAR_MISS_KEYS = 1000;

/** The keys that identify a kind, which a near miss is measured against. */
const IDENTIFYING_KEYS = ['eventTypeName', 'alertTypeNames', 'startDate', 'endDate', 'type', 'processes', 'replicaSets', 'mongoDbVersions', 'acknowledgedUntil'];
const IDENTIFYING_LENGTHS = IDENTIFYING_KEYS.map((k) => k.length);
const isString = (x: unknown) => typeof x === 'string';
/** The value a near-miss key must hold to count: a `process:` mapping is no misspelt `processes`. */
const VALUE_FITS: Record<string, (x: unknown) => boolean> = {
  eventTypeName: isString,
  alertTypeNames: (x) => Array.isArray(x) || isString(x),
  type: isString,
  processes: Array.isArray,
  replicaSets: Array.isArray,
  mongoDbVersions: Array.isArray,
};

/**
 * The keys of `v` that are near misses (case, or an edit or two) of absent identifying keys:
 * meant → written. One pass over the keys, most of which a length comparison rules out.
 */
function nearMisses(v: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  let n = 0;
  for (const k in v) {
    if (++n > NEAR_MISS_KEYS) break;
    for (let i = 0; i < IDENTIFYING_KEYS.length; i++) {
      if (Math.abs(k.length - IDENTIFYING_LENGTHS[i]) > 2) continue;
      const meant = IDENTIFYING_KEYS[i];
      if (out.has(meant) || Object.prototype.hasOwnProperty.call(v, meant) || !(VALUE_FITS[meant]?.(v[k]) ?? true)) continue;
      if (nearMatches(k, [meant]).length > 0) out.set(meant, k);
    }
  }
  return out;
}

/** Integration keys that only integrations have (not url, username, enabled…). */
const DISTINCT_INTEGRATION_KEYS = new Set(
  [...INTEGRATION_KEYS].filter((k) => !['url', 'username', 'password', 'enabled', 'region', 'secret', 'scheme'].includes(k)),
);
const WINDOW_KEYS = ['alertTypeNames', 'startDate', 'endDate'];
const AUTOMATION_LONG_KEYS = ['processes', 'replicaSets', 'mongoDbVersions'];

interface NearMiss {
  kind: Kind;
  /** Written key → meant key. */
  keys: [string, string][];
}

function nearMissKind(v: Record<string, unknown>): NearMiss | undefined {
  const has = (k: string) => Object.prototype.hasOwnProperty.call(v, k);
  const near = nearMisses(v);
  if (near.size === 0) return undefined;
  const nearMissOf = (meant: string) => near.get(meant);
  const alertKey = nearMissOf('eventTypeName');
  if (alertKey && !has('status') && !has('alertConfigId')) {
    return { kind: has('forAllGroups') || has('groupIds') ? 'global-alert-config' : 'alert-config', keys: [[alertKey, 'eventTypeName']] };
  }
  const windowNear = WINDOW_KEYS.map((k) => [nearMissOf(k), k] as const).filter((p): p is [string, string] => p[0] !== undefined);
  // startDate and endDate are common words (`start_date`): a window needs alertTypeNames, or one
  // of the dates spelt exactly.
  const windowLike = has('alertTypeNames') || nearMissOf('alertTypeNames') !== undefined || has('startDate') || has('endDate');
  if (windowNear.length > 0 && windowLike) {
    const present = WINDOW_KEYS.filter(has).length + windowNear.length;
    const onlyWindow = Object.keys(v).every((k) => WINDOW_KEYS.includes(k) || k === 'description' || windowNear.some(([w]) => w === k));
    if (present === 3) return { kind: 'maintenance-window', keys: windowNear };
    if (present === 2 || onlyWindow) return { kind: 'maintenance-window-update', keys: windowNear };
  }
  const typeKey = nearMissOf('type');
  if (typeKey) {
    const value = v[typeKey];
    const typeLike = typeof value === 'string' && ((INTEGRATION_TYPES as readonly string[]).includes(value) || nearMatches(value, INTEGRATION_TYPES).length > 0);
    if (typeLike || Object.keys(v).some((k) => DISTINCT_INTEGRATION_KEYS.has(k))) return { kind: 'integration', keys: [[typeKey, 'type']] };
  }
  if (!has('goalVersion')) {
    const autoNear = AUTOMATION_LONG_KEYS.map((k) => [nearMissOf(k), k] as const).filter((p): p is [string, string] => p[0] !== undefined);
    const autoExact = Object.keys(v).filter((k) => AUTOMATION_KEYS.has(k)).length;
    if (autoNear.length > 0 && autoNear.length + autoExact >= 2) return { kind: 'automation-config', keys: autoNear };
  }
  const ackKey = nearMissOf('acknowledgedUntil');
  if (ackKey) return { kind: 'alert-acknowledgement', keys: [[ackKey, 'acknowledgedUntil']] };
  return undefined;
}

/** Whether an object looks like an omlint document: a kind, or nearly one. */
function resemblesKind(v: unknown): boolean {
  return isObject(v) && (sniffObject(v).length > 0 || nearMissKind(v) !== undefined);
}

function nearMissProblem(near: NearMiss): NonNullable<KindItem['problem']> {
  const [[written, meant]] = near.keys;
  const pointer = '/' + written.replace(/~/g, '~0').replace(/\//g, '~1');
  const keys = near.keys.map(([w, m]) => `"${w}" (did you mean \`${m}\`?)`).join(', ');
  return {
    message: `This looks like ${kindWithArticle(near.kind)}, but omlint cannot be sure: ${near.keys.length === 1 ? 'its key' : 'its keys'} ${keys} ${near.keys.length === 1 ? 'is' : 'are'} no field of any kind. Fix the spelling, or declare the kind (--kind, a config override or "# omlint: kind=${near.kind}").`,
    candidates: [near.kind],
    pointer,
    fix: near.keys.length === 1 ? { title: `Rename to ${meant}`, ops: [{ op: 'rename', pointer, key: meant }] } : undefined,
  };
}

function isAccessListArray(v: unknown[]): boolean {
  return v.length > 0 && v.every((e) => isObject(e) && ('ipAddress' in e || 'cidrBlock' in e) && !('eventTypeName' in e));
}

function isListResponse(v: Record<string, unknown>): boolean {
  return Array.isArray(v.results) && ('totalCount' in v || 'links' in v);
}

const HOW_TO_DECLARE =
  'Declare it with --kind <kind>, a config override (overrides: [{files: [...], kind: ...}]), or a modeline comment "# omlint: kind=<kind>"';

/**
 * Splits a document into lintable items and finds the kind of each.
 * `declared` is the kind from --kind, config, modeline or file name (with its source), if any.
 */
export function detectItems(value: unknown, declared?: { kind: Kind; source: KindSource }): KindItem[] {
  // An API list response: each result is one item.
  if (isObject(value) && isListResponse(value)) {
    return (value.results as unknown[]).map((r, i) => itemFor(r, `/results/${i}`, declared));
  }
  if (Array.isArray(value)) {
    // The access-list POST body is itself an array.
    if (declared?.kind === 'access-list-entries' || (!declared && isAccessListArray(value))) {
      return [{ kind: 'access-list-entries', source: declared?.source ?? 'content', value, base: '' }];
    }
    if (value.length === 0) {
      return [{ value, base: '', problem: { message: `An empty array holds no document. ${HOW_TO_DECLARE}.`, candidates: [] } }];
    }
    // An array of which no item looks like an omlint document is one unknown document: one
    // diagnostic, not one per item (a million-item array would give a million).
    if (!declared && !value.some(resemblesKind)) {
      return [{ value, base: '', problem: { message: `None of the ${value.length} items of this array is an omlint document: every kind is an object (access-list entries: an array of objects). ${HOW_TO_DECLARE}.`, candidates: [] } }];
    }
    return value.map((r, i) => itemFor(r, `/${i}`, declared));
  }
  return [itemFor(value, '', declared)];
}

function itemFor(value: unknown, base: string, declared?: { kind: Kind; source: KindSource }): KindItem {
  if (declared) {
    const contradiction = declared.source === 'file-name' && isObject(value) ? nameContradicted(declared.kind, value) : undefined;
    if (contradiction) return { value, base, problem: contradiction };
    return { kind: declared.kind, source: declared.source, value, base };
  }
  if (!isObject(value)) {
    return {
      value,
      base,
      problem: { message: `${value === null ? 'A null' : Array.isArray(value) ? 'An array' : WithArticle(typeof value)} is no omlint document: every kind is an object (access-list entries: an array of objects). ${HOW_TO_DECLARE}.`, candidates: [] },
    };
  }
  const candidates = sniffObject(value);
  if (candidates.length === 0) {
    const near = nearMissKind(value);
    if (near) return { value, base, problem: nearMissProblem(near) };
  }
  if (candidates.length === 1) return { kind: candidates[0], source: 'content', value, base };
  if (candidates.length > 1) {
    return {
      value,
      base,
      problem: { message: `The kind is ambiguous: it could be ${candidates.join(' or ')}. ${HOW_TO_DECLARE}.`, candidates },
    };
  }
  return {
    value,
    base,
    problem: {
      message: `omlint cannot tell which kind of document this is (kinds: ${KINDS.join(', ')}). ${HOW_TO_DECLARE}.`,
      candidates: [],
    },
  };
}

/**
 * The kind declared for a document ending at `docEnd`, in DESIGN.md's order: --kind, a config
 * override, the last modeline before the document's end, the file-name convention.
 * `invalid` when that modeline names no kind.
 */
export function declaredKind(
  source: { optionKind?: Kind; configKind?: Kind; filePath: string; modelines: Modeline[]; fileNameKind?: Kind | null },
  docEnd: number,
): { kind: Kind; source: KindSource } | { invalid: string; offset: number } | undefined {
  if (source.optionKind) return { kind: source.optionKind, source: 'option' };
  if (source.configKind) return { kind: source.configKind, source: 'config' };
  let line: Modeline | undefined;
  for (const m of source.modelines) if (m.offset <= docEnd) line = m;
  if (line?.kind) return { kind: line.kind, source: 'modeline' };
  if (line?.invalid) return { invalid: line.invalid, offset: line.offset };
  // Asked for each document of a file and once more for the file: its name read once.
  const fromName = source.fileNameKind !== undefined ? source.fileNameKind : (source.fileNameKind = kindFromFileName(source.filePath) ?? null);
  return fromName ? { kind: fromName, source: 'file-name' } : undefined;
}

// ---------------------------------------------------------------- a file name that says otherwise
// A file name is a convention, easily wrong (a copy saved under the old name): when the content
// plainly reads as another kind, one diagnostic says so instead of the declared kind's schema
// reporting every field as wrong. Kin kinds (an alert-config and a global one, a window and its
// update) stay with the schema, which names the field that differs.

const FAMILY: Record<Kind, string> = {
  'alert-config': 'alert',
  'global-alert-config': 'alert',
  'maintenance-window': 'window',
  'maintenance-window-update': 'window',
  integration: 'integration',
  'automation-config': 'automation-config',
  'api-key-update': 'api-key-update',
  'access-list-entries': 'access-list-entries',
  'alert-acknowledgement': 'alert-acknowledgement',
  'alert-test': 'alert-test',
};

/** The keys of which one at least stands in every document of a kind (a document with one is no other kind "plainly"). */
const OWN_KEYS: Record<Kind, readonly string[]> = {
  'alert-config': ['eventTypeName'],
  'global-alert-config': ['eventTypeName'],
  'maintenance-window': WINDOW_KEYS,
  'maintenance-window-update': [...WINDOW_KEYS, 'description'],
  integration: ['type'],
  'automation-config': AUTOMATION_STRONG,
  'api-key-update': ['desc', 'roles'],
  'access-list-entries': ['ipAddress', 'cidrBlock'],
  'alert-acknowledgement': ['acknowledgedUntil', 'acknowledgementComment'],
  'alert-test': ['deployment', 'cases'],
};

/** The key that shows a document is of a sniffed kind, where the diagnostic stands. */
function evidenceKey(kind: Kind, v: Record<string, unknown>): string | undefined {
  const first = (keys: readonly string[]) => keys.find((k) => Object.prototype.hasOwnProperty.call(v, k));
  if (FAMILY[kind] === 'alert') return first(['eventTypeName', 'notifications', 'matchers']);
  return first(OWN_KEYS[kind]);
}

/**
 * When a document named as `named` plainly reads as another kind: the content sniffs as exactly
 * one kind, of another family, by its own keys (an api-key-update is sniffed by the absence of
 * others: never plain), and has none of the keys every `named` document carries.
 */
function nameContradicted(named: Kind, v: Record<string, unknown>): KindItem['problem'] | undefined {
  // Asked first: a document with a key of its named kind (nearly every one) needs no sniffing.
  if (OWN_KEYS[named].some((k) => Object.prototype.hasOwnProperty.call(v, k))) return undefined;
  const sniffed = sniffObject(v);
  if (sniffed.length !== 1) return undefined;
  const [reads] = sniffed;
  if (FAMILY[reads] === FAMILY[named] || reads === 'api-key-update') return undefined;
  const key = evidenceKey(reads, v);
  return {
    message: `The file is named as ${kindWithArticle(named)}, but this reads as ${kindWithArticle(reads)}${key ? ` (it has ${key})` : ''}, so omlint checks it as neither. Rename the file to end in ".${reads}.yaml" (or .json), or declare the kind (--kind, a config override or "# omlint: kind=${reads}").`,
    candidates: [reads],
    pointer: key === undefined ? undefined : '/' + key,
  };
}

// ---------------------------------------------------------------- a kind misspelt in a file name

/** `name.<word>.(json|yaml|yml)` where the word is no kind but near one (`cpu.alert-confg.yaml`). */
export function nearKindInFileName(filePath: string): { name: string; written: string; near: Kind[] } | undefined {
  const name = filePath.slice(Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1);
  const m = /\.([A-Za-z0-9_-]+)\.(json|ya?ml)$/i.exec(name);
  if (!m || isKind(m[1])) return undefined;
  const near = nearMatches(m[1], KINDS) as Kind[];
  return near.length > 0 ? { name, written: m[1], near } : undefined;
}

/** The message for a file name that nearly declares a kind. */
export function nearKindInFileNameMessage(found: { name: string; written: string; near: Kind[] }): string {
  const names = found.near.map((k) => `"${k}"`).join(' or ');
  const renamed = found.name.slice(0, found.name.length - found.written.length - (found.name.length - found.name.lastIndexOf('.'))) + found.near[0] + found.name.slice(found.name.lastIndexOf('.'));
  return `The file name "${found.name}" declares "${found.written}", which is no omlint kind: did you mean ${names}? Rename it to ${renamed}; until then its kind comes from its content.`;
}

// ---------------------------------------------------------------- a text that does not parse
// A text that does not parse has no value to sniff; what can be read of it is its keys. A file of
// no declared kind is reported only when they look like one of ours (the identifying keys of each
// kind, near misses included); a Helm template or a tsconfig.json with comments is not ours.

/** Distinct keys read from a text, at most (the scan itself stays one pass). */
const TEXT_SCAN_KEYS = 10_000;
/** A key: `"key":` or `'key':` anywhere, `key:` at a line's start (after `- `) or after `{` or `,`. */
const TEXT_KEY = /"((?:[^"\\\n]|\\.){1,100})"[ \t]*:|'([^'\n]{1,100})'[ \t]*:|(?:^|[{,])[ \t]*(?:-[ \t]+)*([A-Za-z_$][\w$.-]{0,99})[ \t]*:(?=[ \t\r\n]|$)/gm;
/** A short key with an upper-case value (an integration's `type: SLACK`, as the API writes it). */
const TEXT_TYPE = /["']?\b([A-Za-z]{3,6})["']?[ \t]*:[ \t]*["']?([A-Z][A-Z_]{2,30})\b/g;
/** A role name of Ops Manager (`GROUP_OWNER`, `ORG_MEMBER`, `GLOBAL_READ_ONLY`). */
const TEXT_ROLE = /\b(?:ORG|GROUP|GLOBAL)_[A-Z_]{3,}\b/;
/** Keys of automation configs: two of these, or one of the automation's own (`args2_6`, `usersWanted`…). */
const AUTOMATION_TEXT_KEYS = ['processes', 'replicaSets', 'mongoDbVersions', 'monitoringVersions', 'backupVersions', 'agentVersion', 'mongoDbToolsVersion', 'indexConfigs', 'clusterWideConfigurations'];
const AUTOMATION_OWN_KEYS = ['args2_6', 'processType', 'usersWanted', 'autoAuthMechanism', 'autoAuthMechanisms', 'configServerReplica'];

/** The keys of a text, read without parsing it. */
export function keysOfText(text: string): Set<string> {
  const keys = new Set<string>();
  for (const m of text.matchAll(TEXT_KEY)) {
    keys.add(m[1] ?? m[2] ?? m[3]);
    if (keys.size >= TEXT_SCAN_KEYS) break;
  }
  return keys;
}

/** A key of `keys` that is `meant` or a near miss of it. */
function keyNear(keys: Set<string>, meant: string): string | undefined {
  if (keys.has(meant)) return meant;
  for (const k of keys) if (Math.abs(k.length - meant.length) <= 2 && nearMatches(k, [meant]).length > 0) return k;
  return undefined;
}

/**
 * Whether a text that does not parse looks like a document of some kind, read as a tolerant scan
 * of its keys: the kind and the key that says so, or undefined (no identifying key of any kind).
 */
export function kindFromText(text: string): { kind: Kind; key: string } | undefined {
  const keys = keysOfText(text);
  // An alert test's hosts carry typeName and its cases notifications: its own keys come first.
  if (keys.has('deployment') && keys.has('cases')) return { kind: 'alert-test', key: 'deployment' };
  const alertKey = keyNear(keys, 'eventTypeName');
  if (alertKey) return { kind: keys.has('forAllGroups') || keys.has('groupIds') ? 'global-alert-config' : 'alert-config', key: alertKey };
  if (keys.has('notifications') && keys.has('typeName')) return { kind: 'alert-config', key: 'notifications' };
  if (keys.has('matchers') && keys.has('fieldName')) return { kind: 'alert-config', key: 'matchers' };
  const windowKey = keyNear(keys, 'alertTypeNames');
  if (windowKey) return { kind: 'maintenance-window', key: windowKey };
  const ackKey = keyNear(keys, 'acknowledgedUntil') ?? (keys.has('acknowledgementComment') ? 'acknowledgementComment' : undefined);
  if (ackKey) return { kind: 'alert-acknowledgement', key: ackKey };
  const own = AUTOMATION_OWN_KEYS.find((k) => keys.has(k));
  const automation = AUTOMATION_TEXT_KEYS.filter((k) => keys.has(k));
  if (own || automation.length >= 2) return { kind: 'automation-config', key: own ?? automation[0] };
  for (const [, key, value] of text.matchAll(TEXT_TYPE)) {
    if ((key === 'type' || nearMatches(key, ['type']).length > 0) && ((INTEGRATION_TYPES as readonly string[]).includes(value) || nearMatches(value, INTEGRATION_TYPES).length > 0)) {
      return { kind: 'integration', key };
    }
  }
  if (keys.has('roles') && TEXT_ROLE.test(text)) return { kind: 'api-key-update', key: 'roles' };
  // The update bodies that carry none of the keys above: a window's dates, a key's desc alone.
  if (keys.has('startDate') && keys.has('endDate')) return { kind: 'maintenance-window-update', key: 'startDate' };
  if (keys.size > 0 && [...keys].every((k) => k === 'desc' || k === 'roles')) return { kind: 'api-key-update', key: keys.has('desc') ? 'desc' : 'roles' };
  if (keys.has('cidrBlock')) return { kind: 'access-list-entries', key: 'cidrBlock' };
  if (keys.has('ipAddress')) return { kind: 'access-list-entries', key: 'ipAddress' };
  return undefined;
}
