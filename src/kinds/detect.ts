// Which kind a document is, in the order of DESIGN.md: --kind, a config override, a modeline
// (`# omlint: kind=…` or yaml-language-server's `$schema=…/<kind>.schema.json`), the file-name
// convention of schemas/catalog.json (`*.<kind>.yaml`), then content sniffing.
import { KINDS, isKind, type Kind } from './names';
import { INTEGRATION_FIELDS, INTEGRATION_TYPES } from '../model/integrations';

export type KindSource = 'option' | 'config' | 'modeline' | 'file-name' | 'content';

/** One lintable item of a parsed document: the whole document, an array element or a list result. */
export interface KindItem {
  kind?: Kind;
  /** How the kind was found. */
  source?: KindSource;
  value: unknown;
  /** Pointer of the item inside its parsed document ('' for the whole document). */
  base: string;
  /** When no kind was found: why, and the candidates if it is ambiguous. */
  problem?: { message: string; candidates: Kind[]; pointer?: string };
}

export interface Modeline {
  offset: number;
  kind?: Kind;
  /** The name written, when it is no known kind. */
  invalid?: string;
}

const OMLINT_MODELINE = /#\s*omlint:\s*kind\s*=\s*([A-Za-z0-9_-]+)/g;
const YLS_MODELINE = /#\s*yaml-language-server:\s*\$schema=(\S+)/g;

/** Modelines of a text, in order. */
export function findModelines(text: string): Modeline[] {
  const out: Modeline[] = [];
  if (text.indexOf('#') < 0) return out;
  if (text.includes('omlint')) for (const m of text.matchAll(OMLINT_MODELINE)) {
    out.push(isKind(m[1]) ? { offset: m.index!, kind: m[1] } : { offset: m.index!, invalid: m[1] });
  }
  if (text.includes('yaml-language-server')) for (const m of text.matchAll(YLS_MODELINE)) {
    const name = /([A-Za-z0-9_-]+)\.schema\.json(?:[?#].*)?$/.exec(m[1])?.[1];
    if (name && isKind(name)) out.push({ offset: m.index!, kind: name });
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** The kind that a file name declares by the catalog convention `name.<kind>.(json|yaml|yml)`. */
export function kindFromFileName(fileName: string): Kind | undefined {
  const m = /\.([a-z-]+)\.(json|ya?ml)$/i.exec(fileName);
  return m && isKind(m[1]) ? m[1] : undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

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
  if (typeof v.type === 'string' && ((INTEGRATION_TYPES as readonly string[]).includes(v.type) || keys.some((k) => INTEGRATION_KEYS.has(k)))) {
    return ['integration'];
  }
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
    if (!declared && !value.some((r) => isObject(r) && sniffObject(r).length > 0)) {
      return [{ value, base: '', problem: { message: `None of the ${value.length} items of this array is an omlint document: every kind is an object (access-list entries: an array of objects). ${HOW_TO_DECLARE}.`, candidates: [] } }];
    }
    return value.map((r, i) => itemFor(r, `/${i}`, declared));
  }
  return [itemFor(value, '', declared)];
}

function itemFor(value: unknown, base: string, declared?: { kind: Kind; source: KindSource }): KindItem {
  if (declared) return { kind: declared.kind, source: declared.source, value, base };
  if (!isObject(value)) {
    return {
      value,
      base,
      problem: { message: `${value === null ? 'A null' : Array.isArray(value) ? 'An array' : `A ${typeof value}`} is no omlint document: every kind is an object (access-list entries: an array of objects). ${HOW_TO_DECLARE}.`, candidates: [] },
    };
  }
  const candidates = sniffObject(value);
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
  source: { optionKind?: Kind; configKind?: Kind; filePath: string; modelines: Modeline[] },
  docEnd: number,
): { kind: Kind; source: KindSource } | { invalid: string; offset: number } | undefined {
  if (source.optionKind) return { kind: source.optionKind, source: 'option' };
  if (source.configKind) return { kind: source.configKind, source: 'config' };
  let line: Modeline | undefined;
  for (const m of source.modelines) if (m.offset <= docEnd) line = m;
  if (line?.kind) return { kind: line.kind, source: 'modeline' };
  if (line?.invalid) return { invalid: line.invalid, offset: line.offset };
  const fromName = kindFromFileName(source.filePath);
  return fromName ? { kind: fromName, source: 'file-name' } : undefined;
}
