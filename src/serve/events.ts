// Events the emulator's own operations record (readable through endpoints 22 and 23 and the lists
// beside them). Which operation records which event type is not in API-SPEC: the table of
// docs/serve.md says, with the sources of the names.
import { hasGlobal, type Principal } from './roles';
import { isoSeconds } from './http';
import { newId, type Doc, type State } from './state';

/** Event types by operation (docs/serve.md "Events"). */
export const EVENT_TYPES = {
  alertConfigAdded: 'ALERT_CONFIG_ADDED_AUDIT',
  alertConfigChanged: 'ALERT_CONFIG_CHANGED_AUDIT',
  alertConfigDeleted: 'ALERT_CONFIG_DELETED_AUDIT',
  alertConfigEnabled: 'ALERT_CONFIG_ENABLED_AUDIT',
  alertConfigDisabled: 'ALERT_CONFIG_DISABLED_AUDIT',
  alertAcknowledged: 'ALERT_ACKNOWLEDGED_AUDIT',
  alertUnacknowledged: 'ALERT_UNACKNOWLEDGED_AUDIT',
  windowAdded: 'MAINTENANCE_WINDOW_ADDED_AUDIT',
  windowChanged: 'MAINTENANCE_WINDOW_CHANGED_AUDIT',
  windowDeleted: 'MAINTENANCE_WINDOW_DELETED_AUDIT',
  automationConfigPublished: 'AUTOMATION_CONFIG_PUBLISHED_AUDIT',
} as const;

export interface EventContext {
  state: State;
  principal: Principal;
  /** The caller's address. */
  caller: string;
  /** The emulator clock's time. */
  now: Date;
}

/** Who did it: `publicKey` for a programmatic key, `username` for a user (the Go client's Event fields). */
function actor(r: EventContext): Doc {
  const who: Doc = r.principal.kind === 'apiKey' ? { publicKey: r.principal.name } : { username: r.principal.name };
  who.remoteAddress = r.caller;
  who.isGlobalAdmin = hasGlobal(r.principal);
  return who;
}

/**
 * Records an event of a project's organization (endpoint 22 reads it; `groupId` says the project).
 * `raw` (shown only with includeRaw=true) is the stored form, in the short keys an exported
 * Ops Manager event carries (`_t`, `et`, `cre`, `un`, `remoteAddr`, `description`): an assumption.
 */
export function recordProjectEvent(r: EventContext, groupId: string, eventTypeName: string, fields: Doc, description: string): Doc {
  const group = r.state.groups.find((g) => g.id === groupId);
  const created = isoSeconds(r.now);
  // Object.assign, not spreads, on a write's path (bench/README.md, serveput); the keys in the same order.
  const event: Doc = Object.assign({ id: newId(), eventTypeName, created, groupId, orgId: group?.orgId }, fields, actor(r));
  event.raw = { _t: 'AUDIT', et: eventTypeName, cre: created, gid: groupId, orgId: group?.orgId, un: r.principal.name, remoteAddr: r.caller, description };
  r.state.orgEvents.push(event);
  return event;
}

/** Records a global event (endpoint 23 reads it; a global event has no `raw`). */
export function recordGlobalEvent(r: EventContext, eventTypeName: string, fields: Doc): Doc {
  const event: Doc = Object.assign({ id: newId(), eventTypeName, created: isoSeconds(r.now) }, fields, actor(r));
  r.state.globalEvents.push(event);
  return event;
}
