// Which keys fit the object under the cursor beyond what its schema says: the schema of a
// notification lists every type's fields and an alert's lists both thresholds, but the model knows
// which belong to this notification's typeName and this configuration's event (the same facts the
// rules notification-field-not-applicable, notification-required-field, threshold-not-applicable,
// metric-threshold-not-applicable, matchers-not-allowed, notifications-required,
// enabled-omitted and integration-required-field report on).
import type { Kind } from '../core/kinds';
import { configScope, isAlertKind as isAlert, isObject, knownEvent } from '../model/alerts';
import { INTEGRATION_FIELDS, type IntegrationType } from '../model/integrations';
import { NOTIFICATION_COMMON_FIELDS, NOTIFICATION_FIELDS, notificationAcceptsField, notificationTypeInScope, type NotificationTypeInfo } from '../model/notifications';

export interface KeyContext {
  /** Keys that do not apply here (another notification type's, `threshold` of a metric event…). */
  hidden: ReadonlySet<string>;
  /** Keys a writer must give here although the schema does not require them (the rules do). */
  needed: readonly string[];
  /** Keys that belong to this context in particular (the notification type's optional fields). */
  preferred: ReadonlySet<string>;
  /** Optional keys that a new object of this context usually carries (a snippet inserts them). */
  usual: readonly string[];
}

const NONE: KeyContext = { hidden: new Set(), needed: [], preferred: new Set(), usual: [] };

const isIndex = (t: string | undefined) => t !== undefined && /^\d+$/.test(t);

/**
 * The key context of the object at `tokens` (pointer tokens relative to the item). `object`: that
 * object's (possibly stale) value, whose discriminating fields (typeName, eventTypeName) decide.
 */
export function keyContext(kind: Kind, tokens: readonly string[], object: unknown): KeyContext {
  if (kind === 'integration' && tokens.length === 0) {
    // The schema's branch of the type lists its fields; the model says which a write body needs.
    const info = isObject(object) && typeof object.type === 'string' && Object.prototype.hasOwnProperty.call(INTEGRATION_FIELDS, object.type) ? INTEGRATION_FIELDS[object.type as IntegrationType] : undefined;
    return info ? { ...NONE, needed: [...info.required] } : NONE;
  }
  if (!isAlert(kind)) return NONE;
  if (tokens.length === 0) return alertContext(kind, object);
  if (tokens.length === 2 && tokens[0] === 'notifications' && isIndex(tokens[1])) {
    const info = isObject(object) ? notificationTypeInScope(object.typeName, configScope(kind)) : undefined;
    // A type not chosen yet: every notification carries typeName, delayMin and intervalMin.
    return info ? notificationContext(info) : { ...NONE, usual: NOTIFICATION_COMMON_FIELDS };
  }
  return NONE;
}

function alertContext(kind: Kind, object: unknown): KeyContext {
  // notifications-required (both kinds) and enabled-omitted (project configurations).
  const needed = kind === 'alert-config' ? ['enabled', 'notifications'] : ['notifications'];
  const event = knownEvent(object);
  // Matchers pick the hosts, replica sets or clusters an alert watches (not for other targets).
  if (!event) return { hidden: new Set(), needed, preferred: new Set(), usual: ['matchers'] };
  const hidden = new Set<string>();
  const { info } = event;
  if (info.metricThreshold === 'none') hidden.add('metricThreshold');
  else if (info.metricThreshold === 'required') needed.push('metricThreshold');
  if (info.threshold === 'none') hidden.add('threshold');
  else if (info.threshold === 'required') needed.push('threshold');
  if (info.target === 'other') hidden.add('matchers');
  const preferred = new Set<string>();
  if (info.target !== 'other') preferred.add('matchers');
  if (info.metricThreshold === 'accepted') preferred.add('metricThreshold');
  if (info.threshold === 'accepted') preferred.add('threshold');
  return { hidden, needed, preferred, usual: info.target === 'other' ? [] : ['matchers'] };
}

/** The fields of one notification type: its own first, the other types' hidden. */
export function notificationContext(info: NotificationTypeInfo): KeyContext {
  const hidden = new Set([...NOTIFICATION_FIELDS].filter((f) => !notificationAcceptsField(info, f)));
  const common = NOTIFICATION_COMMON_FIELDS.filter((f) => !hidden.has(f));
  return { hidden, needed: [...info.required], preferred: new Set([...info.optional, ...common]), usual: common };
}
