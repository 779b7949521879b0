// What each kind says about the schema's generic findings (kind-specific policy kept out of the
// schema mapper). src/schema/validate.ts maps ajv errors to findings the same way for every kind and
// asks the kind's policy here where a kind differs: which unknown keys another rule reports, what the
// server does with an unknown field, which deprecated fields are not deprecated for a document, the safe fix
// of a deprecated field, and which deprecated fields are only worth an info.
import { getAt, lastToken, parentPointer } from '../core/pointer';
import type { Kind } from '../core/kinds';
import type { Fix } from '../core/types';
import { isBefore, SECONDARY_DELAY_SECS_SINCE } from './automation';
import { levelsOfTopLevelKey } from './automation-fields';
import { topologyOf } from './automation-topology';
import type { DocumentFacts } from '../core/facts';
import { INTEGRATION_FIELDS } from './integrations';

export interface SchemaPolicy {
  /** An unknown key (with its near misses among the known keys, and its parent's pointer) that gets no unknown-field finding. */
  unknownKeyLeftOut?(key: string, near: readonly string[], parent: string): boolean;
  /**
   * What the server does with a field it does not know, as the clause of unknown-field's message
   * (default: "the server ignores it"), or that clause for a field's parent pointer.
   */
  unknownEffect?: string | ((parent: string) => string);
  /** A field deprecated by the schema that is not deprecated in this document. */
  notDeprecated?(facts: DocumentFacts, pointer: string): boolean;
  /** The safe fix of a deprecated field, when there is one. */
  deprecationFix?(facts: DocumentFacts, pointer: string): Fix | undefined;
  /** Deprecated fields whose finding is an info (harmless to keep). */
  deprecatedInfo?(pointer: string): boolean;
}

/** Keys of every integration type: rule integration-field-not-applicable reports another type's keys. */
const INTEGRATION_KEYS = new Set(Object.values(INTEGRATION_FIELDS).flatMap((info) => [...info.required, ...info.optional]));

/**
 * slaveDelay of a member whose process runs MongoDB before 5.0, or runs with an FCV before 5.0:
 * there it is the only name (secondaryDelaySecs arrived in 5.0, and "nodes in FCV < 5.0 still use
 * slaveDelay": DOCS-14169 / SERVER-50423), so it is not deprecated for that process.
 */
function slaveDelayBefore5(facts: DocumentFacts, pointer: string): boolean {
  const m = /^\/replicaSets\/(\d+)\/members\/(\d+)\/slaveDelay$/.exec(pointer);
  if (!m) return false;
  const rs = topologyOf(facts).replicaSets.find((r) => r.index === Number(m[1]));
  const member = rs?.members.find((x) => x.index === Number(m[2]));
  const p = member?.process;
  return isBefore(p?.version, SECONDARY_DELAY_SECS_SINCE) === true || isBefore(p?.value.featureCompatibilityVersion, SECONDARY_DELAY_SECS_SINCE) === true;
}

/** maxUncompressed of a log rotation: renamed numUncompressed (safe unless both are set). */
function logRotateRename(facts: DocumentFacts, pointer: string): Fix | undefined {
  const parent = parentPointer(pointer);
  if (lastToken(pointer) !== 'maxUncompressed' || !/^(\/processes\/\d+\/(logRotate|auditLogRotate)|\/logRotate)$/.test(parent)) return undefined;
  const siblings = getAt(facts.value, parent) as Record<string, unknown>;
  return 'numUncompressed' in siblings ? undefined : { title: 'Rename to numUncompressed', ops: [{ op: 'rename', pointer, key: 'numUncompressed' }] };
}

/** An alert's `typeName` is a leftover of older API versions: removing it changes nothing. */
const ALERT: SchemaPolicy = {
  deprecationFix: (_doc, pointer) => (pointer === '/typeName' ? { title: 'Remove typeName', ops: [{ op: 'remove', pointer }] } : undefined),
};

export const SCHEMA_POLICY: Partial<Record<Kind, SchemaPolicy>> = {
  'alert-config': ALERT,
  'global-alert-config': ALERT,
  integration: { unknownKeyLeftOut: (key) => INTEGRATION_KEYS.has(key) },
  'automation-config': {
    // A GET carries many undocumented keys; only a near-miss is likely a typo. A top-level key of
    // another level (authSchemaVersion) is rule automation-field-level's.
    unknownKeyLeftOut: (key, near, parent) => near.length === 0 || (parent === '' && levelsOfTopLevelKey(key) !== undefined),
    // "400 (request "INVALID_ATTRIBUTE") Invalid attribute onlineArchiveModules specified" for a PUT
    // to Ops Manager 4.2 (mongodb/mongodb-atlas-cli #813): a top-level attribute; nested ones assumed alike.
    unknownEffect: (parent) => (parent === '' ? 'Ops Manager rejects an attribute it does not know (INVALID_ATTRIBUTE)' : 'Ops Manager rejects a top-level attribute it does not know (INVALID_ATTRIBUTE), and is assumed to reject this one alike'),
    notDeprecated: slaveDelayBefore5,
    deprecationFix: logRotateRename,
    // monitoringVersions/backupVersions come back in GET responses and a PUT is an edited GET:
    // keeping them is harmless (only changing them is pointless), so this is information.
    deprecatedInfo: (pointer) => pointer === '/monitoringVersions' || pointer === '/backupVersions',
  },
};
