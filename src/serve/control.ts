// The control API (`--control` only; 404 otherwise): under /__omlint/, for a GLOBAL_OWNER key,
// digest-authenticated like the rest. Reset, load a seed, advance the emulator clock, inject and
// clear automation errors. Each change is an ordinary POST, PUT or DELETE on the one state object,
// so whatever keeps the state after a write keeps these too (docs/serve.md "Control API").
import { isObject } from '../model/alerts';
import { ApiError, isoSeconds, type Reply } from './http';
import { requireGlobal } from './roles';
import { NO_ERROR, processOf, settle } from './automation';
import { emulatorNow, type ApiKey, type State } from './state';
import { loadSeedChecked, SeedError } from './seed';
import type { Request, Route } from './routes';
import { parseHostEvents, parseMeasurements, syncLive, type LiveContext } from './live-alerts';
import type { Webhooks } from './webhook';

export interface ControlContext {
  /** The state the server started with (a copy): what reset returns to. */
  initial: State;
  /** Keys of `--user`, kept by a loaded seed as they were added to the one at start-up. */
  users: ApiKey[];
  /** The host clock, without the emulator's offset. */
  hostNow(): Date;
  /** Live alerts: the evaluators (a cache of the state's recorded inputs) and webhook delivery. */
  live: LiveContext & { webhooks: Webhooks };
}

/** The media types of a seed: JSON or YAML. */
const SEED_TYPES = ['application/json', 'application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'];
/** The clock moves at most ten years per request: an emulator, not a time machine for dates JavaScript cannot hold. */
const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 3600;

/** Replaces the state's content in place: every route holds this one object. */
export function replaceState(state: State, next: State): void {
  for (const k of Object.keys(state)) delete (state as unknown as Record<string, unknown>)[k];
  Object.assign(state, structuredClone(next));
}

function owner(r: Omit<Request, 'body'>): ControlContext {
  requireGlobal(r.principal, 'GLOBAL_OWNER');
  // Never reached without --control (the server answers 404 before), kept as a guard.
  if (!r.control) throw new ApiError(404, 'RESOURCE_NOT_FOUND', 'The control API is off: start with --control.');
  return r.control;
}

const body = (r: Request): Record<string, unknown> => {
  if (!isObject(r.body)) throw new ApiError(400, 'INVALID_ATTRIBUTE', 'The body is a JSON object.');
  return r.body;
};

const clockReply = (r: Request): Reply => ({ status: 200, body: { now: isoSeconds(emulatorNow(r.state, r.control!.hostNow())), offsetSeconds: r.state.clock.offsetSeconds } });

