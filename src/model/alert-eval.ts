// The alert evaluator: how Ops Manager turns alert configurations, measurements and
// events into alerts and notifications over time (API-SPEC "States and transitions", "Events";
// docs/alert-tests.md for the sources and the assumptions). Time-driven and deterministic: no
// timer, no wall clock, no I/O. A caller owns a state made by createEvaluator() and moves it
// forward with advance(state, to, inputs), which returns what happened in (previous time, to]:
// `omlint test` steps it over a test's series, `omlint serve` can step it with its own clock.
import { isObject } from '../core/is-object';
import { RE2JS } from 're2js';
import { eventInfo, type EventCategory } from './events';
import { metricInfo } from './metrics';
import { notificationTypeInfo } from './notifications';
import { unitFamily, unitScale } from './units';
import type { WindowAlertType } from './windows';

/** Each assumption where the spec and the documentation are silent: one named setting, with its default. */
export interface AlertSettings {
  /** Mode AVERAGE: the mean of the samples within this many ms before the evaluation (a sample is a minute's average). */
  averageWindowMs: number;
  /** A missing sample (`_`, no data): 'hold' keeps the condition as it was, 'clear' ends it. */
  missingSample: 'hold' | 'clear';
  /** What an alert still TRACKING becomes when its condition ends before the smallest delay. */
  trackingEnds: 'CANCELLED' | 'CLOSED';
  /** Who gets the notice of a resolution: the channels already notified, all of them, or none. */
  resolveNotifies: 'notified' | 'all' | 'none';
  /** Minutes between repeats of a notification that states no intervalMin (a type that has one). */
  defaultIntervalMin: number;
  /** When an acknowledgement ends with the alert still open: notify at once, or at the next interval. */
  acknowledgementEnds: 'notify' | 'next-interval';
  /** 1024 (binary) or 1000: the size of a KILOBYTE. */
  dataUnitBase: number;
  /** REGEX matchers: the whole value must match (Java's String.matches), or a part of it. */
  regexMatch: 'full' | 'find';
  /** Whether EQUALS, CONTAINS, STARTS_WITH and ENDS_WITH ignore case. */
  matcherCase: 'sensitive' | 'insensitive';
}

export const DEFAULT_ALERT_SETTINGS: Readonly<AlertSettings> = Object.freeze({
  averageWindowMs: 60_000,
  missingSample: 'hold',
  trackingEnds: 'CANCELLED',
  resolveNotifies: 'notified',
  defaultIntervalMin: 60,
  acknowledgementEnds: 'notify',
  dataUnitBase: 1024,
  regexMatch: 'full',
  matcherCase: 'sensitive',
});

export interface EvalHost {
  /** The name tests use for it (default: hostname:port). */
  id: string;
  hostname: string;
  port: number;
  /** PRIMARY, SECONDARY, STANDALONE, CONFIG or MONGOS. */
  typeName: string;
  replicaSetName?: string;
  shardName?: string;
  clusterName?: string;
}

export interface EvalConfig {
  /** The name tests use for it. */
  name: string;
  /** The configuration document as written (a project's or a global one). */
  doc: Record<string, unknown>;
  global: boolean;
}

export interface EvalWindow {
  name: string;
  alertTypeNames: readonly string[];
  start: number;
  end: number;
}

export interface EvalWorld {
  /** The project of the deployment (global configurations' groupIds). */
  groupId?: string;
  /** The project's tags (global configurations with forAllGroups and tags). */
  tags?: readonly string[];
  hosts: readonly EvalHost[];
  configs: readonly EvalConfig[];
  windows?: readonly EvalWindow[];
  /** Units the samples of a metric are written in (default: BYTES for sizes, MILLISECONDS for durations, RAW). */
  seriesUnits?: Readonly<Record<string, string>>;
  settings?: Partial<AlertSettings>;
  /** Time of the state before the first advance (ms since the epoch). */
  start: number;
  /**
   * Step every tracker at every time and average from every sample kept: the plain definition,
   * which tests hold the usual path (quiet trackers passed over by their slot) against.
   */
  reference?: boolean;
}

/** What a test or the emulator feeds in at one time. */
export interface EvalInputs {
  /** Measurements, as two parallel lists: the slot of each (slotOf()) and its value (NaN: missing). */
  samples?: { slots: ArrayLike<number>; values: ArrayLike<number> };
  events?: readonly { type: HostEventType; host?: string; agent?: AgentType }[];
  acknowledgements?: readonly { config: string; target: string; until: number; comment?: string; username?: string }[];
  /** Windows created now. */
  addWindows?: readonly EvalWindow[];
  /** Names of windows deleted now (refused once a window has ended, as the API refuses it). */
  deleteWindows?: readonly string[];
}

