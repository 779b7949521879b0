// A seeded random workload for the alert evaluator: hosts in replica sets, metric and event
// configurations with matchers, units, delays and intervals, maintenance windows, series with
// gaps, events, acknowledgements and window deletions, and times off the step grid. The same seed
// gives the same workload, so a failure names the seed that shows it.
import type { AlertSettings, EvalConfig, EvalHost, EvalInputs, EvalWindow } from '../../src/model/alert-eval';

export interface Workload {
  hosts: EvalHost[];
  configs: EvalConfig[];
  windows: EvalWindow[];
  settings: Partial<AlertSettings>;
  seriesUnits: Record<string, string>;
  groupId: string;
  start: number;
  /** Every evaluation time, in order, with its inputs; samples name host and metric (the caller finds the slot). */
  steps: { at: number; samples: { host: string; metric: string; value: number }[]; inputs: Omit<EvalInputs, 'samples'> }[];
}

const M = 60_000;
const METRICS = ['CONNECTIONS', 'MEMORY_RESIDENT', 'OPLOG_SLAVE_LAG_MASTER_TIME'];
const LEVEL = [1000, 4 * 1024, 20_000];

/** A small linear congruential generator: the workload must not depend on Math.random. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  };
}

/**
 * The workload of `seed` over `minutes` one-minute steps. `integers`: every sample a whole number,
 * so that any order of adding the samples of an average gives the same sum.
 */
