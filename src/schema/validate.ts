// The schema layer: runs the precompiled validator of a kind and turns ajv's errors into findings
// of the schema rules (required-field, unknown-field, invalid-type, invalid-value,
// deprecated-field, read-only-field), one per real problem, with "did you mean" and fixes.
import type { ErrorObject } from 'ajv';
import { getAt, joinPointer, lastToken } from '../core/pointer';
import type { Fix, MessageReport } from '../core/types';
import type { Kind } from '../core/kinds';
import { isPlaceholder } from '../model/placeholders';
import { SCHEMA_POLICY, type SchemaPolicy } from '../model/schema-policy';
import { collapseUnions } from './collapse';
import { expectedTypes, label, orList, show, typeName } from './describe';
import { loaders, type ValidatorModule } from './generated/index';
import { closestFew, nearKeys, nearMatches } from '../core/near';
import type { SchemaName } from './names';
import { defineBuiltin } from '../core/rule';
import { DocumentFacts } from '../core/facts';
import { fieldsNewerThan } from '../model/field-versions';


/** `skipped`: for rule `template-value`, the rule whose check a template value made moot. */
export type SchemaFinding = MessageReport & { ruleId: string; skipped?: string };

/** Enumerations up to this size are listed whole in messages; larger ones show the nearest few. */
const LIST_ALL = 12;
const NEAREST_FEW = 5;

const modules = new Map<SchemaName, Promise<ValidatorModule>>();
/** The validators loaded so far: a run validates synchronously once its kinds' validators are in. */
const loaded = new Map<SchemaName, ValidatorModule>();
/** Why a validator could not be loaded: each check of its kind fails with it. */
const failed = new Map<SchemaName, unknown>();

function validatorOf(name: SchemaName): Promise<ValidatorModule> {
  let mod = modules.get(name);
  if (!mod) {
    mod = loaders[name]().then((m) => {
      loaded.set(name, m);
      return m;
    });
    modules.set(name, mod);
  }
  return mod;
}

/**
 * Loads the validators of some kinds, so that validateLoaded() can check their documents. A
 * validator that fails to load fails each document's check (an internal-error per document).
 */
export async function loadValidators(kinds: Iterable<SchemaName>): Promise<void> {
  for (const kind of kinds) await validatorOf(kind).catch((e) => failed.set(kind, e));
}

interface Context {
  kind: SchemaName;
  /** Where the kind differs from the generic mapping (model/schema-policy.ts). */
  policy: SchemaPolicy;
  value: unknown;
  knownKeys: Record<string, string[]>;
  /** "parent pointer \0 known key" of each unknown key that is a near-miss of exactly that key. */
  misspelled: Set<string>;
  isTemplate: (value: unknown) => boolean;
  /** The document's facts, shared with its rules (the schema policy asks for its topology). */
  facts: DocumentFacts;
}

/** A finding while the mapper works: required-field findings remember the missing field's name. */
type Draft = SchemaFinding & { missing?: string };

/** Checks a document of a kind against its schema. */
export async function validateSchema(kind: Kind | 'omlint-config', value: unknown, isTemplate?: (value: unknown) => boolean): Promise<SchemaFinding[]> {
  await validatorOf(kind);
  return validateLoaded(kind, value, isTemplate);
}

/**
 * validateSchema() without a promise per document, for a kind whose validator loadValidators()
 * has loaded (else it throws).
 */
export function validateLoaded(kind: Kind | 'omlint-config', value: unknown, isTemplate: (value: unknown) => boolean = isPlaceholder, facts = new DocumentFacts(value), targetVersion?: string): SchemaFinding[] {
  const mod = loaded.get(kind);
  if (!mod) throw failed.get(kind) ?? new Error(`omlint: the validator of ${kind} is not loaded`);
  const validate = mod.default;
  // Fields the schema knows but the target Ops Manager does not (model/field-versions.ts).
  const newer = targetVersion && kind !== 'omlint-config' ? newerThanTarget(kind, value, targetVersion) : [];
  if (validate(value)) return newer;
  const ctx: Context = { kind, policy: SCHEMA_POLICY[kind as Kind] ?? {}, value, knownKeys: mod.knownKeys, misspelled: new Set(), isTemplate, facts };
  const findings: Draft[] = [];
  let unknownKeys = 0;
  for (const error of collapseUnions(validate.errors ?? [])) {
    // A file with hundreds of thousands of bad keys: the engine keeps 10,000 per severity anyway.
    if (error.keyword === 'additionalProperties' && ++unknownKeys > MAX_UNKNOWN_KEYS) continue;
    const finding = toFinding(ctx, error);
    if (finding) findings.push(finding);
  }
  return [...tidy(ctx, findings), ...newer];
}

