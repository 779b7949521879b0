// Live alerts (docs/serve.md "Live alerts"): measurements and host events posted to the
// control API drive the alert evaluator of `omlint test` (src/model/alert-eval.ts) on the
// emulator's clock. The state keeps only plain JSON: each project's recorded inputs (an "epoch"
// from the evaluator's creation); the evaluator is a cache rebuilt by replaying them, so a saved
// and reloaded state gives the same alerts. Alerts are written into state.alerts as the API answers them.
import {
  advance, createEvaluator, listedAlerts, slotOf, HOST_EVENT_TYPES, AGENT_TYPES,
  type Alert, type EvalConfig, type EvalHost, type EvalInputs, type EvalState, type EvalWindow, type HostEventType, type AgentType, type SentNotification,
} from '../model/alert-eval';
import { isObject } from '../model/alerts';
import { ApiError, isoSeconds } from './http';
import { newId, type Doc, type LiveEntry, type LiveEpoch, type LiveEvent, type LiveNotification, type LiveSample, type State } from './state';

/** Evaluators by epoch id, with how many log entries they have taken: the cache lives on the control context. */
export type LiveCache = Map<string, { applied: number; produced: number; state: EvalState }>;

/** Hands a WEBHOOK notification to delivery (never awaited by a request). */
export type Deliver = (n: LiveNotification, url: string, secret: string | undefined, alert: Doc) => void;

const TYPE_NAMES: Record<string, string> = { REPLICA_PRIMARY: 'PRIMARY', REPLICA_SECONDARY: 'SECONDARY', STANDALONE: 'STANDALONE', SHARD_CONFIG: 'CONFIG', SHARD_MONGOS: 'MONGOS' };

function worldOf(state: State, groupId: string): { configs: EvalConfig[]; hosts: EvalHost[]; signature: string } {
  const configs: EvalConfig[] = [
    ...state.alertConfigs.filter((c) => c.groupId === groupId).map((doc) => ({ name: String(doc.id), doc, global: false })),
    ...state.globalAlertConfigs.map((doc) => ({ name: String(doc.id), doc, global: true })),
  ];
  const hosts: EvalHost[] = state.hosts.filter((h) => h.groupId === groupId).map((h) => ({
    id: `${String(h.hostname)}:${Number(h.port)}`, hostname: String(h.hostname), port: Number(h.port), typeName: TYPE_NAMES[String(h.typeName)] ?? String(h.typeName),
    ...(typeof h.replicaSetName === 'string' ? { replicaSetName: h.replicaSetName } : {}),
    ...(typeof h.shardName === 'string' ? { shardName: h.shardName } : {}),
    ...(typeof h.clusterName === 'string' ? { clusterName: h.clusterName } : {}),
  }));
  return { configs: structuredClone(configs), hosts, signature: JSON.stringify([configs, hosts]) };
}

export function windowOf(w: Doc): EvalWindow {
  return { name: String(w.id), alertTypeNames: Array.isArray(w.alertTypeNames) ? w.alertTypeNames.map(String) : [], start: Date.parse(String(w.startDate)), end: Date.parse(String(w.endDate)) };
}

const epochs = (state: State): LiveEpoch[] => (state.liveAlerts ??= []);

function newEpoch(state: State, groupId: string, now: number, carried: LiveEntry[]): LiveEpoch {
  const w = worldOf(state, groupId);
  const e: LiveEpoch = {
    id: newId(), groupId, start: now, signature: w.signature, configs: w.configs, hosts: w.hosts,
    windows: state.maintenanceWindows.filter((x) => x.groupId === groupId).map(windowOf), log: carried, time: now, ids: {}, emitted: 0,
  };
  const list = epochs(state);
  const i = list.findIndex((x) => x.groupId === groupId);
  if (i >= 0) list[i] = e;
  else list.push(e);
  return e;
}

/** The last value of each host and metric and every host event: what a new epoch starts from. */
function carry(e: LiveEpoch, at: number): LiveEntry[] {
  const last = new Map<string, LiveSample>();
  const events: LiveEvent[] = [];
  for (const x of e.log) {
    for (const s of x.samples ?? []) last.set(`${s.host}\u0000${s.metric}`, s);
    events.push(...(x.events ?? []));
  }
  return last.size + events.length === 0 ? [] : [{ at, samples: [...last.values()], events }];
}