export const CONTROL_ROUTES: Route[] = [
  {
    method: 'POST', path: 'reset', prefix: 'control', pre: owner, replacesState: true,
    handle: (r) => {
      replaceState(r.state, owner(r).initial);
      return { status: 200, body: { reset: true, groups: r.state.groups.map((g) => g.id) } };
    },
  },
  {
    method: 'POST', path: 'seed', prefix: 'control', text: SEED_TYPES, pre: owner, replacesState: true,
    handle: (r) => loadControlSeed(r.state, owner(r), r.text ?? ''),
  },
  { method: 'GET', path: 'clock', prefix: 'control', pre: owner, handle: (r) => clockReply(r) },
  {
    method: 'POST', path: 'clock', prefix: 'control', body: true, pre: owner,
    handle: (r) => {
      owner(r);
      const seconds = body(r).seconds;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS) {
        throw new ApiError(400, 'INVALID_ATTRIBUTE', `seconds is a number from 0 to ${MAX_ADVANCE_SECONDS} (the clock only moves forward).`, ['seconds']);
      }
      r.state.clock.offsetSeconds += seconds;
      const now = emulatorNow(r.state, r.control!.hostNow());
      settle(r.state, now);
      // The evaluators follow the clock: timers due on the way fire at their own times.
      syncLive(r.state, r.control!.live, now);
      return clockReply(r);
    },
  },
  {
    method: 'POST', path: 'groups/{groupId}/measurements', prefix: 'control', body: true, pre: owner,
    handle: (r) => liveInput(r, { samples: parseMeasurements(r.state, groupOf(r), r.body) }),
  },
  {
    method: 'POST', path: 'groups/{groupId}/hostEvents', prefix: 'control', body: true, pre: owner,
    handle: (r) => liveInput(r, { events: parseHostEvents(r.state, groupOf(r), r.body) }),
  },
  {
    method: 'GET', path: 'notifications', prefix: 'control', pre: owner,
    handle: (r) => {
      const g = r.query.get('groupId');
      const list = (r.state.liveNotifications ?? []).filter((n) => g === null || n.groupId === g);
      return { status: 200, body: { results: list, totalCount: list.length } };
    },
  },
  {
    method: 'PUT', path: 'groups/{groupId}/automationStatus/processes/{name}/error', prefix: 'control', body: true, pre: owner,
    handle: (r) => {
      owner(r);
      const p = processOf(r.state, r.params.groupId, r.params.name);
      const b = body(r);
      if (typeof b.errorCode !== 'number' || !Number.isInteger(b.errorCode) || b.errorCode === 0) throw new ApiError(400, 'INVALID_ATTRIBUTE', 'errorCode is a whole number other than 0 (0 means no error).', ['errorCode']);
      for (const f of ['errorCodeDescription', 'errorCodeHumanReadable', 'errorString']) {
        if (b[f] !== undefined && typeof b[f] !== 'string') throw new ApiError(400, 'INVALID_ATTRIBUTE', `${f} is a string.`, [f]);
      }
      Object.assign(p, {
        errorCode: b.errorCode,
        errorCodeDescription: b.errorCodeDescription ?? 'Injected by the omlint serve control API.',
        errorCodeHumanReadable: b.errorCodeHumanReadable ?? 'Injected error',
        errorString: b.errorString ?? `<${String(p.name)}> [00:00:00.000] injected error ${b.errorCode}`,
      });
      return { status: 200, body: p };
    },
  },
  {
    method: 'DELETE', path: 'groups/{groupId}/automationStatus/processes/{name}/error', prefix: 'control', pre: owner,
    handle: (r) => {
      Object.assign(processOf(r.state, r.params.groupId, r.params.name), NO_ERROR);
      // Cleared: a process whose delay has passed reaches the goal now.
      settle(r.state, r.now);
      return { status: 204 };
    },
  },
];

function groupOf(r: Request): string {
  if (!r.state.groups.some((g) => g.id === r.params.groupId)) throw new ApiError(404, 'GROUP_NOT_FOUND', `No group with ID ${r.params.groupId} exists.`, [r.params.groupId]);
  return r.params.groupId;
}

/** A measurement or event at the emulator's now: the project's evaluator takes it, its alerts are answered. */
function liveInput(r: Request, entry: Parameters<typeof syncLive>[4]): Reply {
  syncLive(r.state, r.control!.live, r.now, r.params.groupId, entry);
  const alerts = r.state.alerts.filter((a) => a.groupId === r.params.groupId && a.status !== 'CLOSED');
  return { status: 200, body: { at: isoSeconds(r.now), alerts: alerts.map((a) => ({ id: a.id, status: a.status, alertConfigId: a.alertConfigId })) } };
}

/** Loads a seed's text as the whole state (the `--user` keys kept): 400 with the seed's problem. */
export async function loadControlSeed(state: State, control: ControlContext, text: string): Promise<Reply> {
  let next: State;
  try {
    next = await loadSeedChecked(text, 'seed', emulatorNow(state, control.hostNow()));
  } catch (e) {
    if (e instanceof SeedError) throw new ApiError(400, 'INVALID_SEED', e.message);
    throw e;
  }
  for (const k of control.users) if (!next.apiKeys.some((x) => x.publicKey === k.publicKey)) next.apiKeys.push(structuredClone(k));
  // The emulator clock goes on: a seed is data, not a time.
  next.clock = { ...state.clock };
  next.automationDelaySeconds = state.automationDelaySeconds;
  replaceState(state, next);
  return { status: 200, body: { loaded: true, groups: state.groups.map((g) => g.id) } };
}
