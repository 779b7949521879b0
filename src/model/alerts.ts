// Small helpers shared by the alert-configuration rules: scope of a kind, walking notifications,
// the event a configuration is about, and "did you mean" over a vocabulary.
import { compareStrings } from '../core/pointer';
import { distance } from 'fastest-levenshtein';
import type { Kind } from '../core/kinds';
import type { Report, RuleContext } from '../core/types';
import { eventInfo, isAtlasOnlyEvent, type ConfigScope, type EventInfo } from './events';
import { isObject } from '../core/is-object';
import type { DocumentFacts } from '../core/facts';
import { notificationTypeInScope, type NotificationTypeInfo } from './notifications';
export { isObject };

/** Whether a kind is an alert configuration (a project's or the global one). */
export const isAlertKind = (kind: Kind): boolean => kind === 'alert-config' || kind === 'global-alert-config';

export function configScope(kind: Kind): ConfigScope {
  return kind === 'global-alert-config' ? 'global' : 'project';
}


export function has(obj: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** A notification object of a document, with its index and pointer. */
interface NotificationEntry {
  readonly notification: Record<string, any>;
  readonly index: number;
  readonly pointer: string;
}

/** A notification whose typeName configurations of a scope accept, with the type's info. */
interface NotificationInScope {
  readonly notification: Record<string, any>;
  readonly info: NotificationTypeInfo;
  readonly pointer: string;
}

/** The notification objects of a document: walked once per document, a fact the rules share (a dozen walk them). */
function notificationsOf(doc: unknown): readonly NotificationEntry[] {
  if (!isObject(doc)) return NONE;
  const list: unknown = doc.notifications;
  if (!Array.isArray(list)) return NONE;
  const out: NotificationEntry[] = [];
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (isObject(n)) out.push({ notification: n, index: i, pointer: notificationPointer(i) });
  }
  return out;
}

const inScope = (scope: ConfigScope) => (doc: unknown, facts: DocumentFacts): readonly NotificationInScope[] => {
  const out: NotificationInScope[] = [];
  for (const { notification, pointer } of facts.get(notificationsOf)) {
    const info = notificationTypeInScope(notification.typeName, scope);
    if (info) out.push({ notification, info, pointer });
  }
  return out;
};

/** The notifications in scope of each scope's configurations, each a fact of the document. */
const IN_SCOPE: Readonly<Record<ConfigScope, (doc: unknown, facts: DocumentFacts) => readonly NotificationInScope[]>> = { project: inScope('project'), global: inScope('global') };

const NONE: readonly NotificationEntry[] = Object.freeze([]);

/**
 * Calls fn for every notification object, with its index and pointer; `facts`: the document's
 * (a rule's ctx.facts), whose walk of them the rules share.
 */
export function eachNotification(
  doc: unknown,
  fn: (notification: Record<string, any>, index: number, pointer: string) => void,
  facts?: DocumentFacts,
): void {
  const entries = facts && facts.value === doc ? facts.get(notificationsOf) : notificationsOf(doc);
  for (const { notification, index, pointer } of entries) fn(notification, index, pointer);
}

/**
 * Calls fn for every notification whose typeName configurations of this kind accept, with the type's
 * info: a type not accepted here is notification-type's to report, and the other rules stay silent on it.
 * `facts`: the document's, whose walk the rules share.
 */
export function eachNotificationInScope(
  doc: unknown,
  kind: Kind,
  fn: (notification: Record<string, any>, info: NotificationTypeInfo, pointer: string) => void,
  facts?: DocumentFacts,
): void {
  const scope = configScope(kind);
  if (facts && facts.value === doc) {
    for (const { notification, info, pointer } of facts.get(IN_SCOPE[scope])) fn(notification, info, pointer);
    return;
  }
  eachNotification(doc, (n, _i, pointer) => {
    const info = notificationTypeInScope(n.typeName, scope);
    if (info) fn(n, info, pointer);
  });
}

/** The pointers of the first notifications, made once: a dozen rules walk every document's notifications. */
const NOTIFICATION_POINTERS = Array.from({ length: 64 }, (_, i) => `/notifications/${i}`);

function notificationPointer(i: number): string {
  return i < NOTIFICATION_POINTERS.length ? NOTIFICATION_POINTERS[i] : `/notifications/${i}`;
}