export const HOST_EVENT_TYPES = [
  'HOST_DOWN', 'HOST_UP', 'MEMBER_UNHEALTHY', 'MEMBER_HEALTHY', 'AGENT_DOWN', 'AGENT_UP', 'HOST_REMOVED',
] as const;
export type HostEventType = (typeof HOST_EVENT_TYPES)[number];
export const AGENT_TYPES = ['MONITORING', 'AUTOMATION', 'BACKUP'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

export type AlertStatus = 'TRACKING' | 'OPEN' | 'CLOSED' | 'CANCELLED';

/** An alert as the alert endpoints return it (the fields the evaluator knows). */
export interface Alert {
  id: string;
  config: string;
  eventTypeName: string;
  /** hostname:port, a replica set's name, or `project`. */
  target: string;
  status: AlertStatus;
  created: number;
  updated: number;
  lastNotified?: number;
  resolved?: number;
  acknowledgedUntil?: number;
  acknowledgementComment?: string;
  acknowledgingUsername?: string;
  metricName?: string;
  currentValue?: { number: number; units: string };
  hostnameAndPort?: string;
  replicaSetName?: string;
}

export interface Transition {
  at: number;
  alert?: string;
  config: string;
  target: string;
  what: 'TRACKING' | 'OPEN' | 'CLOSED' | 'CANCELLED' | 'acknowledged' | 'acknowledgement ended' | 'muted' | 'window deleted' | 'window deletion refused';
  detail?: string;
}

export interface SentNotification {
  at: number;
  alert: string;
  config: string;
  target: string;
  /** The channel: type and its non-secret address (`SLACK #ops`, `EMAIL dba@example.com`). */
  channel: string;
  typeName: string;
  notification: number;
  kind: 'alert' | 'resolved';
  /** Why a maintenance window active at the time did not mute it (it names other alert types). */
  note?: string;
}

export interface StepResult {
  transitions: Transition[];
  notifications: SentNotification[];
}

/** A configuration that is loaded but cannot be simulated, and why (the runner says so). */
export interface Unsimulated {
  config: string;
  reason: string;
}

// ------------------------------------------------------------------ compiled world

type Condition =
  | { kind: 'metric'; op: 1 | -1; threshold: number; metric: string; units: string }
  | { kind: 'host-down' }
  | { kind: 'members'; healthy: boolean; op: 1 | -1; threshold: number }
  | { kind: 'no-primary' }
  | { kind: 'agent'; agent: AgentType };

interface Channel {
  index: number;
  typeName: string;
  label: string;
  delay: number;
  interval: number;
}

interface Compiled {
  name: string;
  eventTypeName: string;
  windowType?: WindowAlertType;
  channels: Channel[];
  minDelay: number;
}

interface Tracker {
  config: Compiled;
  condition: Condition;
  target: string;
  host?: number;
  members?: number[];
  slot: number;
  holds: boolean;
  alert?: LiveAlert;
}

interface LiveAlert extends Alert {
  openAt: number;
  /** Next due time per channel (Infinity: none). */
  next: number[];
  notified: boolean[];
  /** When the acknowledgement was made, and whether its end was reported. */
  ackFrom?: number;
  ackEnded?: boolean;
  /** Channels whose notification an acknowledgement held back. */
  held?: boolean[];
}

/**
 * Each slot's samples within the averaging window: per slot a circular buffer that doubles when
 * full, its start and length (typed arrays: a step stores no number in an object).
 */
interface Rings {
  t: Float64Array[];
  v: Float64Array[];
  head: Int32Array;
  count: Int32Array;
  /** 1: a sample came or left since the slot's average was last summed. */
  changed: Uint8Array;
  /** Reference mode: every sample of each slot, for the average to be summed afresh. */
  all?: { t: number[]; v: number[] }[];
}

interface WindowState extends EvalWindow {
  deletedAt?: number;
}

export interface EvalState {
  time: number;
  settings: AlertSettings;
  hosts: readonly EvalHost[];
  trackers: Tracker[];
  /** Slot → (host, metric). */
  slots: { host: number; metric: string }[];
  rings: Rings;
  slotIndex: Map<string, number>;
  /**
   * The metric trackers as typed arrays, for the quiet ones to be passed over; `others` the rest.
   * `due`: per tracker, no later than its alert's earliest timer (set when it is stepped).
   */
  quiet: { tracker: Int32Array; slot: Int32Array; threshold: Float64Array; above: Uint8Array; holds: Uint8Array; live: Uint8Array; others: number[]; due: Float64Array; host: Int32Array };
  /**
   * The metric trackers by slot (ascending), and per slot the band where none of them can change
   * while none is busy (live or holding): at or below the smallest GREATER_THAN threshold, at or
   * above the largest LESS_THAN one. A quiet slot inside its band is one test for all its trackers.
   */
  groups: { trackers: Int32Array[]; minAbove: Float64Array; maxBelow: Float64Array; busy: Uint8Array; picked: Int32Array; touched: Int32Array; touchedCount: number; liveDue: number };
  /** An event came since the other trackers (events, not samples, move them) were last looked at. */
  othersStale: boolean;
  reference: boolean;
  /** Each slot's average at the state's time (NaN: no sample in the window). */
  averages: Float64Array;
  hostDown: Uint8Array;
  hostUnhealthy: Uint8Array;
  hostRemoved: Uint8Array;
  agentsDown: Map<AgentType, Set<string>>;
  windows: WindowState[];
  /** Every alert in creation order, CLOSED and CANCELLED ones included. */
  alerts: LiveAlert[];
  unsimulated: Unsimulated[];
  /** Smallest due time of any active alert's timer (Infinity: none). */
  nextDue: number;
}

const CATEGORY_WINDOW: Partial<Record<EventCategory, WindowAlertType>> = {
  host: 'HOST', 'replica-set': 'REPLICA_SET', cluster: 'CLUSTER', agent: 'AGENT', backup: 'BACKUP',
};

const AGENT_EVENTS: Record<string, AgentType> = {
  MONITORING_AGENT_DOWN: 'MONITORING', AUTOMATION_AGENT_DOWN: 'AUTOMATION', BACKUP_AGENT_DOWN: 'BACKUP',
};

/** The event type names the evaluator simulates (others are reported as not simulated). */
export const SIMULATED_EVENTS: readonly string[] = [
  'OUTSIDE_METRIC_THRESHOLD', 'HOST_DOWN', 'TOO_FEW_HEALTHY_MEMBERS', 'TOO_MANY_UNHEALTHY_MEMBERS', 'NO_PRIMARY',
  ...Object.keys(AGENT_EVENTS),
];

const MINUTE = 60_000;
const isRecord = isObject as (v: unknown) => v is Record<string, any>; // the shared test, typed for the loose reads of parsed test files

/** The key of a host and metric: their slot, for samples. */
export function slotOf(state: EvalState, host: string, metric: string): number {
  return state.slotIndex.get(`${host}\u0000${metric}`) ?? -1;
}

/** The channel's label: its type and non-secret address. */
export function channelLabel(n: Record<string, unknown>): string {
  const type = String(n.typeName);
  const detail =
    type === 'SLACK' ? n.channelName : type === 'EMAIL' ? n.emailAddress : type === 'SMS' ? n.mobileNumber
      : type === 'USER' ? n.username : type === 'TEAM' ? (n.teamName ?? n.teamId) : type === 'HIPCHAT' || type === 'HIP_CHAT' ? n.roomName
        : type === 'FLOWDOCK' ? n.flowName : (type === 'GROUP' || type === 'ORG') && Array.isArray(n.roles) ? n.roles.join(',') : undefined;
  return typeof detail === 'string' && detail !== '' ? `${type} ${detail}` : type;
}

function compileChannels(doc: Record<string, unknown>, settings: AlertSettings): Channel[] {
  const list = Array.isArray(doc.notifications) ? doc.notifications : [];
  return list.filter(isRecord).map((n, index) => {
    const noInterval = notificationTypeInfo(n.typeName)?.noInterval === true;
    const interval = noInterval ? Infinity : (typeof n.intervalMin === 'number' && n.intervalMin > 0 ? n.intervalMin : settings.defaultIntervalMin) * MINUTE;
    const delay = (typeof n.delayMin === 'number' && n.delayMin > 0 ? n.delayMin : 0) * MINUTE;
    return { index, typeName: String(n.typeName), label: channelLabel(n), delay, interval };
  });
}

/** Whether a global configuration applies to the deployment's project. */
export function globalApplies(doc: Record<string, unknown>, groupId: string | undefined, tags: readonly string[] | undefined): boolean {
  if (doc.forAllGroups === true) {
    const wanted = Array.isArray(doc.tags) ? doc.tags : [];
    return wanted.length === 0 || wanted.some((t) => tags?.includes(t));
  }
  return Array.isArray(doc.groupIds) && groupId !== undefined && doc.groupIds.includes(groupId);
}

type Field = (h: EvalHost) => string | undefined;
const FIELDS: Record<string, Field> = {
  TYPE_NAME: (h) => h.typeName,
  HOSTNAME: (h) => h.hostname,
  PORT: (h) => String(h.port),
  HOSTNAME_AND_PORT: (h) => `${h.hostname}:${h.port}`,
  REPLICA_SET_NAME: (h) => h.replicaSetName,
  SHARD_NAME: (h) => h.shardName,
  CLUSTER_NAME: (h) => h.clusterName,
};

/** A test of one object by the configuration's matchers (all must hold); undefined: none matches. */
export function compileMatchers(matchers: unknown, settings: Pick<AlertSettings, 'regexMatch' | 'matcherCase'>): ((h: EvalHost) => boolean) {
  const tests: ((h: EvalHost) => boolean)[] = [];
  for (const m of Array.isArray(matchers) ? matchers : []) {
    if (!isRecord(m)) continue;
    const field = FIELDS[m.fieldName];
    const raw = typeof m.value === 'string' || typeof m.value === 'number' ? String(m.value) : '';
    if (!field) return () => false;
    const fold = settings.matcherCase === 'insensitive' ? (s: string) => s.toLowerCase() : (s: string) => s;
    const value = fold(raw);
    const get = (h: EvalHost) => fold(field(h) ?? '');
    switch (m.operator) {
      case 'EQUALS': tests.push((h) => get(h) === value); break;
      case 'NOT_EQUALS': tests.push((h) => get(h) !== value); break;
      case 'CONTAINS': tests.push((h) => get(h).includes(value)); break;
      case 'NOT_CONTAINS': tests.push((h) => !get(h).includes(value)); break;
      case 'STARTS_WITH': tests.push((h) => get(h).startsWith(value)); break;
      case 'ENDS_WITH': tests.push((h) => get(h).endsWith(value)); break;
      case 'REGEX': {
        let re: RE2JS;
        try {
          re = RE2JS.compile(raw, settings.matcherCase === 'insensitive' ? RE2JS.CASE_INSENSITIVE : 0);
        } catch {
          return () => false; // matcher-value reports the pattern; it matches nothing
        }
        tests.push(settings.regexMatch === 'full' ? (h) => re.matcher(field(h) ?? '').matches() : (h) => re.test(field(h) ?? ''));
        break;
      }
      default:
        return () => false;
    }
  }
  return (h) => tests.every((t) => t(h));
}

/** The metric's default series unit, and the threshold's scale in it. */
function thresholdInSeriesUnits(metric: string, units: string, threshold: number, seriesUnits: Readonly<Record<string, string>> | undefined, base: number): { threshold: number; units: string } {
  const family = unitFamily(units) ?? 'raw';
  const info = metricInfo(metric);
  const mFamily = info && info.family !== 'unknown' ? info.family : family;
  const series = seriesUnits?.[metric] ?? (mFamily === 'data' ? 'BYTES' : mFamily === 'time' ? 'MILLISECONDS' : 'RAW');
  // A threshold in RAW, or in a family the series is not in, is compared as written (units-metric reports the mismatch).
  if (family === 'raw' || unitFamily(series) !== family) return { threshold, units: series };
  return { threshold: (threshold * (unitScale(units, base) ?? 1)) / (unitScale(series, base) ?? 1), units: series };
}

function opOf(v: unknown): 1 | -1 | undefined {
  return v === 'GREATER_THAN' ? 1 : v === 'LESS_THAN' ? -1 : undefined;
}

/** A state at world.start with no alert: every configuration matched against every host once. */
export function createEvaluator(world: EvalWorld): EvalState {
  const settings: AlertSettings = { ...DEFAULT_ALERT_SETTINGS, ...world.settings };
  const state: EvalState = {
    time: world.start,
    settings,
    hosts: world.hosts,
    trackers: [],
    slots: [],
    slotIndex: new Map(),
    rings: { t: [], v: [], head: new Int32Array(0), count: new Int32Array(0), changed: new Uint8Array(0) },
    averages: new Float64Array(0),
    quiet: { tracker: new Int32Array(0), slot: new Int32Array(0), threshold: new Float64Array(0), above: new Uint8Array(0), holds: new Uint8Array(0), live: new Uint8Array(0), others: [], due: new Float64Array(0), host: new Int32Array(0) },
    groups: { trackers: [], minAbove: new Float64Array(0), maxBelow: new Float64Array(0), busy: new Uint8Array(0), picked: new Int32Array(0), touched: new Int32Array(0), touchedCount: 0, liveDue: Infinity },
    othersStale: true,
    reference: world.reference === true,
    hostDown: new Uint8Array(world.hosts.length),
    hostUnhealthy: new Uint8Array(world.hosts.length),
    hostRemoved: new Uint8Array(world.hosts.length),
    agentsDown: new Map(),
    windows: (world.windows ?? []).map((w) => ({ ...w })),
    alerts: [],
    unsimulated: [],
    nextDue: Infinity,
  };
  const slot = (host: number, metric: string): number => {
    const key = `${world.hosts[host].id}\u0000${metric}`;
    let s = state.slotIndex.get(key);
    if (s === undefined) {
      s = state.slots.length;
      state.slots.push({ host, metric });
      state.slotIndex.set(key, s);
    }
    return s;
  };
  const track = (config: Compiled, condition: Condition, target: string, extra: Partial<Tracker> = {}) =>
    // Every tracker of one shape (the hot loop of advance reads millions of them).
    state.trackers.push({ config, condition, target, host: extra.host, members: extra.members, slot: extra.slot ?? -1, holds: false, alert: undefined });
  for (const c of world.configs) {
    const doc = c.doc;
    const skip = (reason: string) => state.unsimulated.push({ config: c.name, reason });
    if (doc.enabled === false) { skip('disabled (enabled: false)'); continue; }
    if (c.global && !globalApplies(doc, world.groupId, world.tags)) {
      skip(doc.forAllGroups === true ? 'a global configuration whose tags the project does not carry' : `a global configuration whose groupIds do not name the project${world.groupId ? ` ${world.groupId}` : ''}`);
      continue;
    }
    const eventTypeName = String(doc.eventTypeName);
    const info = eventInfo(eventTypeName);
    const channels = compileChannels(doc, settings);
    if (channels.length === 0) { skip('no notification'); continue; }
    const compiled: Compiled = {
      name: c.name,
      eventTypeName,
      windowType: info && CATEGORY_WINDOW[info.category],
      channels,
      minDelay: Math.min(...channels.map((ch) => ch.delay)),
    };
    const matches = compileMatchers(doc.matchers, settings);
    const hostIndexes = world.hosts.map((_, i) => i);
    const hostLabel = (i: number) => `${world.hosts[i].hostname}:${world.hosts[i].port}`;
    if (eventTypeName === 'OUTSIDE_METRIC_THRESHOLD') {
      const mt = isRecord(doc.metricThreshold) ? doc.metricThreshold : undefined;
      const op = opOf(mt?.operator);
      if (!mt || typeof mt.metricName !== 'string' || op === undefined || typeof mt.threshold !== 'number') { skip('metricThreshold lacks metricName, operator or threshold'); continue; }
      const conv = thresholdInSeriesUnits(mt.metricName, typeof mt.units === 'string' ? mt.units : 'RAW', mt.threshold, world.seriesUnits, settings.dataUnitBase);
      for (const i of hostIndexes.filter((i) => matches(world.hosts[i]))) {
        track(compiled, { kind: 'metric', op, threshold: conv.threshold, metric: mt.metricName, units: conv.units }, hostLabel(i), { host: i, slot: slot(i, mt.metricName) });
      }
    } else if (eventTypeName === 'HOST_DOWN') {
      for (const i of hostIndexes.filter((i) => matches(world.hosts[i]))) track(compiled, { kind: 'host-down' }, hostLabel(i), { host: i });
    } else if (eventTypeName === 'TOO_FEW_HEALTHY_MEMBERS' || eventTypeName === 'TOO_MANY_UNHEALTHY_MEMBERS' || eventTypeName === 'NO_PRIMARY') {
      const th = isRecord(doc.threshold) ? doc.threshold : undefined;
      const op = opOf(th?.operator);
      if (eventTypeName !== 'NO_PRIMARY' && (op === undefined || typeof th?.threshold !== 'number')) { skip('threshold lacks operator or threshold'); continue; }
      // A replica set's name, shard and cluster are its members' (the first member that names them).
      const sets = new Map<string, number[]>();
      for (const i of hostIndexes) {
        const rs = world.hosts[i].replicaSetName;
        if (rs) sets.set(rs, [...(sets.get(rs) ?? []), i]);
      }
      for (const [name, members] of sets) {
        const first = world.hosts[members[0]];
        const asSet: EvalHost = { ...first, replicaSetName: name, shardName: members.map((m) => world.hosts[m].shardName).find(Boolean), clusterName: members.map((m) => world.hosts[m].clusterName).find(Boolean) };
        if (!matches(asSet)) continue;
        const condition: Condition = eventTypeName === 'NO_PRIMARY' ? { kind: 'no-primary' } : { kind: 'members', healthy: eventTypeName === 'TOO_FEW_HEALTHY_MEMBERS', op: op!, threshold: th!.threshold };
        track(compiled, condition, name, { members });
      }
    } else if (AGENT_EVENTS[eventTypeName]) {
      track(compiled, { kind: 'agent', agent: AGENT_EVENTS[eventTypeName] }, 'project');
    } else {
      skip(`eventTypeName ${eventTypeName} is not simulated (simulated: ${SIMULATED_EVENTS.join(', ')})`);
    }
  }
  // Metric trackers first, so that a metric tracker's index is its place in the typed arrays.
  state.trackers = [...state.trackers.filter((tr) => tr.condition.kind === 'metric'), ...state.trackers.filter((tr) => tr.condition.kind !== 'metric')];
  const metricAt = state.trackers.flatMap((tr, i) => (tr.condition.kind === 'metric' ? [i] : []));
  const conds = metricAt.map((i) => state.trackers[i].condition as Extract<Condition, { kind: 'metric' }>);
  state.quiet = {
    tracker: Int32Array.from(metricAt),
    slot: Int32Array.from(metricAt, (i) => state.trackers[i].slot),
    threshold: Float64Array.from(conds, (c) => c.threshold),
    above: Uint8Array.from(conds, (c) => (c.op > 0 ? 1 : 0)),
    holds: new Uint8Array(state.trackers.length),
    live: new Uint8Array(state.trackers.length),
    others: state.trackers.flatMap((tr, i) => (tr.condition.kind === 'metric' ? [] : [i])),
    due: new Float64Array(state.trackers.length).fill(Infinity),
    host: Int32Array.from(metricAt, (i) => state.trackers[i].host!),
  };
  const bySlot: number[][] = state.slots.map(() => []);
  metricAt.forEach((t) => bySlot[state.trackers[t].slot].push(t));
  const minAbove = new Float64Array(state.slots.length).fill(Infinity);
  const maxBelow = new Float64Array(state.slots.length).fill(-Infinity);
  for (const t of metricAt) {
    const { slot: s, condition: c } = state.trackers[t] as Tracker & { condition: { kind: 'metric' } };
    if (c.op > 0) minAbove[s] = Math.min(minAbove[s], c.threshold);
    else maxBelow[s] = Math.max(maxBelow[s], c.threshold);
  }
  state.groups = {
    trackers: bySlot.map((list) => Int32Array.from(list)), minAbove, maxBelow, busy: new Uint8Array(state.slots.length),
    picked: new Int32Array(metricAt.length), touched: new Int32Array(state.slots.length), touchedCount: 0, liveDue: Infinity,
  };
  const n = state.slots.length;
  state.rings = {
    t: state.slots.map(() => new Float64Array(4)), v: state.slots.map(() => new Float64Array(4)),
    head: new Int32Array(n), count: new Int32Array(n), changed: new Uint8Array(n),
    ...(state.reference ? { all: state.slots.map(() => ({ t: [], v: [] })) } : {}),
  };
  state.averages = new Float64Array(n).fill(NaN);
  return state;
}

// ------------------------------------------------------------------ stepping

/** Stores the samples taken at `at` (a slot no configuration watches, or a missing value: nothing). */
function pushSamples(state: EvalState, samples: NonNullable<EvalInputs['samples']>, at: number): void {
  const R = state.rings;
  for (let i = 0; i < samples.slots.length; i++) {
    const s = samples.slots[i];
    const value = samples.values[i];
    if (state.slots[s] === undefined || Number.isNaN(value)) continue;
    if (R.all) {
      R.all[s].t.push(at);
      R.all[s].v.push(value);
      continue;
    }
    let t = R.t[s];
    let v = R.v[s];
    const count = R.count[s];
    if (count === t.length) {
      // Full: unrolled into buffers twice the size, oldest first.
      const cap = t.length;
      const t2 = new Float64Array(cap * 2);
      const v2 = new Float64Array(cap * 2);
      for (let k = 0; k < cap; k++) {
        t2[k] = t[(R.head[s] + k) & (cap - 1)];
        v2[k] = v[(R.head[s] + k) & (cap - 1)];
      }
      R.t[s] = t = t2;
      R.v[s] = v = v2;
      R.head[s] = 0;
    }
    const k = (R.head[s] + count) & (t.length - 1);
    t[k] = at;
    v[k] = value;
    R.changed[s] = 1;
    R.count[s] = count + 1;
  }
}

/** Each slot's mean of its samples in (at − window, at] into state.averages; NaN when there is none. */
function averageAll(state: EvalState, at: number): void {
  const R = state.rings;
  const from = at - state.settings.averageWindowMs;
  const averages = state.averages;
  for (let s = 0; s < averages.length; s++) {
    if (R.all) {
      const { t, v } = R.all[s];
      let k = t.length;
      while (k > 0 && t[k - 1] > from) k--;
      let sum = 0;
      for (let j = k; j < t.length; j++) sum += v[j];
      averages[s] = t.length > k ? sum / (t.length - k) : NaN;
      continue;
    }
    const t = R.t[s];
    const v = R.v[s];
    const mask = t.length - 1;
    let head = R.head[s];
    let count = R.count[s];
    let changed = R.changed[s];
    while (count > 0 && t[head] <= from) {
      count--;
      head = (head + 1) & mask;
      changed = 1;
    }
    if (changed === 0) continue; // the same samples: the same average
    R.head[s] = head;
    R.count[s] = count;
    R.changed[s] = 0;
    // Summed afresh, oldest first as the reference sums: a running sum (added to, subtracted
    // from) drifts in the last digits from it, and a value at a threshold could fire differently.
    // Only a slot whose samples changed, over the samples of one window (averageWindowMs): a
    // step's cost does not grow with the length of the series.
    let sum = 0;
    for (let k = 0; k < count; k++) sum += v[(head + k) & mask];
    // With no sample, 0 / 0 is NaN; written without a NaN branch, which would box every average.
    averages[s] = sum / count;
  }
}

function isActive(a: Alert | undefined): a is LiveAlert {
  return a !== undefined && (a.status === 'TRACKING' || a.status === 'OPEN');
}

function muteOf(state: EvalState, config: Compiled, at: number): WindowState | undefined {
  if (!config.windowType || state.windows.length === 0) return undefined;
  return state.windows.find((w) => w.start <= at && at < w.end && (w.deletedAt === undefined || at < w.deletedAt) && w.alertTypeNames.includes(config.windowType!));
}

/** A note for a notification sent while windows of other alert types are active (the usual surprise). */
function unmutedNote(state: EvalState, config: Compiled, at: number): string | undefined {
  if (state.windows.length === 0) return undefined;
  const active = state.windows.filter((w) => w.start <= at && at < w.end && (w.deletedAt === undefined || at < w.deletedAt));
  if (active.length === 0) return undefined;
  const names = active.map((w) => `${w.name} (${w.alertTypeNames.join(', ')})`).join(', ');
  return `not muted: window ${names} is active, but this is ${config.windowType ? `a ${config.windowType} alert` : 'an alert of no window type'}`;
}

/** Records a notification sent (its note last, and only when there is one). */
function send(state: EvalState, out: StepResult, tr: Tracker, a: LiveAlert, ch: Channel, at: number, kind: 'alert' | 'resolved'): void {
  const n: SentNotification = { at, alert: a.id, config: a.config, target: a.target, channel: ch.label, typeName: ch.typeName, notification: ch.index, kind };
  const note = unmutedNote(state, tr.config, at);
  if (note !== undefined) n.note = note;
  out.notifications.push(n);
}

function condition(state: EvalState, tr: Tracker, at: number, describe = true): { holds: boolean | undefined; value?: number; detail: string } {
  const c = tr.condition;
  switch (c.kind) {
    case 'metric': {
      const v = state.averages[tr.slot];
      if (v !== v) return { holds: state.settings.missingSample === 'hold' ? undefined : false, detail: `${c.metric}: no sample` };
      const holds = c.op > 0 ? v > c.threshold : v < c.threshold;
      // An open alert is looked at every step: its description only when something changes.
      if (!describe) return { holds, value: v, detail: '' };
      return { holds, value: v, detail: `${c.metric} ${fmt(v)} ${holds ? (c.op > 0 ? '>' : '<') : c.op > 0 ? '<=' : '>='} ${fmt(c.threshold)}${c.units === 'RAW' ? '' : ` ${c.units}`}` };
    }
    case 'host-down': {
      const down = state.hostDown[tr.host!] === 1;
      return { holds: down, detail: down ? 'host down' : 'host up' };
    }
    case 'members': {
      const members = tr.members!.filter((m) => state.hostRemoved[m] === 0);
      const healthy = members.filter((m) => state.hostDown[m] === 0 && state.hostUnhealthy[m] === 0).length;
      const n = c.healthy ? healthy : members.length - healthy;
      const holds = c.op > 0 ? n > c.threshold : n < c.threshold;
      return { holds, value: n, detail: `${n} ${c.healthy ? 'healthy' : 'unhealthy'} member${n === 1 ? '' : 's'} (${c.op > 0 ? '>' : '<'} ${c.threshold}: ${holds ? 'holds' : 'does not hold'})` };
    }
    case 'no-primary': {
      const primary = tr.members!.some((m) => state.hosts[m].typeName === 'PRIMARY' && state.hostDown[m] === 0 && state.hostUnhealthy[m] === 0 && state.hostRemoved[m] === 0);
      return { holds: !primary, detail: primary ? 'a primary is up' : 'no primary' };
    }
    case 'agent': {
      const down = (state.agentsDown.get(c.agent)?.size ?? 0) > 0;
      return { holds: down, detail: `${c.agent.toLowerCase()} agent ${down ? 'down' : 'up'}` };
    }
  }
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000));

