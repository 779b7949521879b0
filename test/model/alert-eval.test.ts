// The alert evaluator, one test per sentence of the spec (API-SPEC "States and transitions",
// "Events", the alert-configuration and maintenance-window fields) and per assumption of
// docs/alert-tests.md.
import { describe, expect, it } from 'vitest';
import {
  advance, compileMatchers, createEvaluator, DEFAULT_ALERT_SETTINGS, listedAlerts, slotOf,
  type AlertSettings, type EvalConfig, type EvalHost, type EvalInputs, type EvalWindow, type SentNotification, type Transition,
} from '../../src/model/alert-eval';
import { formatDuration, parseDuration, parseSeries } from '../../src/model/alert-series';
import { unitScale } from '../../src/model/units';

const M = 60_000;
const T0 = Date.parse('2026-01-05T00:00:00Z');
const DB1: EvalHost = { id: 'db1', hostname: 'db1.example.com', port: 27017, typeName: 'PRIMARY', replicaSetName: 'rs0' };
const DB2: EvalHost = { id: 'db2', hostname: 'db2.example.com', port: 27018, typeName: 'SECONDARY', replicaSetName: 'rs0' };
const DB3: EvalHost = { id: 'db3', hostname: 'analytics-3.example.org', port: 27019, typeName: 'SECONDARY', replicaSetName: 'rs0', shardName: 'sh0', clusterName: 'c0' };

