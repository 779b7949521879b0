// Values of fields that the schemas keep as plain strings but the API restricts (event types,
// metric names, notification types, roles…), and what a value means, from src/model.
import type { Kind } from '../core/kinds';
import { isAlertKind as isAlert } from '../model/alerts';
import { eventInfo, eventTypeNamesFor, isAtlasOnlyEvent, MATCHER_FIELDS_BY_TARGET, TARGET_LABEL } from '../model/events';
import { INTEGRATION_FIELDS, type IntegrationType } from '../model/integrations';
import { MATCHER_OPERATORS, THRESHOLD_OPERATORS, TYPE_NAME_VALUES } from '../model/matchers';
import { METRIC_NAMES, metricInfo } from '../model/metrics';
import { notificationTypeInfo, notificationTypesFor } from '../model/notifications';
import { GLOBAL_ROLES, ORG_ROLES, PROJECT_ROLES } from '../model/roles';
import { unitFamily } from '../model/units';
import { WINDOW_ALERT_TYPES } from '../model/windows';
import { referenceNames } from './reference-names';
import { isObject } from '../core/is-object';

type Path = readonly (string | '#')[];

/** Whether pointer tokens match a pattern ('#' stands for any array index). */
function matches(tokens: string[], pattern: Path): boolean {
  return tokens.length === pattern.length && pattern.every((p, i) => (p === '#' ? /^\d+$/.test(tokens[i]) : p === tokens[i]));
}

const scopeOf = (kind: Kind) => (kind === 'global-alert-config' ? 'global' : 'project');

function objectAt(value: unknown, tokens: string[]): Record<string, unknown> | undefined {
  let cur: unknown = value;
  for (const t of tokens) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[t];
  }
  return isObject(cur) ? (cur as Record<string, unknown>) : undefined;
}

/**
 * Values for a field the schema types as a plain string. `tokens`: the field's pointer relative
 * to the item; `value`: the item's (possibly stale) value, for fields that depend on siblings.
 */
export function modelValues(kind: Kind, tokens: string[], value: unknown): readonly string[] | undefined {
  if (isAlert(kind)) {
    if (matches(tokens, ['eventTypeName'])) return eventTypeNamesFor(scopeOf(kind));
    if (matches(tokens, ['metricThreshold', 'metricName'])) return METRIC_NAMES;
    if (matches(tokens, ['notifications', '#', 'typeName'])) return notificationTypesFor(scopeOf(kind));
    if (matches(tokens, ['notifications', '#', 'roles', '#']) || matches(tokens, ['notifications', '#', 'role'])) {
      const typeName = objectAt(value, tokens.slice(0, 2))?.typeName;
      if (typeName === 'ORG') return ORG_ROLES;
      if (typeName === 'GROUP') return PROJECT_ROLES;
      return [...PROJECT_ROLES, ...ORG_ROLES];
    }
    if (matches(tokens, ['matchers', '#', 'value'])) {
      return objectAt(value, tokens.slice(0, 2))?.fieldName === 'TYPE_NAME' ? TYPE_NAME_VALUES : undefined;
    }
  }
  if ((kind === 'maintenance-window' || kind === 'maintenance-window-update') && matches(tokens, ['alertTypeNames', '#'])) {
    return WINDOW_ALERT_TYPES;
  }
  if (kind === 'api-key-update' && matches(tokens, ['roles', '#'])) return GLOBAL_ROLES;
  if (kind === 'automation-config') return referenceNames(tokens, value);
  return undefined;
}

const OPERATOR_WORDS: Record<string, string> = {
  EQUALS: 'the property equals the value',
  NOT_EQUALS: 'the property differs from the value',
  CONTAINS: 'the property contains the value',
  NOT_CONTAINS: 'the property does not contain the value',
  STARTS_WITH: 'the property starts with the value',
  ENDS_WITH: 'the property ends with the value',
  REGEX: 'the property matches the value as a regular expression',
  GREATER_THAN: 'the alert fires when the measurement is above the threshold',
  LESS_THAN: 'the alert fires when the measurement is below the threshold',
};

const UNIT_WORDS: Record<string, string> = {
  raw: 'a plain number: counts, rates, ratios and percentages',
  data: 'a data size unit, for metrics that measure sizes',
  time: 'a time unit, for metrics that measure durations',
  rpu: 'read/write processing units',
};

const FAMILY_WORDS: Record<string, string> = {
  data: 'measures a size: give the threshold in a data unit (BYTES, KILOBYTES, MEGABYTES, GIGABYTES…) or RAW',
  time: 'measures a duration: give the threshold in a time unit (MILLISECONDS, SECONDS, MINUTES, HOURS…) or RAW',
  raw: 'give the threshold in RAW units',
};