/** Sends, mutes or postpones the notifications of an active alert due at or before `limit` (before it when `strict`). */
function fireDue(state: EvalState, tr: Tracker, limit: number, strict: boolean, out: StepResult): void {
  const a = tr.alert;
  if (!isActive(a)) return;
  for (;;) {
    // The earliest timer of the alert: its opening, then each channel's next notification.
    let at = a.status === 'TRACKING' ? a.openAt : Infinity;
    for (const t of a.next) if (t < at) at = t;
    if (strict ? !(at < limit) : !(at <= limit)) break;
    if (a.status === 'TRACKING' && a.openAt <= at) {
      a.status = 'OPEN';
      a.updated = a.openAt;
      out.transitions.push({ at: a.openAt, alert: a.id, config: a.config, target: a.target, what: 'OPEN', detail: `the condition held for ${tr.config.minDelay / MINUTE} min, the smallest delayMin` });
      continue;
    }
    if (a.acknowledgedUntil !== undefined && !a.ackEnded && a.acknowledgedUntil <= at) {
      a.ackEnded = true;
      out.transitions.push({ at: a.acknowledgedUntil, alert: a.id, config: a.config, target: a.target, what: 'acknowledgement ended', detail: 'acknowledgedUntil passed with the alert still open' });
    }
    for (const ch of tr.config.channels) {
      if (a.next[ch.index] !== at) continue;
      const ackFrom = a.ackFrom ?? -Infinity;
      if (a.acknowledgedUntil !== undefined && ackFrom <= at && at < a.acknowledgedUntil) {
        // Acknowledged: nothing until it ends (then at once, or on the interval's grid).
        const end = a.acknowledgedUntil;
        (a.held ??= [])[ch.index] = true;
        a.next[ch.index] = state.settings.acknowledgementEnds === 'notify' || ch.interval === Infinity ? (ch.interval === Infinity && a.notified[ch.index] ? Infinity : end) : at + Math.ceil((end - at) / ch.interval) * ch.interval;
        continue;
      }
      const window = muteOf(state, tr.config, at);
      if (window) {
        out.transitions.push({ at, alert: a.id, config: a.config, target: a.target, what: 'muted', detail: `${ch.label}: maintenance window ${window.name} (${window.alertTypeNames.join(', ')})` });
      } else {
        send(state, out, tr, a, ch, at, 'alert');
        a.lastNotified = at;
        a.updated = at;
        a.notified[ch.index] = true;
      }
      a.next[ch.index] = at + ch.interval;
    }
  }
}