function inputsOf(ev: EvalState, e: LiveEpoch, x: LiveEntry): EvalInputs {
  const slots: number[] = [];
  const values: number[] = [];
  for (const s of x.samples ?? []) {
    const slot = slotOf(ev, s.host, s.metric);
    // A metric no configuration watches has no slot: nothing to evaluate.
    if (slot >= 0) { slots.push(slot); values.push(s.value); }
  }
  const byDoc = new Map(Object.entries(e.ids).map(([k, v]) => [v, k]));
  const acks = (x.acks ?? []).flatMap((a) => {
    const found = ev.alerts.find((y) => y.id === byDoc.get(a.alert));
    return found ? [{ config: found.config, target: found.target, until: a.until, comment: a.comment, username: a.username }] : [];
  });
  return { samples: { slots, values }, events: x.events, acknowledgements: acks, addWindows: x.addWindows, deleteWindows: x.deleteWindows };
}

/** Notifications with their rank in the epoch (a replay yields the recorded ones again: rank < emitted). */
interface Out { notifications: { rank: number; n: SentNotification }[] }

/** The epoch's evaluator at e.time: the cached one moved on, or one rebuilt from the log. */
function evaluatorOf(cache: LiveCache, e: LiveEpoch, out: Out): EvalState {
  let c = cache.get(e.id);
  if (!c) {
    c = { applied: 0, produced: 0, state: createEvaluator({ start: e.start, groupId: e.groupId, hosts: e.hosts, configs: e.configs, windows: e.windows }) };
    cache.set(e.id, c);
  }
  const cached = c;
  const take = (sent: SentNotification[]) => { for (const n of sent) out.notifications.push({ rank: cached.produced++, n }); };
  for (; c.applied < e.log.length; c.applied++) {
    const x = e.log[c.applied];
    take(advance(c.state, Math.max(x.at, c.state.time), inputsOf(c.state, e, x)).notifications);
  }
  if (e.time > c.state.time) take(advance(c.state, e.time).notifications);
  return c.state;
}

export interface LiveContext {
  cache: LiveCache;
  deliver: Deliver;
}

/**
 * Moves every project's evaluator to `now` with `entry` (for `groupId`), writes its alerts into
 * state.alerts and records (and delivers) the notifications not recorded before. A project whose
 * configurations or hosts changed gets a new evaluator first (Ops Manager cancels the alerts of an
 * edited configuration: docs/alert-tests.md); projects with no live input are left alone.
 */
export function syncLive(state: State, live: LiveContext, nowDate: Date, groupId?: string, entry?: Omit<LiveEntry, 'at'>): boolean {
  const before = liveMark(state);
  const now = nowDate.getTime();
  if (groupId !== undefined && entry && !epochs(state).some((e) => e.groupId === groupId)) newEpoch(state, groupId, now, []);
  for (let e of [...(state.liveAlerts ?? [])]) {
    if (!state.groups.some((g) => g.id === e.groupId)) continue;
    if (worldOf(state, e.groupId).signature !== e.signature) {
      const old = evaluatorOf(live.cache, e, { notifications: [] });
      // Its open alerts are cancelled: not listed any more (docs/alert-tests.md "Resolve Alerts").
      const active = new Set(old.alerts.filter((a) => a.status === 'OPEN' || a.status === 'TRACKING').map((a) => e.ids[a.id]));
      state.alerts = state.alerts.filter((d) => !active.has(String(d.id)));
      live.cache.delete(e.id);
      e = newEpoch(state, e.groupId, Math.max(now, e.time), carry(e, Math.max(now, e.time)));
    }
    const out: Out = { notifications: [] };
    const ev = evaluatorOf(live.cache, e, out);
    if (e.groupId === groupId && entry) e.log.push({ at: Math.max(now, e.time), ...entry });
    else if (now > e.time) e.log.push({ at: now });
    evaluatorOf(live.cache, e, out);
    e.time = ev.time;
    // A step with nothing to show is not kept: the log holds inputs and the times something happened.
    const last = e.log[e.log.length - 1];
    if (last && Object.keys(last).length === 1 && out.notifications.length === 0 && !changed(state, e, ev)) {
      e.log.pop();
      live.cache.get(e.id)!.applied--;
    }
    writeAlerts(state, e, ev);
    record(state, e, out.notifications.filter((x) => x.rank >= e.emitted).map((x) => x.n), live.deliver);
  }
  // Evaluators of epochs the state no longer holds (a reset, a seed, a rebuilt project) are dropped.
  const kept = new Set((state.liveAlerts ?? []).map((e) => e.id));
  for (const id of live.cache.keys()) if (!kept.has(id)) live.cache.delete(id);
  return liveMark(state) !== before;
}