/**
 * The Ops Manager event a configuration is about, or undefined when its eventTypeName is absent,
 * unknown or Atlas-only: then event-type-name (or the schema) speaks, and the rules that depend
 * on the event stay silent rather than pile on.
 */
export function knownEvent(doc: unknown): { name: string; info: EventInfo } | undefined {
  if (!isObject(doc)) return undefined;
  const name = doc.eventTypeName;
  if (typeof name !== 'string') return undefined;
  const info = eventInfo(name);
  return info && !isAtlasOnlyEvent(name) ? { name, info } : undefined;
}

/**
 * The known event of an alert with whether it carries `field` (null counts as absent), for the rules
 * that hold a threshold field to what the event wants of it (required, or none).
 */
function eventWithField(doc: unknown, field: 'threshold' | 'metricThreshold'): { name: string; info: EventInfo; want: EventInfo[typeof field]; present: boolean } | undefined {
  const event = knownEvent(doc);
  if (!event) return undefined;
  const value = (doc as Record<string, unknown>)[field];
  // Fields named, not `...event`: the spread's copies outlived young-generation collections (bench/README.md, serveput).
  return { name: event.name, info: event.info, want: event.info[field], present: value !== undefined && value !== null };
}

/**
 * The check of the rules that require `field` of the events that need it (metric-threshold-required,
 * threshold-required): an alert without it is reported on its eventTypeName.
 */
export function requiredFieldCheck(field: 'threshold' | 'metricThreshold'): (ctx: RuleContext<unknown, 'missing'>) => void {
  return (ctx) => {
    const event = eventWithField(ctx.value, field);
    if (event?.want === 'required' && !event.present) ctx.report({ pointer: '/eventTypeName', messageId: 'missing', data: { name: event.name } });
  };
}

/** The known event of an alert that carries `field` while the event is known to take none (where a source is silent, undefined). */
export function eventIgnoring(doc: unknown, field: 'threshold' | 'metricThreshold'): { name: string; info: EventInfo } | undefined {
  const event = eventWithField(doc, field);
  return event?.present && event.want === 'none' ? event : undefined;
}

/** A finding on a top-level field of an alert that its event ignores, on the key, with the suggestion that removes it. */
export function ignoredFieldReport<M extends string>(field: string, messageId: M, data?: Record<string, unknown>): Report<M> {
  const pointer = `/${field}`;
  return { pointer, target: 'key', messageId, data, suggestions: [{ title: `Remove ${field}`, ops: [{ op: 'remove', pointer }] }] };
}

/**
 * Vocabulary entries a mistyped value was probably meant as: the same name in another case, or
 * within 2 edits (fewer for short values), nearest first, at most `max`.
 */
export function nearNames(value: string, candidates: readonly string[], max = 3): string[] {
  const upper = value.toUpperCase();
  const sameCase = candidates.filter((c) => c.toUpperCase() === upper);
  if (sameCase.length > 0) return sameCase.slice(0, max);
  const limit = Math.min(2, Math.max(0, upper.length - 2));
  return candidates
    // The distance is at least the difference in length: skip the hopeless (a 10 MB value).
    .filter((c) => Math.abs(c.length - upper.length) <= limit)
    .map((c) => ({ c, d: distance(upper, c.toUpperCase()) }))
    .filter((x) => x.d <= limit)
    .sort((a, b) => a.d - b.d || compareStrings(a.c, b.c))
    .slice(0, max)
    .map((x) => x.c);
}

/** " Did you mean X?" / " Did you mean one of X, Y?" / "" */
export function didYouMean(near: readonly string[]): string {
  if (near.length === 0) return '';
  return near.length === 1 ? ` Did you mean ${near[0]}?` : ` Did you mean one of ${near.join(', ')}?`;
}

/** A list for messages: all names when few, else the first ones and a count. */
export function listNames(names: readonly string[], max = 12): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} (and ${names.length - max} more)`;
}

/** Compares "7.0" style versions numerically: negative, 0 or positive. Undefined when unparsable. */
export function compareVersions(a: string, b: string): number | undefined {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return undefined;
  for (let i = 0; i < 3; i++) {
    if (pa[i] !== pb[i]) return pa[i] - pb[i];
  }
  return 0;
}

function parseVersion(v: string): [number, number, number] | undefined {
  const m = /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(v);
  if (!m) return undefined;
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}