function dueOf(a: LiveAlert | undefined): number {
  if (!isActive(a)) return Infinity;
  let d = a.status === 'TRACKING' ? a.openAt : Infinity;
  for (const t of a.next) if (t < d) d = t;
  return d;
}

/**
 * Moves the state to time `to` (not before its time), with what happened at `to`: what the
 * timers did in between (openings, notifications, muted ones), then the inputs, then the
 * conditions evaluated at `to`. The state is updated in place and also the result's `state`:
 * keep only the state returned by the latest call.
 */
export function advance(state: EvalState, to: number, inputs: EvalInputs = {}): StepResult & { state: EvalState } {
  if (!(to >= state.time)) throw new RangeError(`time goes forward only: ${new Date(to).toISOString()} is before ${new Date(state.time).toISOString()}`);
  const out: StepResult = { transitions: [], notifications: [] };
  // 1. Timers due before `to`: the condition held as last evaluated.
  if (state.nextDue < to) for (const tr of state.trackers) if (tr.alert && dueOf(tr.alert) < to) fireDue(state, tr, to, true, out);
  // 2. What happens at `to`.
  const samples = inputs.samples;
  if (samples) pushSamples(state, samples, to);
  for (const e of inputs.events ?? []) applyEvent(state, e);
  for (const ack of inputs.acknowledgements ?? []) acknowledge(state, ack, to, out);
  for (const w of inputs.addWindows ?? []) state.windows.push({ ...w });
  for (const name of inputs.deleteWindows ?? []) {
    const w = state.windows.find((x) => x.name === name && x.deletedAt === undefined);
    if (!w) continue;
    if (w.end > to) {
      w.deletedAt = to;
      out.transitions.push({ at: to, config: '', target: '', what: 'window deleted', detail: `${name}: its notifications are on again` });
    } else out.transitions.push({ at: to, config: '', target: '', what: 'window deletion refused', detail: `${name} ended at ${new Date(w.end).toISOString()}; only a window that ends in the future can be deleted` });
  }
  // 3. Conditions at `to`, then the timers due at `to`.
  // Each slot's average once per step: many configurations watch the same host and metric.
  averageAll(state, to);
  let nextDue = Infinity;
  if (state.reference) {
    for (let t = 0; t < state.trackers.length; t++) nextDue = Math.min(nextDue, stepTracker(state, state.trackers[t], t, to, out));
  } else {
    // Only the metric trackers that can change or have a timer due are stepped, in tracker order
    // (the order of the output); a skipped one would have done nothing but follow the value.
    const picked = pickMetricTrackers(state, to);
    nextDue = state.groups.liveDue;
    for (let k = 0; k < picked.length; k++) {
      const t = picked[k];
      const d = stepTracker(state, state.trackers[t], t, to, out);
      if (d < nextDue) nextDue = d;
    }
    settleGroups(state);
    // Without an event since they were last looked at, the other conditions are as they were.
    for (const t of state.quiet.others) {
      const tr = state.trackers[t];
      if (!state.othersStale && !isActive(tr.alert)) continue;
      const d = stepTracker(state, tr, t, to, out);
      if (d < nextDue) nextDue = d;
    }
    state.othersStale = false;
  }
  state.nextDue = nextDue;
  state.time = to;
  // Each tracker's events are in time order; across trackers, sort (stable: configuration order).
  if (!inTimeOrder(out.transitions)) out.transitions.sort(byTime);
  if (!inTimeOrder(out.notifications)) out.notifications.sort(byTime);
  return { transitions: out.transitions, notifications: out.notifications, state };
}