const metric = (threshold: number, notifications: Record<string, unknown>[], extra: Record<string, unknown> = {}): EvalConfig => ({
  name: 'm',
  global: false,
  doc: { eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', enabled: true, metricThreshold: { metricName: 'CONNECTIONS', operator: 'GREATER_THAN', threshold, units: 'RAW', mode: 'AVERAGE' }, notifications, ...extra },
});
const slack = (delayMin: number, intervalMin = 60) => ({ typeName: 'SLACK', channelName: '#ops', apiToken: 'x', delayMin, intervalMin });
const email = (delayMin: number, intervalMin = 60) => ({ typeName: 'EMAIL', emailAddress: 'dba@example.com', delayMin, intervalMin });

interface Scenario {
  configs: EvalConfig[];
  hosts?: EvalHost[];
  /** host id → metric → one value per minute (NaN: missing). */
  series?: Record<string, Record<string, number[]>>;
  /** minute → inputs other than samples. */
  at?: Record<number, Omit<EvalInputs, 'samples'>>;
  minutes: number;
  windows?: EvalWindow[];
  settings?: Partial<AlertSettings>;
  seriesUnits?: Record<string, string>;
  groupId?: string;
}

function run(s: Scenario) {
  const hosts = s.hosts ?? [DB1];
  const state = createEvaluator({ start: T0, hosts, configs: s.configs, windows: s.windows, settings: s.settings, seriesUnits: s.seriesUnits, groupId: s.groupId });
  const notifications: SentNotification[] = [];
  const transitions: Transition[] = [];
  for (let k = 0; k <= s.minutes; k++) {
    const slots: number[] = [];
    const values: number[] = [];
    for (const [host, metrics] of Object.entries(s.series ?? {})) {
      for (const [name, list] of Object.entries(metrics)) {
        const slot = slotOf(state, host, name);
        if (slot >= 0 && k < list.length) {
          slots.push(slot);
          values.push(list[k]);
        }
      }
    }
    const r = advance(state, T0 + k * M, { ...s.at?.[k], samples: { slots, values } });
    notifications.push(...r.notifications);
    transitions.push(...r.transitions);
  }
  const min = (t: number) => (t - T0) / M;
  return {
    state,
    sent: notifications.map((n) => `${min(n.at)} ${n.channel}${n.kind === 'resolved' ? ' resolved' : ''}`),
    what: transitions.map((t) => `${min(t.at)} ${t.what}`),
  };
}

/** `n` minutes at `v`. */
const flat = (v: number, n: number) => Array.from({ length: n }, () => v);

describe('TRACKING until the smallest delayMin has passed with the condition holding, then OPEN', () => {
  it('opens after the delay and notifies then', () => {
    const r = run({ configs: [metric(100, [slack(5)])], series: { db1: { CONNECTIONS: [50, ...flat(500, 10)] } }, minutes: 10 });
    expect(r.what).toEqual(['1 TRACKING', '6 OPEN']);
    expect(r.sent).toEqual(['6 SLACK #ops']);
  });

  it('a condition that ends before the delay opens nothing and notifies nobody (trackingEnds: CANCELLED)', () => {
    const r = run({ configs: [metric(100, [slack(5)])], series: { db1: { CONNECTIONS: [50, 500, 500, 500, 50, 50, 50, 50] } }, minutes: 7 });
    expect(r.what).toEqual(['1 TRACKING', '4 CANCELLED']);
    expect(r.sent).toEqual([]);
    expect(listedAlerts(r.state)).toEqual([]);
  });

  it('trackingEnds: CLOSED lists the alert as closed instead', () => {
    const r = run({ configs: [metric(100, [slack(5)])], series: { db1: { CONNECTIONS: [50, 500, 500, 50] } }, minutes: 3, settings: { trackingEnds: 'CLOSED' } });
    expect(listedAlerts(r.state).map((a) => [a.status, (a.resolved! - T0) / M])).toEqual([['CLOSED', 3]]);
  });

  it('with several delays, the smallest decides when it opens; each channel keeps its own delay', () => {
    const r = run({ configs: [metric(100, [slack(10), email(3)])], series: { db1: { CONNECTIONS: flat(500, 15) } }, minutes: 14 });
    expect(r.what).toEqual(['0 TRACKING', '3 OPEN']);
    expect(r.sent).toEqual(['3 EMAIL dba@example.com', '10 SLACK #ops']);
  });

  it('a delay of 0 opens at once', () => {
    const r = run({ configs: [metric(100, [slack(0)])], series: { db1: { CONNECTIONS: [500] } }, minutes: 0 });
    expect(r.what).toEqual(['0 TRACKING', '0 OPEN']);
    expect(r.sent).toEqual(['0 SLACK #ops']);
  });
});

describe('closing with resolved; notifications repeat every intervalMin while unacknowledged and unresolved', () => {
  it('repeats every intervalMin, stops at the resolution, and tells the notified channels of it', () => {
    const r = run({ configs: [metric(100, [slack(0, 5)])], series: { db1: { CONNECTIONS: [...flat(500, 12), 50, 50, 50, 50, 50, 50] } }, minutes: 17 });
    expect(r.sent).toEqual(['0 SLACK #ops', '5 SLACK #ops', '10 SLACK #ops', '12 SLACK #ops resolved']);
    const [alert] = listedAlerts(r.state);
    expect([alert.status, (alert.resolved! - T0) / M, (alert.lastNotified! - T0) / M]).toEqual(['CLOSED', 12, 10]);
  });

  it('resolveNotifies: none sends no notice of resolution; all sends it to channels not yet notified too', () => {
    const base = { configs: [metric(100, [slack(0, 5), email(30)])], series: { db1: { CONNECTIONS: [500, 500, 50] } }, minutes: 2 };
    expect(run({ ...base, settings: { resolveNotifies: 'none' } }).sent).toEqual(['0 SLACK #ops']);
    expect(run({ ...base, settings: { resolveNotifies: 'all' } }).sent).toEqual(['0 SLACK #ops', '2 SLACK #ops resolved', '2 EMAIL dba@example.com resolved']);
  });

  it('a notification without intervalMin repeats every defaultIntervalMin; a type without intervals does not repeat', () => {
    const noInterval = { typeName: 'EMAIL', emailAddress: 'dba@example.com', delayMin: 0 };
    expect(run({ configs: [metric(100, [noInterval])], series: { db1: { CONNECTIONS: flat(500, 30) } }, minutes: 25, settings: { defaultIntervalMin: 10 } }).sent)
      .toEqual(['0 EMAIL dba@example.com', '10 EMAIL dba@example.com', '20 EMAIL dba@example.com']);
    expect(run({ configs: [metric(100, [{ typeName: 'PAGER_DUTY', serviceKey: 'k', delayMin: 0 }])], series: { db1: { CONNECTIONS: flat(500, 30) } }, minutes: 25 }).sent).toEqual(['0 PAGER_DUTY']);
  });

  it('a condition that holds again after the close opens a new alert', () => {
    const r = run({ configs: [metric(100, [slack(0)])], series: { db1: { CONNECTIONS: [500, 50, 500] } }, minutes: 2 });
    expect(listedAlerts(r.state).map((a) => `${a.id} ${a.status}`)).toEqual(['alert-1 CLOSED', 'alert-2 OPEN']);
  });
});

describe('acknowledgement until acknowledgedUntil', () => {
  const ack = (until: number) => ({ acknowledgements: [{ config: 'm', target: 'db1.example.com:27017', until: T0 + until * M, comment: 'on it', username: 'dba' }] });

  it('silences the repeats while acknowledged, and notifies again when it ends (acknowledgementEnds: notify)', () => {
    const r = run({ configs: [metric(100, [slack(0, 5)])], series: { db1: { CONNECTIONS: flat(500, 40) } }, at: { 7: ack(22) }, minutes: 30 });
    expect(r.sent).toEqual(['0 SLACK #ops', '5 SLACK #ops', '22 SLACK #ops', '27 SLACK #ops']);
    expect(r.what).toContain('7 acknowledged');
    expect(r.what).toContain('22 acknowledgement ended');
    const [a] = listedAlerts(r.state);
    expect([a.acknowledgementComment, a.acknowledgingUsername, (a.acknowledgedUntil! - T0) / M]).toEqual(['on it', 'dba', 22]);
  });

  it('acknowledgementEnds: next-interval waits for the interval after the end', () => {
    const r = run({ configs: [metric(100, [slack(0, 5)])], series: { db1: { CONNECTIONS: flat(500, 40) } }, at: { 7: ack(22) }, minutes: 30, settings: { acknowledgementEnds: 'next-interval' } });
    expect(r.sent).toEqual(['0 SLACK #ops', '5 SLACK #ops', '25 SLACK #ops', '30 SLACK #ops']);
  });

  it('an acknowledgedUntil not in the future removes the acknowledgement', () => {
    const r = run({ configs: [metric(100, [slack(0, 5)])], series: { db1: { CONNECTIONS: flat(500, 40) } }, at: { 2: ack(60), 8: ack(8) }, minutes: 12 });
    expect(r.sent).toEqual(['0 SLACK #ops', '8 SLACK #ops']);
    expect(listedAlerts(r.state)[0].acknowledgedUntil).toBeUndefined();
  });
});

describe('maintenance windows mute the notifications of their alertTypeNames between their dates', () => {
  const window = (alertTypeNames: string[]): EvalWindow => ({ name: 'upgrade', alertTypeNames, start: T0 + 10 * M, end: T0 + 20 * M });
  const base = { configs: [metric(100, [slack(0, 5)])], series: { db1: { CONNECTIONS: flat(500, 40) } }, minutes: 25 };

  it('mutes inside the window and unmutes at its end', () => {
    const r = run({ ...base, windows: [window(['HOST'])] });
    expect(r.sent).toEqual(['0 SLACK #ops', '5 SLACK #ops', '20 SLACK #ops', '25 SLACK #ops']);
    expect(r.what.filter((w) => w.endsWith('muted'))).toEqual(['10 muted', '15 muted']);
  });

  it('a window of other alert types mutes nothing', () => {
    expect(run({ ...base, windows: [window(['REPLICA_SET', 'BACKUP'])] }).sent).toHaveLength(6);
  });

  it('deleting a window whose end is in the future turns the notifications back on', () => {
    const r = run({ ...base, windows: [window(['HOST'])], at: { 12: { deleteWindows: ['upgrade'] } } });
    expect(r.sent).toEqual(['0 SLACK #ops', '5 SLACK #ops', '15 SLACK #ops', '20 SLACK #ops', '25 SLACK #ops']);
    expect(r.what).toContain('12 window deleted');
  });

  it('a window that has ended cannot be deleted', () => {
    const r = run({ ...base, windows: [window(['HOST'])], at: { 22: { deleteWindows: ['upgrade'] } } });
    expect(r.what).toContain('22 window deletion refused');
  });
});

describe('matchers decide which hosts a configuration covers', () => {
  const hosts = [DB1, DB2, DB3];
  const covered = (fieldName: string, operator: string, value: string, settings: Partial<AlertSettings> = {}) =>
    hosts.filter(compileMatchers([{ fieldName, operator, value }], { ...DEFAULT_ALERT_SETTINGS, ...settings })).map((h) => h.id);

  it.each([
    ['TYPE_NAME', 'EQUALS', 'PRIMARY', ['db1']],
    ['TYPE_NAME', 'NOT_EQUALS', 'PRIMARY', ['db2', 'db3']],
    ['HOSTNAME', 'CONTAINS', 'analytics', ['db3']],
    ['HOSTNAME', 'NOT_CONTAINS', 'analytics', ['db1', 'db2']],
    ['HOSTNAME', 'STARTS_WITH', 'db', ['db1', 'db2']],
    ['HOSTNAME', 'ENDS_WITH', '.org', ['db3']],
    ['HOSTNAME_AND_PORT', 'REGEX', 'db[0-9]\\.example\\.com:2701[78]', ['db1', 'db2']],
    ['PORT', 'EQUALS', '27019', ['db3']],
    ['REPLICA_SET_NAME', 'EQUALS', 'rs0', ['db1', 'db2', 'db3']],
    ['SHARD_NAME', 'EQUALS', 'sh0', ['db3']],
    ['CLUSTER_NAME', 'NOT_EQUALS', 'c0', ['db1', 'db2']],
  ])('%s %s %s', (field, op, value, want) => {
    expect(covered(field, op, value)).toEqual(want);
  });

  it('REGEX matches the whole value (regexMatch: full), or a part (find)', () => {
    expect(covered('HOSTNAME', 'REGEX', 'db')).toEqual([]);
    expect(covered('HOSTNAME', 'REGEX', 'db', { regexMatch: 'find' })).toEqual(['db1', 'db2']);
  });

  it('matcherCase: insensitive ignores case', () => {
    expect(covered('HOSTNAME', 'STARTS_WITH', 'DB')).toEqual([]);
    expect(covered('HOSTNAME', 'STARTS_WITH', 'DB', { matcherCase: 'insensitive' })).toEqual(['db1', 'db2']);
  });

  it('every matcher must hold, and a pattern that does not compile matches nothing', () => {
    const both = compileMatchers([{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs0' }, { fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'SECONDARY' }], DEFAULT_ALERT_SETTINGS);
    expect(hosts.filter(both).map((h) => h.id)).toEqual(['db2', 'db3']);
    expect(hosts.filter(compileMatchers([{ fieldName: 'HOSTNAME', operator: 'REGEX', value: '(' }], DEFAULT_ALERT_SETTINGS))).toEqual([]);
  });

  it('only the covered hosts get alerts', () => {
    const c = metric(100, [slack(0)], { matchers: [{ fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'SECONDARY' }] });
    const r = run({ configs: [c], hosts, series: { db1: { CONNECTIONS: [500] }, db2: { CONNECTIONS: [500] }, db3: { CONNECTIONS: [50] } }, minutes: 0 });
    expect(listedAlerts(r.state).map((a) => a.target)).toEqual(['db2.example.com:27018']);
  });
});

describe('metric thresholds: operator, threshold, units, mode AVERAGE', () => {
  it('GREATER_THAN fires above the threshold, not at it', () => {
    const r = run({ configs: [metric(100, [slack(0)])], series: { db1: { CONNECTIONS: [100, 101] } }, minutes: 1 });
    expect(r.what).toEqual(['1 TRACKING', '1 OPEN']);
  });

  it('LESS_THAN fires below the threshold', () => {
    const c = metric(100, [slack(0)]);
    (c.doc.metricThreshold as Record<string, unknown>).operator = 'LESS_THAN';
    const r = run({ configs: [c], series: { db1: { CONNECTIONS: [100, 99, 150] } }, minutes: 2 });
    expect(r.what).toEqual(['1 TRACKING', '1 OPEN', '2 CLOSED']);
    expect(listedAlerts(r.state)[0].currentValue).toEqual({ number: 99, units: 'RAW' });
  });

  it('converts the threshold into the units of the samples (2 GIGABYTES over samples in MEGABYTES)', () => {
    const c: EvalConfig = { name: 'mem', global: false, doc: { eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', metricThreshold: { metricName: 'MEMORY_RESIDENT', operator: 'GREATER_THAN', threshold: 2, units: 'GIGABYTES' }, notifications: [slack(0)] } };
    const series = { db1: { MEMORY_RESIDENT: [2048, 2049] } };
    expect(run({ configs: [c], series, seriesUnits: { MEMORY_RESIDENT: 'MEGABYTES' }, minutes: 1 }).what).toEqual(['1 TRACKING', '1 OPEN']);
    // dataUnitBase 1000: 2 GB is 2000 MB, so 2048 is already above it.
    expect(run({ configs: [c], series, seriesUnits: { MEMORY_RESIDENT: 'MEGABYTES' }, settings: { dataUnitBase: 1000 }, minutes: 1 }).what).toEqual(['0 TRACKING', '0 OPEN']);
    // Default series units: bytes.
    expect(run({ configs: [c], series: { db1: { MEMORY_RESIDENT: [2 * 1024 ** 3, 2 * 1024 ** 3 + 1] } }, minutes: 1 }).what).toEqual(['1 TRACKING', '1 OPEN']);
  });

  it('unit scales: data, time, RPU', () => {
    expect([unitScale('KILOBYTES'), unitScale('MEGABITS'), unitScale('SECONDS'), unitScale('HOURS'), unitScale('THOUSAND_RPU'), unitScale('RAW'), unitScale('NOPE')])
      .toEqual([1024, 1024 ** 2 / 8, 1000, 3.6e6, 1000, 1, undefined]);
  });

  it('mode AVERAGE over averageWindow: a one-minute spike does not move a five-minute average past the threshold', () => {
    const series = { db1: { CONNECTIONS: [50, 50, 50, 50, 300, 50, 50] } };
    expect(run({ configs: [metric(100, [slack(0)])], series, minutes: 6 }).what).toEqual(['4 TRACKING', '4 OPEN', '5 CLOSED']);
    expect(run({ configs: [metric(100, [slack(0)])], series, minutes: 6, settings: { averageWindowMs: 5 * M } }).what).toEqual([]);
  });

  it('a missing sample holds the condition (missingSample: hold), or ends it (clear)', () => {
    const series = { db1: { CONNECTIONS: [500, NaN, 500] } };
    expect(run({ configs: [metric(100, [slack(0)])], series, minutes: 2 }).what).toEqual(['0 TRACKING', '0 OPEN']);
    expect(run({ configs: [metric(100, [slack(0)])], series, minutes: 2, settings: { missingSample: 'clear' } }).what).toEqual(['0 TRACKING', '0 OPEN', '1 CLOSED', '2 TRACKING', '2 OPEN']);
  });
});

describe('global alert configurations: forAllGroups and groupIds', () => {
  const global = (extra: Record<string, unknown>): EvalConfig => ({ name: 'g', global: true, doc: { eventTypeName: 'HOST_DOWN', notifications: [{ typeName: 'ADMIN', delayMin: 0 }], ...extra } });
  const down = { 1: { events: [{ type: 'HOST_DOWN' as const, host: 'db1' }] } };

  it('forAllGroups: true applies to the project', () => {
    expect(run({ configs: [global({ forAllGroups: true })], at: down, minutes: 1, groupId: 'p1' }).sent).toEqual(['1 ADMIN']);
  });

  it('forAllGroups: false applies only when groupIds names the project', () => {
    expect(run({ configs: [global({ forAllGroups: false, groupIds: ['p1'] })], at: down, minutes: 1, groupId: 'p1' }).sent).toEqual(['1 ADMIN']);
    const other = run({ configs: [global({ forAllGroups: false, groupIds: ['p2'] })], at: down, minutes: 1, groupId: 'p1' });
    expect(other.sent).toEqual([]);
    expect(other.state.unsimulated[0].reason).toMatch(/groupIds do not name the project p1/);
  });

  it('forAllGroups with tags applies to a project carrying one of them', () => {
    const state = createEvaluator({ start: T0, hosts: [DB1], configs: [global({ forAllGroups: true, tags: ['prod'] })], tags: ['dev'] });
    expect(state.trackers).toHaveLength(0);
    expect(createEvaluator({ start: T0, hosts: [DB1], configs: [global({ forAllGroups: true, tags: ['prod'] })], tags: ['prod'] }).trackers).toHaveLength(1);
  });
});

describe('events: HOST_DOWN, members unhealthy, agents down', () => {
  it('HOST_DOWN opens on the host going down and closes when it is up', () => {
    const c: EvalConfig = { name: 'down', global: false, doc: { eventTypeName: 'HOST_DOWN', notifications: [email(0)] } };
    const r = run({ configs: [c], at: { 2: { events: [{ type: 'HOST_DOWN', host: 'db1' }] }, 5: { events: [{ type: 'HOST_UP', host: 'db1' }] } }, minutes: 6 });
    expect(r.what).toEqual(['2 TRACKING', '2 OPEN', '5 CLOSED']);
  });

  it('TOO_FEW_HEALTHY_MEMBERS counts the healthy members of each replica set', () => {
    const c: EvalConfig = { name: 'rs', global: false, doc: { eventTypeName: 'TOO_FEW_HEALTHY_MEMBERS', threshold: { operator: 'LESS_THAN', threshold: 2 }, notifications: [email(0)] } };
    const r = run({ configs: [c], hosts: [DB1, DB2, DB3], at: { 1: { events: [{ type: 'MEMBER_UNHEALTHY', host: 'db2' }] }, 2: { events: [{ type: 'HOST_DOWN', host: 'db3' }] }, 4: { events: [{ type: 'MEMBER_HEALTHY', host: 'db2' }] } }, minutes: 5 });
    expect(r.what).toEqual(['2 TRACKING', '2 OPEN', '4 CLOSED']);
    expect(listedAlerts(r.state)[0].target).toBe('rs0');
  });

  it('MONITORING_AGENT_DOWN follows the agent', () => {
    const c: EvalConfig = { name: 'agent', global: false, doc: { eventTypeName: 'MONITORING_AGENT_DOWN', notifications: [email(0)] } };
    const r = run({ configs: [c], at: { 1: { events: [{ type: 'AGENT_DOWN', agent: 'MONITORING' }] }, 3: { events: [{ type: 'AGENT_UP', agent: 'MONITORING' }] } }, minutes: 3 });
    expect(r.what).toEqual(['1 TRACKING', '1 OPEN', '3 CLOSED']);
  });

  it('a removed host cancels its alert, without a notification', () => {
    const c: EvalConfig = { name: 'down', global: false, doc: { eventTypeName: 'HOST_DOWN', notifications: [email(0)] } };
    const r = run({ configs: [c], at: { 1: { events: [{ type: 'HOST_DOWN', host: 'db1' }] }, 2: { events: [{ type: 'HOST_REMOVED', host: 'db1' }] } }, minutes: 3 });
    expect(r.what).toEqual(['1 TRACKING', '1 OPEN', '2 CANCELLED']);
    expect(r.sent).toEqual(['1 EMAIL dba@example.com']);
    expect(listedAlerts(r.state)).toEqual([]);
  });

  it('says which configurations it does not simulate, and why', () => {
    const state = createEvaluator({ start: T0, hosts: [DB1], configs: [
      { name: 'off', global: false, doc: { eventTypeName: 'HOST_DOWN', enabled: false, notifications: [email(0)] } },
      { name: 'odd', global: false, doc: { eventTypeName: 'JOINED_GROUP', notifications: [email(0)] } },
    ] });
    expect(state.unsimulated.map((u) => `${u.config}: ${u.reason.split(' (')[0]}`)).toEqual(['off: disabled', 'odd: eventTypeName JOINED_GROUP is not simulated']);
  });
});

describe('a time-driven step function (serve drives it with its own clock)', () => {
  it('refuses to go back in time', () => {
    const state = createEvaluator({ start: T0, hosts: [DB1], configs: [] });
    expect(() => advance(state, T0 - 1)).toThrow(RangeError);
  });

  it('timers between two calls fire at their own times: one long step sends what many short ones send', () => {
    const c = metric(100, [slack(3, 5)]);
    const state = createEvaluator({ start: T0, hosts: [DB1], configs: [c] });
    advance(state, T0, { samples: { slots: [slotOf(state, 'db1', 'CONNECTIONS')], values: [500] } });
    const r = advance(state, T0 + 20 * M);
    expect(r.notifications.map((n) => (n.at - T0) / M)).toEqual([3, 8, 13, 18]);
    expect(r.transitions.map((t) => `${(t.at - T0) / M} ${t.what}`)).toEqual(['3 OPEN']);
    expect(r.state).toBe(state);
  });
});

describe('series and durations (promtool notation)', () => {
  const values = (s: string) => {
    const r = parseSeries(s);
    return 'values' in r ? [...r.values].map((v) => (Number.isNaN(v) ? '_' : v)) : r.error;
  };
  it('reads numbers, repeats, ramps and missing samples', () => {
    expect(values('100 200 5000x3')).toEqual([100, 200, 5000, 5000, 5000, 5000]);
    expect(values('1+2x3 10-5x2')).toEqual([1, 3, 5, 7, 10, 5, 0]);
    expect(values('_ 1 _x2 -1.5e1')).toEqual(['_', 1, '_', '_', -15]);
  });
  it('says where a series cannot be read', () => {
    expect(parseSeries('1 2 abc')).toEqual({ error: '"abc" is no sample: write a number, a+bxn, axn, _ or _xn', offset: 4, length: 3 });
    expect(values('1+2')).toMatch(/no count/);
    expect(values('1x999999999')).toMatch(/more than 1000000 samples/);
    expect(values('  ')).toMatch(/no sample/);
  });
  it('reads and writes durations', () => {
    expect([parseDuration('90s'), parseDuration('1h30m'), parseDuration('2d'), parseDuration('5'), parseDuration('m')]).toEqual([90_000, 5_400_000, 172_800_000, undefined, undefined]);
    expect([formatDuration(0), formatDuration(5_400_000), formatDuration(90_000)]).toEqual(['0s', '1h30m', '1m30s']);
  });
});