const MAX_UNKNOWN_KEYS = 20_000;

/**
 * unknown-field as an error for a field the target version does not know yet: the server never saw
 * it, and rejects it (INVALID_ATTRIBUTE: mongodb-atlas-cli #813, go-client-mongodb-ops-manager #212).
 */
function newerThanTarget(kind: Kind, value: unknown, targetVersion: string): SchemaFinding[] {
  return fieldsNewerThan(kind, value, targetVersion).map(({ pointer, field, entry }) => ({
    ruleId: 'unknown-field',
    pointer,
    target: 'key',
    severity: 'error',
    message: `Field \`${field}\` is unknown to Ops Manager ${targetVersion}, the target version: it first appears in Ops Manager ${entry.since.major}.${entry.since.minor}, and an earlier Ops Manager rejects the PUT (INVALID_ATTRIBUTE). Remove it, or raise the target version.`,
    suggestions: [{ title: `Remove ${field}`, ops: [{ op: 'remove', pointer }] }],
  }));
}

/** True when the pointer or one of its ancestors is in the set. */
function underAny(pointer: string, set: Set<string>): boolean {
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    if (set.has(p)) return true;
    if (p === '') return false;
  }
}

/** Drops findings another one already explains, and exact repeats. */
function tidy(ctx: Context, findings: Draft[]): SchemaFinding[] {
  const readOnly = new Set(findings.filter((f) => f.ruleId === 'read-only-field').map((f) => f.pointer));
  const seen = new Set<string>();
  const kept = findings.filter((f) => {
    // The server ignores a read-only field, so what is wrong inside it does not matter.
    if (f.ruleId !== 'read-only-field' && readOnly.size > 0 && underAny(f.pointer, readOnly)) return false;
    // `id` for a required `_id`: the unknown-field finding (did you mean, with its fix) says it all.
    if (f.ruleId === 'required-field' && ctx.misspelled.has(f.pointer + '\0' + f.missing)) return false;
    const key = `${f.ruleId} ${f.pointer} ${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return kept.map(({ missing: _missing, ...finding }) => finding);
}

/** Keywords that judge a value itself (not its presence or its neighbours). */
const VALUE_KEYWORDS = new Set(['type', 'enum', 'const', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);

function toFinding(ctx: Context, e: ErrorObject): Draft | undefined {
  const pointer = e.instancePath;
  const data = getAt(ctx.value, pointer);
  // A template ({{ .Values.region }}, <REGION>) is not the value the server will see: an info,
  // not an error about a value nobody will send.
  if (VALUE_KEYWORDS.has(e.keyword) && typeof data === 'string' && ctx.isTemplate(data)) {
    return { ruleId: 'template-value', pointer, message: `${capitalize(label(pointer))} is a template value: not checked.`, skipped: e.keyword === 'type' ? 'invalid-type' : 'invalid-value' };
  }
  switch (e.keyword) {
    case 'required':
      return requiredField(pointer, String(e.params.missingProperty));
    case 'additionalProperties':
      return unknownField(ctx, e);
    case 'type':
      return invalidType(pointer, data, Array.isArray(e.params.type) ? e.params.type : String(e.params.type).split(','));
    case 'enum':
      return invalidEnum(pointer, data, e.params.allowedValues as unknown[]);
    case 'const':
      return invalidEnum(pointer, data, [e.params.allowedValue]);
    case 'deprecated':
      return deprecatedField(ctx, pointer, data, String(e.params.deprecationMessage ?? ''));
    case 'readOnly':
      return readOnlyField(pointer);
    default:
      return { ruleId: 'invalid-value', pointer, message: invalidValueMessage(e, pointer, data) };
  }
}

function requiredField(pointer: string, field: string): Draft {
  const where = pointer === '' ? '' : ` in ${label(pointer)}`;
  return {
    ruleId: 'required-field',
    pointer,
    target: 'key',
    message: `Missing required field \`${field}\`${where}; add it.`,
    missing: field,
  };
}

function unknownField(ctx: Context, e: ErrorObject): SchemaFinding | undefined {
  const key = String(e.params.additionalProperty);
  const parent = e.instancePath;
  const pointer = joinPointer(parent, key);
  const known = ctx.knownKeys[e.schemaPath.replace(/\/additionalProperties$/, '')] ?? [];
  const near = nearKeys(key, known);
  if (ctx.policy.unknownKeyLeftOut?.(key, near, parent)) return undefined;
  const where = parent === '' ? '' : ` in ${label(parent)}`;
  const effect = ctx.policy.unknownEffect ?? 'the server ignores it';
  const ignored = typeof effect === 'function' ? effect(parent) : effect;
  if (near.length === 0) {
    return {
      ruleId: 'unknown-field',
      pointer,
      target: 'key',
      message: `Unknown field \`${key}\`${where}: ${ignored}. Remove it or check its spelling.`,
    };
  }
  const finding: SchemaFinding = {
    ruleId: 'unknown-field',
    pointer,
    target: 'key',
    message: `Unknown field \`${key}\`${where}: ${ignored}. Did you mean ${orList(near.map((n) => '`' + n + '`'))}?`,
  };
  const siblings = getAt(ctx.value, parent);
  const present = typeof siblings === 'object' && siblings !== null && near[0] in siblings;
  if (near.length === 1 && !present) {
    ctx.misspelled.add(parent + '\0' + near[0]);
    const rename: Fix = { title: `Rename to ${near[0]}`, ops: [{ op: 'rename', pointer, key: near[0] }] };
    // A key cut short or run on (`eventType`, `auth` for `authSchemaVersion`) may mean another field: a suggestion only.
    if (nearMatches(key, near).length === 1) finding.fix = rename;
    else finding.suggestions = [rename];
  } else if (near.length > 1) {
    // Several near names: which one was meant is the author's choice (a suggestion each, never --fix).
    const absent = near.filter((n) => !(typeof siblings === 'object' && siblings !== null && Object.hasOwn(siblings, n)));
    if (absent.length > 0) finding.suggestions = absent.map((n) => ({ title: `Rename to ${n}`, ops: [{ op: 'rename', pointer, key: n }] }));
  }
  return finding;
}

function invalidType(pointer: string, data: unknown, types: string[]): SchemaFinding {
  const finding: SchemaFinding = {
    ruleId: 'invalid-type',
    pointer,
    message: `${capitalize(label(pointer))} must be ${expectedTypes(types)}, not ${typeName(data)}.`,
  };
  // "5" for a number, "true" for a boolean: offer the unquoted value (a suggestion: quoting is
  // sometimes a template's doing).
  if (typeof data === 'string') {
    const number = data.trim() === '' ? NaN : Number(data);
    if ((types.includes('number') || (types.includes('integer') && Number.isInteger(number))) && Number.isFinite(number)) {
      finding.suggestions = [{ title: `Write ${number} without quotes`, ops: [{ op: 'replace', pointer, value: number }] }];
    } else if (types.includes('boolean') && (data === 'true' || data === 'false')) {
      finding.suggestions = [{ title: `Write ${data} without quotes`, ops: [{ op: 'replace', pointer, value: data === 'true' }] }];
    }
  }
  return finding;
}

function invalidEnum(pointer: string, data: unknown, allowed: unknown[]): SchemaFinding {
  const strings = allowed.filter((v): v is string => typeof v === 'string');
  const near = typeof data === 'string' ? nearMatches(data, strings) : [];
  let accepted: string;
  if (allowed.length <= LIST_ALL || typeof data !== 'string') accepted = `expected ${orList(allowed)}`;
  else accepted = `expected one of ${allowed.length} values, e.g. ${orList(near.length > 0 ? near.slice(0, NEAREST_FEW) : closestFew(data, strings, NEAREST_FEW))}`;
  const hint = near.length > 0 && allowed.length > 1 ? ` Did you mean ${orList(near)}?` : '';
  const finding: SchemaFinding = {
    ruleId: 'invalid-value',
    pointer,
    message: `${capitalize(label(pointer))} has the value ${show(data)}; ${accepted}.${hint}`,
  };
  if (near.length === 1) finding.fix = { title: `Replace with ${near[0]}`, ops: [{ op: 'replace', pointer, value: near[0] }] };
  // Several near values: a suggestion each (the author chooses), never applied by --fix.
  else if (near.length > 1) finding.suggestions = near.map((n) => ({ title: `Replace with ${n}`, ops: [{ op: 'replace', pointer, value: n }] }));
  return finding;
}

function deprecatedField(ctx: Context, pointer: string, data: unknown, why: string): SchemaFinding | undefined {
  // An empty list or object (monitoringVersions: [] in every GET) sets nothing: nothing to say.
  if (typeof data === 'object' && data !== null && Object.keys(data).length === 0) return undefined;
  if (ctx.policy.notDeprecated?.(ctx.facts, pointer)) return undefined;
  const finding: SchemaFinding = {
    ruleId: 'deprecated-field',
    pointer,
    target: 'key',
    message: `${capitalize(label(pointer))} is deprecated${why ? `: ${why}` : '.'}`,
  };
  const fix = ctx.policy.deprecationFix?.(ctx.facts, pointer);
  if (fix) finding.fix = fix;
  if (ctx.policy.deprecatedInfo?.(pointer)) finding.severity = 'info';
  return finding;
}

function readOnlyField(pointer: string): SchemaFinding {
  return {
    ruleId: 'read-only-field',
    pointer,
    target: 'key',
    message: `${capitalize(label(pointer))} is a response-only field: the server ignores it in a request body.`,
    suggestions: [{ title: `Remove ${lastToken(pointer)}`, ops: [{ op: 'remove', pointer }] }],
  };
}

const FORMAT_WORDS: Record<string, string> = {
  'date-time': 'an ISO 8601 date-time with a time zone, e.g. 2024-05-01T22:00:00Z',
  email: 'an email address',
  uri: 'an absolute URI',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
};

function invalidValueMessage(e: ErrorObject, pointer: string, data: unknown): string {
  const what = capitalize(label(pointer));
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'format': {
      // Formats apply to dates, addresses and URLs, never to secrets: the value may be shown.
      const expected = FORMAT_WORDS[p.format] ?? `in the ${p.format} format`;
      return `${what} is not ${expected} (it is ${show(data)}).`;
    }
    case 'pattern':
      return `${what} does not match the pattern ${p.pattern}.`;
    case 'minLength':
      return p.limit === 1 ? `${what} must not be empty.` : `${what} must be at least ${p.limit} characters long.`;
    case 'maxLength':
      return `${what} must be at most ${p.limit} characters long (it has ${typeof data === 'string' ? [...data].length : '?'}).`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${what} must be ${p.comparison} ${p.limit} (it is ${show(data)}).`;
    case 'multipleOf':
      return `${what} must be a multiple of ${p.multipleOf}.`;
    case 'minItems':
      return p.limit === 1 ? `${what} must not be empty; give at least one item.` : `${what} must have at least ${p.limit} items.`;
    case 'maxItems':
      return `${what} must have at most ${p.limit} items.`;
    case 'uniqueItems':
      return `${what} has the same item twice (items ${p.j} and ${p.i}); remove one.`;
    case 'minProperties':
      return `${what} must have at least ${p.limit} field${p.limit === 1 ? '' : 's'}.`;
    case 'oneOf':
      return `${what} matches more than one of the accepted shapes.`;
    default:
      return `${what} ${e.message ?? 'is not valid'}.`;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The rule ids this module reports (listed in rules/registry.ts by scripts/gen-rule-index.ts).
export const REQUIRED_FIELD = defineBuiltin({
  id: 'required-field',
  defaultSeverity: 'error',
  description: 'A field the kind always requires is missing.',
  docs: {
    versions: 'every version; in automation configurations featureCompatibilityVersion is required of mongod processes on MongoDB 3.4 and later only (FCV arrived in 3.4; OM\'s GET omits it for older processes), and builds[].architecture is not required (OM 2.x/3.x GETs omit it).',
    why: 'The server rejects the body. The diagnostic stands on the key of the object that lacks the field.',
    bad: `enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    kind: 'alert-config',
  },
});