/**
 * The metric trackers to step at the state's averages, ascending: of the slots that are busy or
 * whose average left their band, the trackers whose condition changed, and the live ones with a
 * timer due or a host removed. A live alert that only follows the value is updated here, and the
 * smallest due time of those left is `liveDue`.
 */
function pickMetricTrackers(state: EvalState, to: number): Int32Array {
  const { trackers: bySlot, minAbove, maxBelow, busy, picked, touched } = state.groups;
  const { above, threshold, live, holds: held, due, host } = state.quiet;
  const averages = state.averages;
  const removed = state.hostRemoved;
  const holdMissing = state.settings.missingSample === 'hold';
  let count = 0;
  let nt = 0;
  let liveDue = Infinity;
  for (let s = 0; s < averages.length; s++) {
    const v = averages[s];
    // NaN fails both comparisons: with no tracker busy, a missing sample changes nothing.
    if (busy[s] === 0 && !(v > minAbove[s]) && !(v < maxBelow[s])) continue;
    touched[nt++] = s;
    const list = bySlot[s];
    for (let k = 0; k < list.length; k++) {
      const t = list[k];
      const holds = v !== v ? (holdMissing ? held[t] : 0) : (above[t] === 1 ? v > threshold[t] : v < threshold[t]) ? 1 : 0;
      if (holds === held[t]) {
        if (live[t] === 0) continue;
        if (due[t] > to && removed[host[t]] === 0) {
          // currentValue follows the measurement while the condition holds.
          if (holds === 1 && v === v) state.trackers[t].alert!.currentValue!.number = v;
          if (due[t] < liveDue) liveDue = due[t];
          continue;
        }
      }
      picked[count++] = t;
    }
  }
  state.groups.liveDue = liveDue;
  state.groups.touchedCount = nt;
  const out = picked.subarray(0, count);
  return nt > 1 ? out.sort() : out;
}