const MEASURE_WORDS: Record<string, string> = { count: 'a count', rate: 'a rate per second', ratio: 'a ratio', percent: 'a percentage' };

function list(names: readonly string[]): string {
  return names.length ? names.map((n) => `\`${n}\``).join(', ') : 'none';
}

/** What a value of a field means (markdown), when the model knows it. */
export function valueMeaning(kind: Kind, tokens: string[], v: string): string | undefined {
  const last = tokens[tokens.length - 1];
  if (isAlert(kind) && matches(tokens, ['eventTypeName'])) {
    if (isAtlasOnlyEvent(v)) return `\`${v}\` is an Atlas event type: Ops Manager never raises it.`;
    const info = eventInfo(v);
    if (!info) return undefined;
    const parts = [`\`${v}\`: ${info.category} event, target ${TARGET_LABEL[info.target]}; scopes: ${info.scopes.join(', ')}.`];
    if (info.target !== 'other') parts.push(`Matchers may test ${list(MATCHER_FIELDS_BY_TARGET[info.target])}.`);
    else parts.push('Matchers do not apply.');
    if (info.metricThreshold === 'required') parts.push('Requires `metricThreshold`.');
    if (info.threshold === 'required') parts.push('Requires `threshold`.');
    if (!info.scopes.includes(scopeOf(kind))) parts.push(`Not accepted in a ${scopeOf(kind)} configuration.`);
    return parts.join(' ');
  }
  if (isAlert(kind) && matches(tokens, ['metricThreshold', 'metricName'])) {
    const info = metricInfo(v);
    if (!info) return undefined;
    if (info.family === 'raw') return `\`${v}\` is ${MEASURE_WORDS[info.measure ?? 'count'] ?? 'a number'}: ${FAMILY_WORDS.raw}.`;
    return info.family === 'unknown' ? undefined : `\`${v}\` ${FAMILY_WORDS[info.family]}.`;
  }
  if (last === 'units' && tokens.length >= 2) {
    const fam = unitFamily(v);
    return fam ? `\`${v}\`: ${UNIT_WORDS[fam]}.` : undefined;
  }
  if (isAlert(kind) && matches(tokens, ['notifications', '#', 'typeName'])) {
    const info = notificationTypeInfo(v);
    if (!info) return undefined;
    const parts = [`\`${v}\` notification. Required fields: ${list(info.required)}; optional: ${list(info.optional)}. Scopes: ${info.scopes.join(', ')}.`];
    if (info.noInterval) parts.push('It takes no `intervalMin`.');
    if (info.deprecation) parts.push(`Deprecated: ${info.deprecation.reason}${info.deprecation.removedIn ? ` (removed in ${info.deprecation.removedIn})` : ''}.`);
    return parts.join(' ');
  }
  if (isAlert(kind) && matches(tokens, ['matchers', '#', 'fieldName'])) {
    const targets = Object.entries(MATCHER_FIELDS_BY_TARGET).filter(([, f]) => (f as readonly string[]).includes(v)).map(([t]) => TARGET_LABEL[t as keyof typeof TARGET_LABEL]);
    return targets.length ? `\`${v}\`: for ${targets.join(', ')} events.` : undefined;
  }
  if (last === 'operator' && ((MATCHER_OPERATORS as readonly string[]).includes(v) || (THRESHOLD_OPERATORS as readonly string[]).includes(v))) {
    return OPERATOR_WORDS[v] ? `\`${v}\`: ${OPERATOR_WORDS[v]}.` : undefined;
  }
  if (kind === 'integration' && matches(tokens, ['type'])) {
    // Own keys only: a value such as `constructor` is no integration type (Object.prototype's).
    const info = Object.hasOwn(INTEGRATION_FIELDS, v) ? INTEGRATION_FIELDS[v as IntegrationType] : undefined;
    if (!info) return undefined;
    return `\`${v}\` integration. Required fields: ${list(info.required)}; optional: ${list(info.optional)}.${info.endOfLife ? ' The service has reached its end of life.' : ''}`;
  }
  if ((kind === 'maintenance-window' || kind === 'maintenance-window-update') && matches(tokens, ['alertTypeNames', '#'])) {
    return (WINDOW_ALERT_TYPES as readonly string[]).includes(v) ? `\`${v}\`: silences ${v.toLowerCase().replace('_', ' ')} alerts during the window.` : undefined;
  }
  return undefined;
}