export const UNKNOWN_FIELD = defineBuiltin({
  id: 'unknown-field',
  defaultSeverity: 'warning',
  fixable: true,
  hasSuggestions: true,
  description: 'A field the kind does not define (did you mean…?).',
  docs: {
    fixes: 'Safe: renaming to the one near field that the mapping does not have yet. Suggestions: each of several near fields (a choice); removing a field the target version does not know.',
    versions:
      'with a target version (`--target-version`, `targetVersion`), a field the schema knows but the target Ops Manager does not yet is an error: `onlineArchiveModules` from Ops Manager 4.4 ' +
      '(4.2 rejects it), `atlasUISes`, `dbCheckModules` and `maintainedEnvoys` from 7.0 (6.0 rejects them). A version is a release series: 6.0.20 is 6.0. Without a target version no field is judged by version.',
    why:
      'What the server does with a field it does not know depends on the kind. Alert configurations, maintenance windows, integrations and the other kinds: the message says the server ignores it, ' +
      'so a typo silently loses a setting (not re-checked per endpoint: an assumption kept from the first version of this rule). Automation configurations: Ops Manager rejects the PUT ' +
      '("400 (request \"INVALID_ATTRIBUTE\") Invalid attribute onlineArchiveModules specified", mongodb/mongodb-atlas-cli issue #813, a top-level attribute; nested attributes are assumed ' +
      'to be treated alike). A GET carries many keys the schema does not list, so in automation configurations only near-misses of known keys are reported, as warnings. ' +
      'Fields per Ops Manager version (src/model/field-versions.ts, docs/versions.md): with a target version, a known field that the target does not know yet is an `unknown-field` error, ' +
      'since that Ops Manager never saw it and rejects it (`atlasUISes`, `dbCheckModules`, `maintainedEnvoys` broke PUTs to Ops Manager 6.0: mongodb/go-client-mongodb-ops-manager PR #210, ' +
      'fixed by PR #212 "#210 breaks for Ops Manager 6.0"). Fields whose first version no source settles (`maintainedMongotunes`, `maintainedRamis`, `oidcProviderConfigs`, ' +
      '`serverlessStateCacheMaintainers`, added to the Go client by PR #263) are not judged by version. ' +
      'Sources: https://github.com/mongodb/mongodb-atlas-cli/issues/813, https://github.com/mongodb/go-client-mongodb-ops-manager/pull/210, https://github.com/mongodb/go-client-mongodb-ops-manager/pull/212, https://github.com/mongodb/go-client-mongodb-ops-manager/pull/263.',
    bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMn: 0
    intervalMin: 60
`,
    good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    kind: 'alert-config',
  },
});

export const INVALID_TYPE = defineBuiltin({
  id: 'invalid-type',
  defaultSeverity: 'error',
  hasSuggestions: true,
  description: 'A value has the wrong JSON type.',
  docs: {
    fixes: 'Suggestion: the quoted number or boolean without its quotes (a template may quote it on purpose).',
    versions: 'every version; the fields real GETs of OM 2.x-8.x return as null are nullable (monitoringVersions/backupVersions baseUrl, roles[].roles, roles[].privileges[].resource.cluster, tls CAFilePath).',
    why: 'The server rejects a string where it expects a number, an object where it expects an array, and so on.',
    bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: "sixty"
`,
    good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    kind: 'alert-config',
  },
});