/** After a step: whether each slot looked into still has a tracker live or holding. */
function settleGroups(state: EvalState): void {
  const { trackers: bySlot, busy, touched, touchedCount } = state.groups;
  const { live, holds } = state.quiet;
  for (let k = 0; k < touchedCount; k++) {
    const s = touched[k];
    const list = bySlot[s];
    let b = 0;
    for (let j = 0; j < list.length && b === 0; j++) b = live[list[j]] | holds[list[j]];
    busy[s] = b;
  }
}

const byTime = (x: { at: number }, y: { at: number }) => x.at - y.at;

/** Whether a list is in time order already (then a stable sort would leave it as it is). */
function inTimeOrder(list: readonly { at: number }[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i].at < list[i - 1].at) return false;
  return true;
}

/** One tracker at `to`: its condition, what changes, its timers; returns its next due time. */
function stepTracker(state: EvalState, tr: Tracker, index: number, to: number, out: StepResult): number {
  const cond = tr.condition;
  if (!state.reference && cond.kind === 'metric' && (tr.host === undefined || state.hostRemoved[tr.host] === 0)) {
    // The usual step of a metric tracker, without the condition's object: nothing changes but the
    // value and the timers (the general path below when the condition changes).
    const v = state.averages[tr.slot];
    const holds = v !== v ? (state.settings.missingSample === 'hold' ? undefined : false) : cond.op > 0 ? v > cond.threshold : v < cond.threshold;
    if (holds === undefined || holds === tr.holds) {
      const a = tr.alert;
      if (isActive(a) && holds === true && a.currentValue) a.currentValue.number = v;
      if (isActive(a) && dueOf(a) <= to) fireDue(state, tr, to, false, out);
      state.quiet.live[index] = isActive(tr.alert) ? 1 : 0;
      return (state.quiet.due[index] = dueOf(tr.alert));
    }
  }
  const removed = tr.host !== undefined && state.hostRemoved[tr.host] === 1;
  let c = removed ? { holds: false, detail: 'host removed' } : condition(state, tr, to, false);
  if (c.holds !== undefined && c.holds !== tr.holds && !removed) c = condition(state, tr, to);
  const a = tr.alert;
  // currentValue follows the measurement while the condition holds (a closed alert keeps the last such value).
  if (isActive(a) && c.holds === true && c.value !== undefined && a.currentValue) a.currentValue.number = c.value;
  if (c.holds !== undefined && c.holds !== tr.holds) {
    tr.holds = c.holds;
    state.quiet.holds[index] = c.holds ? 1 : 0;
    if (c.holds) open(state, tr, to, c, out);
    else if (isActive(a)) end(state, tr, a, to, removed ? 'CANCELLED' : a.status === 'TRACKING' ? state.settings.trackingEnds : 'CLOSED', c.detail, out);
  }
  if (tr.alert && dueOf(tr.alert) <= to) fireDue(state, tr, to, false, out);
  state.quiet.live[index] = isActive(tr.alert) ? 1 : 0;
  return (state.quiet.due[index] = dueOf(tr.alert));
}