export function alertWorkload(seed: number, minutes: number, integers = true): Workload {
  const r = generator(seed);
  const start = Date.parse('2026-02-02T00:00:00Z');
  const hostCount = 4 + r.int(9);
  const hosts: EvalHost[] = Array.from({ length: hostCount }, (_, i) => ({
    id: `h${i}`, hostname: `${r.pick(['db', 'analytics', 'cfg'])}${i}.example.${r.pick(['com', 'org'])}`, port: 27017 + r.int(3),
    typeName: i % 3 === 0 ? 'PRIMARY' : r.pick(['SECONDARY', 'SECONDARY', 'STANDALONE', 'CONFIG']),
    ...(r.next() < 0.9 ? { replicaSetName: `rs${Math.floor(i / 3)}` } : {}),
    ...(r.next() < 0.5 ? { shardName: `sh${i % 2}`, clusterName: 'c0' } : {}),
  }));
  const channel = () => {
    const delayMin = r.pick([0, 0, 1, 2, 5, 10]);
    const kind = r.int(4);
    if (kind === 0) return { typeName: 'PAGER_DUTY', serviceKey: 'k', delayMin };
    const base = kind === 1 ? { typeName: 'EMAIL', emailAddress: 'dba@example.com' } : { typeName: 'SLACK', channelName: `#c${kind}`, apiToken: 't' };
    return r.next() < 0.2 ? { ...base, delayMin } : { ...base, delayMin, intervalMin: r.pick([1, 3, 5, 15, 60]) };
  };
  const matchers = () => {
    if (r.next() < 0.6) return [];
    const field = r.pick(['TYPE_NAME', 'HOSTNAME', 'PORT', 'HOSTNAME_AND_PORT', 'REPLICA_SET_NAME', 'SHARD_NAME', 'CLUSTER_NAME']);
    const operator = r.pick(['EQUALS', 'NOT_EQUALS', 'CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH', 'ENDS_WITH', 'REGEX']);
    const value = field === 'TYPE_NAME' ? r.pick(['PRIMARY', 'SECONDARY']) : field === 'PORT' ? String(27017 + r.int(3)) : operator === 'REGEX' ? r.pick(['db.*', '.*org', 'rs[01]', 'sh1']) : r.pick(['db', 'analytics', 'rs0', 'sh0', 'example.com', 'c0']);
    return [{ fieldName: field, operator, value }];
  };
  const configs: EvalConfig[] = [];
  const configCount = 6 + r.int(12);
  for (let i = 0; i < configCount; i++) {
    const notifications = Array.from({ length: 1 + r.int(3) }, channel);
    const kind = r.int(10);
    let doc: Record<string, unknown>;
    if (kind < 6) {
      const m = r.int(METRICS.length);
      const above = r.next() < 0.7;
      const units = m === 1 ? r.pick(['RAW', 'MEGABYTES', 'GIGABYTES']) : m === 2 ? r.pick(['RAW', 'SECONDS', 'MILLISECONDS']) : 'RAW';
      const raw = LEVEL[m] * (above ? 1.1 + r.int(8) / 10 : 0.3 + r.int(5) / 10);
      const scale = units === 'GIGABYTES' ? 1 / 1024 : units === 'SECONDS' ? 1 / 1000 : 1;
      doc = { eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', metricThreshold: { metricName: METRICS[m], operator: above ? 'GREATER_THAN' : 'LESS_THAN', threshold: Math.round(raw * scale * 100) / 100, units, mode: 'AVERAGE' } };
    } else if (kind === 6) doc = { eventTypeName: 'HOST_DOWN' };
    else if (kind === 7) doc = { eventTypeName: r.pick(['TOO_FEW_HEALTHY_MEMBERS', 'TOO_MANY_UNHEALTHY_MEMBERS']), threshold: { operator: r.pick(['LESS_THAN', 'GREATER_THAN']), threshold: 1 + r.int(2) } };
    else if (kind === 8) doc = { eventTypeName: 'NO_PRIMARY' };
    else doc = { eventTypeName: r.pick(['MONITORING_AGENT_DOWN', 'AUTOMATION_AGENT_DOWN']) };
    const global = r.next() < 0.15;
    configs.push({
      name: `c${i}`,
      global,
      doc: { ...doc, enabled: r.next() < 0.95, matchers: matchers(), notifications, ...(global ? (r.next() < 0.5 ? { forAllGroups: true } : { groupIds: ['g1'] }) : {}) },
    });
  }
  const windowTypes = ['HOST', 'REPLICA_SET', 'AGENT', 'CLUSTER'];
  const window = (n: string): EvalWindow => {
    const from = start + r.int(minutes) * M + (r.next() < 0.3 ? 30_000 : 0);
    return { name: n, alertTypeNames: [r.pick(windowTypes), ...(r.next() < 0.3 ? [r.pick(windowTypes)] : [])], start: from, end: from + (5 + r.int(60)) * M };
  };
  const windows = Array.from({ length: r.int(3) }, (_, i) => window(`w${i}`));
  // Each series a random walk with rare jumps past the thresholds, and gaps.
  const level = hosts.map(() => LEVEL.map((l) => l));
  const seriesOf = hosts.map(() => METRICS.map(() => r.next() < 0.9));
  const steps: Workload['steps'] = [];
  const acked: { config: string; target: string }[] = [];
  let added = 0;
  for (let k = 0; k < minutes; k++) {
    const at = start + k * M;
    const samples: Workload['steps'][number]['samples'] = [];
    hosts.forEach((h, i) => METRICS.forEach((metric, m) => {
      if (!seriesOf[i][m]) return;
      if (r.next() < 0.04) level[i][m] = LEVEL[m] * r.pick([0.1, 0.5, 1, 1.5, 2, 3]);
      const raw = level[i][m] * (0.9 + r.next() * 0.2);
      samples.push({ host: h.id, metric, value: r.next() < 0.03 ? NaN : integers ? Math.round(raw) : raw });
    }));
    const inputs: Omit<EvalInputs, 'samples'> = {};
    if (r.next() < 0.05) {
      const type = r.pick(['HOST_DOWN', 'HOST_UP', 'HOST_UP', 'MEMBER_UNHEALTHY', 'MEMBER_HEALTHY', 'AGENT_DOWN', 'AGENT_UP', 'HOST_REMOVED'] as const);
      if (type !== 'HOST_REMOVED' || r.next() < 0.3) inputs.events = [{ type, host: r.pick(hosts).id, ...(type.startsWith('AGENT') ? { agent: r.pick(['MONITORING', 'AUTOMATION'] as const) } : {}) }];
    }
    if (r.next() < 0.03) {
      const c = r.pick(configs);
      const h = r.pick(hosts);
      const target = r.next() < 0.7 ? `${h.hostname}:${h.port}` : h.replicaSetName ?? 'project';
      inputs.acknowledgements = [{ config: c.name, target, until: at + (r.next() < 0.2 ? -M : r.int(90) * M), comment: 'on it', username: 'ops' }];
      acked.push({ config: c.name, target });
    } else if (acked.length > 0 && r.next() < 0.02) {
      // An acknowledgement taken back (acknowledgedUntil in the past) while it holds notifications.
      const { config, target } = acked[r.int(acked.length)];
      inputs.acknowledgements = [{ config, target, until: at - M }];
    }
    if (r.next() < 0.01) inputs.addWindows = [window(`added${added++}`)];
    if (r.next() < 0.01 && (windows.length > 0 || added > 0)) inputs.deleteWindows = [r.next() < 0.5 && windows.length ? r.pick(windows).name : `added${r.int(added + 1)}`];
    // Now and then a minute without any evaluation (a caller that steps unevenly): its timers fire at the next.
    if (k > 0 && r.next() < 0.03 && Object.keys(inputs).length === 0) continue;
    steps.push({ at, samples, inputs });
    // Now and then a time between two steps (an event or a case there), with no sample.
    if (r.next() < 0.02) steps.push({ at: at + 17_000 + r.int(30_000), samples: [], inputs: r.next() < 0.5 ? { events: [{ type: 'HOST_UP', host: r.pick(hosts).id }] } : {} });
  }
  const settings: Partial<AlertSettings> = {
    averageWindowMs: r.pick([1, 1, 3, 5]) * M,
    missingSample: r.pick(['hold', 'clear'] as const),
    trackingEnds: r.pick(['CANCELLED', 'CLOSED'] as const),
    resolveNotifies: r.pick(['notified', 'all', 'none'] as const),
    acknowledgementEnds: r.pick(['notify', 'next-interval'] as const),
    regexMatch: r.pick(['full', 'find'] as const),
    matcherCase: r.pick(['sensitive', 'insensitive'] as const),
  };
  return { hosts, configs, windows, settings, seriesUnits: r.next() < 0.5 ? { MEMORY_RESIDENT: 'MEGABYTES' } : {}, groupId: 'g1', start, steps };
}

/** The functions of an evaluator module that a replay needs (the module under test, or an older copy). */
export interface EvaluatorApi {
  createEvaluator: typeof import('../../src/model/alert-eval').createEvaluator;
  advance: typeof import('../../src/model/alert-eval').advance;
  slotOf: typeof import('../../src/model/alert-eval').slotOf;
  listedAlerts: typeof import('../../src/model/alert-eval').listedAlerts;
}

/**
 * Everything a run of the workload shows, one line per step: what advance returned, now and then
 * the alerts listed then, and at the end (JSON, so that any difference of a field, an order or a number shows).
 */
export function replay(api: EvaluatorApi, w: Workload, extra: { reference?: boolean } = {}): string[] {
  const state = api.createEvaluator({ start: w.start, hosts: w.hosts, configs: w.configs, windows: w.windows, settings: w.settings, seriesUnits: w.seriesUnits, groupId: w.groupId, ...extra });
  const lines: string[] = [JSON.stringify(state.unsimulated)];
  for (const s of w.steps) {
    const slots: number[] = [];
    const values: number[] = [];
    for (const x of s.samples) {
      const slot = api.slotOf(state, x.host, x.metric);
      if (slot >= 0) { slots.push(slot); values.push(x.value); }
    }
    const r = api.advance(state, s.at, { ...s.inputs, samples: { slots, values } });
    // The listed alerts now and then (every alert ever made is listed: each step would be quadratic).
    lines.push(JSON.stringify({ at: s.at, transitions: r.transitions, notifications: r.notifications, ...(lines.length % 20 === 0 ? { alerts: api.listedAlerts(state) } : {}) }));
  }
  lines.push(JSON.stringify(api.listedAlerts(state)));
  return lines;
}