/**
 * What a sync can change, in short: each epoch's inputs kept, time and notifications, the alerts and
 * notifications recorded. An alert document is rewritten only with a kept input or a moved time.
 */
function liveMark(state: State): string {
  const epochs = (state.liveAlerts ?? []).map((e) => `${e.id}:${e.log.length}:${e.time}:${e.emitted}`).join(',');
  return `${epochs}|${state.alerts.length}|${state.liveNotifications?.length ?? 0}`;
}

/** Whether an alert of the evaluator differs from its document (a time step that changed something). */
function changed(state: State, e: LiveEpoch, ev: EvalState): boolean {
  const docs = new Map(state.alerts.map((d) => [d.id, d]));
  return listedAlerts(ev).some((a) => {
    const d = e.ids[a.id] === undefined ? undefined : docs.get(e.ids[a.id]);
    return !d || d.status !== a.status || d.updated !== isoSeconds(new Date(a.updated)) || JSON.stringify(d.currentValue) !== JSON.stringify(a.currentValue);
  }) || ev.alerts.some((a) => a.status === 'CANCELLED' && e.ids[a.id] !== undefined && docs.has(e.ids[a.id]));
}

function alertDoc(state: State, e: LiveEpoch, a: Alert, id: string): Doc {
  const iso = (t: number | undefined) => (t === undefined ? undefined : isoSeconds(new Date(t)));
  const host = a.hostnameAndPort === undefined ? undefined : state.hosts.find((h) => h.groupId === e.groupId && `${String(h.hostname)}:${Number(h.port)}` === a.hostnameAndPort);
  const doc: Doc = {
    id, groupId: e.groupId, alertConfigId: a.config, eventTypeName: a.eventTypeName, status: a.status,
    created: iso(a.created), updated: iso(a.updated), lastNotified: iso(a.lastNotified), resolved: iso(a.resolved),
    acknowledgedUntil: iso(a.acknowledgedUntil), acknowledgementComment: a.acknowledgementComment, acknowledgingUsername: a.acknowledgingUsername,
    hostId: host?.id, hostnameAndPort: a.hostnameAndPort, replicaSetName: a.replicaSetName, metricName: a.metricName,
    currentValue: a.currentValue && Number.isFinite(a.currentValue.number) ? { ...a.currentValue } : undefined,
    typeName: a.metricName ? 'HOST_METRIC' : a.hostnameAndPort ? 'HOST' : 'REPLICA_SET',
  };
  for (const k of Object.keys(doc)) if (doc[k] === undefined) delete doc[k];
  return doc;
}

function writeAlerts(state: State, e: LiveEpoch, ev: EvalState): void {
  for (const a of ev.alerts) {
    const known = e.ids[a.id];
    if (a.status === 'CANCELLED') {
      if (known !== undefined) state.alerts = state.alerts.filter((d) => d.id !== known);
      continue;
    }
    const id = (e.ids[a.id] ??= newId());
    const doc = alertDoc(state, e, a, id);
    const i = state.alerts.findIndex((d) => d.id === id);
    if (i >= 0) state.alerts[i] = doc;
    else state.alerts.push(doc);
  }
}