export const INVALID_VALUE = defineBuiltin({
  id: 'invalid-value',
  defaultSeverity: 'error',
  fixable: true,
  hasSuggestions: true,
  description: 'A value breaks an enumeration, pattern, format, length or range.',
  docs: {
    fixes: 'Safe: the one near accepted value. Suggestions: each of several near values (a choice).',
    why: 'The server rejects values outside the documented set. Enum violations list the accepted values and offer a fix when one is near.',
    bad: `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: ASSERT_REGULAR
  operator: GREATER
  threshold: 5
  units: RAW
  mode: AVERAGE
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    good: `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: ASSERT_REGULAR
  operator: GREATER_THAN
  threshold: 5
  units: RAW
  mode: AVERAGE
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    kind: 'alert-config',
  },
});

export const DEPRECATED_FIELD = defineBuiltin({
  id: 'deprecated-field',
  defaultSeverity: 'warning',
  fixable: true,
  description: 'A field documented as deprecated or obsolete.',
  docs: {
    fixes: 'Safe: removing global `typeName` (ignored), renaming `logRotate.maxUncompressed` to `numUncompressed` (the same setting).',
    versions: 'every version, except slaveDelay: deprecated only for members whose process runs MongoDB 5.0 or later at FCV 5.0 or later (secondaryDelaySecs arrived in 5.0; FCV < 5.0 still uses slaveDelay).',
    why: 'Deprecated fields are ignored or will be removed: global `typeName` is ignored, `monitoringVersions`/`backupVersions` are obsolete, `logRotate.maxUncompressed` is the old name of `numUncompressed`, `slaveDelay` is now `secondaryDelaySecs`, top-level `ssl` is now `tls`.',
    bad: `eventTypeName: HOST_DOWN
enabled: true
forAllGroups: true
typeName: HOST
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    good: `eventTypeName: HOST_DOWN
enabled: true
forAllGroups: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    kind: 'global-alert-config',
  },
});

export const READ_ONLY_FIELD = defineBuiltin({
  id: 'read-only-field',
  defaultSeverity: 'info',
  hasSuggestions: true,
  description: 'A response-only field in a write body; the server ignores it.',
  docs: {
    fixes: 'Suggestion: removing the field (it may be a pasted response kept on purpose).',
    why: 'Fields such as `id`, `created`, `updated`, `links` and `groupId` come back in responses; in a request body they are ignored, which usually means the file is a pasted response.',
    bad: `id: 5a0a1e7e0f2912c554080adc
eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    kind: 'alert-config',
  },
});