function applyEvent(state: EvalState, e: NonNullable<EvalInputs['events']>[number]): void {
  const i = e.host === undefined ? -1 : state.hosts.findIndex((h) => h.id === e.host);
  const set = (flags: Uint8Array, v: number) => { if (i >= 0) flags[i] = v; };
  state.othersStale = true;
  switch (e.type) {
    case 'HOST_DOWN': set(state.hostDown, 1); break;
    case 'HOST_UP': set(state.hostDown, 0); break;
    case 'MEMBER_UNHEALTHY': set(state.hostUnhealthy, 1); break;
    case 'MEMBER_HEALTHY': set(state.hostUnhealthy, 0); break;
    case 'HOST_REMOVED':
      // Its live alerts are cancelled at the next step whatever the measurements say (pickMetricTrackers).
      set(state.hostRemoved, 1);
      break;
    case 'AGENT_DOWN':
    case 'AGENT_UP': {
      const agent = e.agent ?? 'MONITORING';
      const down = state.agentsDown.get(agent) ?? new Set<string>();
      if (e.type === 'AGENT_DOWN') down.add(e.host ?? '');
      else down.delete(e.host ?? '');
      state.agentsDown.set(agent, down);
      break;
    }
  }
}

function open(state: EvalState, tr: Tracker, at: number, c: { value?: number; detail: string }, out: StepResult): void {
  const host = tr.host === undefined ? undefined : state.hosts[tr.host];
  const cond = tr.condition;
  const channels = tr.config.channels;
  const next: number[] = [];
  const notified: boolean[] = [];
  for (const ch of channels) {
    next.push(at + ch.delay);
    notified.push(false);
  }
  const a: LiveAlert = {
    id: `alert-${state.alerts.length + 1}`,
    config: tr.config.name,
    eventTypeName: tr.config.eventTypeName,
    target: tr.target,
    status: 'TRACKING',
    created: at,
    updated: at,
    openAt: at + tr.config.minDelay,
    next,
    notified,
  };
  // Added in this order, the order of the fields the alerts endpoint shows.
  if (host) a.hostnameAndPort = tr.target;
  if (host?.replicaSetName || tr.members) a.replicaSetName = host?.replicaSetName ?? tr.target;
  if (cond.kind === 'metric') {
    a.metricName = cond.metric;
    a.currentValue = { number: c.value ?? NaN, units: cond.units };
  }
  state.alerts.push(a);
  tr.alert = a;
  out.transitions.push({ at, alert: a.id, config: a.config, target: a.target, what: 'TRACKING', detail: `condition holds: ${c.detail}` });
}