function record(state: State, e: LiveEpoch, fresh: SentNotification[], deliver: Deliver): void {
  e.emitted += fresh.length;
  for (const n of fresh) {
    const config = e.configs.find((c) => c.name === n.config);
    const channel = Array.isArray(config?.doc.notifications) ? config.doc.notifications[n.notification] : undefined;
    const alertId = e.ids[n.alert] ?? '';
    const doc: LiveNotification = { id: newId(), groupId: e.groupId, alertId, alertConfigId: n.config, typeName: n.typeName, channel: n.channel, kind: n.kind, sent: isoSeconds(new Date(n.at)) };
    (state.liveNotifications ??= []).push(doc);
    if (n.typeName === 'WEBHOOK' && isObject(channel) && typeof channel.webhookUrl === 'string') {
      doc.delivery = 'pending';
      const alert = state.alerts.find((d) => d.id === alertId) ?? {};
      deliver(doc, channel.webhookUrl, typeof channel.webhookSecret === 'string' ? channel.webhookSecret : undefined, { ...alert });
    }
  }
}

// ---------------------------------------------------------------- control API bodies

function list(body: unknown, what: string): Record<string, unknown>[] {
  if (!Array.isArray(body) || body.length === 0 || !body.every(isObject)) throw new ApiError(400, 'INVALID_ATTRIBUTE', `The body is a non-empty JSON array of ${what}.`);
  return body as Record<string, unknown>[];
}

function hostOf(state: State, groupId: string, x: Record<string, unknown>, i: number): string {
  if (typeof x.hostname !== 'string' || typeof x.port !== 'number') throw new ApiError(400, 'INVALID_ATTRIBUTE', `[${i}]: hostname is a string and port a number.`, [String(i)]);
  if (!state.hosts.some((h) => h.groupId === groupId && h.hostname === x.hostname && h.port === x.port)) throw new ApiError(400, 'INVALID_ATTRIBUTE', `[${i}]: no host ${x.hostname}:${x.port} in this group.`, [String(i)]);
  return `${x.hostname}:${x.port}`;
}

/** `[{hostname, port, metric, value}]` → samples at the emulator's now. */
export function parseMeasurements(state: State, groupId: string, body: unknown): LiveSample[] {
  return list(body, '{hostname, port, metric, value}').map((x, i) => {
    const host = hostOf(state, groupId, x, i);
    if (typeof x.metric !== 'string' || !/^[A-Z0-9_]{1,100}$/.test(x.metric)) throw new ApiError(400, 'INVALID_ATTRIBUTE', `[${i}]: metric is a metric name (CONNECTIONS, ...).`, [String(i)]);
    if (typeof x.value !== 'number' || !Number.isFinite(x.value)) throw new ApiError(400, 'INVALID_ATTRIBUTE', `[${i}]: value is a finite number.`, [String(i)]);
    return { host, metric: x.metric, value: x.value };
  });
}

/** `[{hostname, port, type, agent?}]` → host events at the emulator's now. */
export function parseHostEvents(state: State, groupId: string, body: unknown): LiveEvent[] {
  return list(body, '{hostname, port, type}').map((x, i) => {
    const host = hostOf(state, groupId, x, i);
    if (!HOST_EVENT_TYPES.includes(x.type as HostEventType)) throw new ApiError(400, 'INVALID_ATTRIBUTE', `[${i}]: type is one of ${HOST_EVENT_TYPES.join(', ')}.`, [String(i)]);
    if (x.agent !== undefined && !AGENT_TYPES.includes(x.agent as AgentType)) throw new ApiError(400, 'INVALID_ATTRIBUTE', `[${i}]: agent is one of ${AGENT_TYPES.join(', ')}.`, [String(i)]);
    return { type: x.type as HostEventType, host, ...(x.agent ? { agent: x.agent as AgentType } : {}) };
  });
}

/** Whether an alert document is one the evaluator made (its acknowledgement feeds the evaluator). */
export function isLiveAlert(state: State, groupId: string, id: string): boolean {
  return (state.liveAlerts ?? []).some((e) => e.groupId === groupId && Object.values(e.ids).includes(id));
}

/** Whether the project has an evaluator (window changes are then recorded for it). */
export function hasLive(state: State, groupId: string): boolean {
  return (state.liveAlerts ?? []).some((e) => e.groupId === groupId);
}