function end(state: EvalState, tr: Tracker, a: LiveAlert, at: number, status: 'CLOSED' | 'CANCELLED', detail: string, out: StepResult): void {
  const wasOpen = a.status === 'OPEN';
  a.status = status;
  a.updated = at;
  if (status === 'CLOSED') a.resolved = at;
  out.transitions.push({ at, alert: a.id, config: a.config, target: a.target, what: status, detail: `condition ends: ${detail}` });
  // Docs: a resolution is notified; a cancelled alert is not.
  if (status !== 'CLOSED' || !wasOpen || state.settings.resolveNotifies === 'none') return;
  for (const ch of tr.config.channels) {
    if (state.settings.resolveNotifies === 'notified' && !a.notified[ch.index]) continue;
    const window = muteOf(state, tr.config, at);
    if (window) out.transitions.push({ at, alert: a.id, config: a.config, target: a.target, what: 'muted', detail: `${ch.label} (resolution): maintenance window ${window.name}` });
    else send(state, out, tr, a, ch, at, 'resolved');
  }
}

function acknowledge(state: EvalState, ack: NonNullable<EvalInputs['acknowledgements']>[number], at: number, out: StepResult): void {
  const index = state.trackers.findIndex((t) => t.config.name === ack.config && t.target === ack.target && isActive(t.alert));
  const tr = index < 0 ? undefined : state.trackers[index];
  const a = tr?.alert;
  if (!tr || !isActive(a)) {
    out.transitions.push({ at, config: ack.config, target: ack.target, what: 'acknowledged', detail: 'no open alert to acknowledge: ignored' });
    return;
  }
  // API-SPEC: acknowledgedUntil in the past (or absent) removes the acknowledgement.
  if (ack.until <= at) {
    // The channels held back until the old end resume now (or on their grid), as when it ends.
    for (const ch of tr.config.channels) {
      if (!a.held?.[ch.index] || a.next[ch.index] <= at) continue;
      a.next[ch.index] = state.settings.acknowledgementEnds === 'notify' || ch.interval === Infinity ? at : a.next[ch.index] - Math.floor((a.next[ch.index] - at) / ch.interval) * ch.interval;
    }
    state.quiet.due[index] = dueOf(a);
    delete a.held;
    delete a.acknowledgedUntil;
    delete a.acknowledgementComment;
    delete a.acknowledgingUsername;
    out.transitions.push({ at, alert: a.id, config: a.config, target: a.target, what: 'acknowledgement ended', detail: 'acknowledgement removed' });
    return;
  }
  a.acknowledgedUntil = ack.until;
  a.ackFrom = at;
  a.ackEnded = false;
  if (ack.comment !== undefined) a.acknowledgementComment = ack.comment;
  if (ack.username !== undefined) a.acknowledgingUsername = ack.username;
  a.updated = at;
  out.transitions.push({ at, alert: a.id, config: a.config, target: a.target, what: 'acknowledged', detail: `until ${new Date(ack.until).toISOString()}` });
}

/** The alerts as the alerts endpoint lists them at the state's time (CANCELLED ones are not listed). */
export function listedAlerts(state: EvalState): Alert[] {
  return state.alerts.filter((a) => a.status !== 'CANCELLED').map(publicAlert);
}

/** An alert's public fields (no timers). */
export function publicAlert(a: Alert): Alert {
  const { next: _n, notified: _d, openAt: _o, ackFrom: _f, ackEnded: _e, held: _h, ...rest } = a as LiveAlert;
  return { ...rest, ...(rest.currentValue ? { currentValue: { ...rest.currentValue } } : {}) };
}
