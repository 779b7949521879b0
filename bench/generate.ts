// Seeded corpus generator for the benchmark: alert configurations (YAML and JSON, one document per
// file, in project directories) and automation configurations of N processes. The same seed gives
// the same bytes. Files go to a scratch directory (default under os.tmpdir()), never the repo.
//   npx tsx bench/generate.ts [--out DIR] [--seed N] [--alerts N] [--per-project N]
//                             [--processes N,N…] [--automation-mb MB]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_SCRATCH = path.join(os.tmpdir(), 'omlint-bench');
export const DEFAULT_SEED = 20240901;

// ---------------------------------------------------------------------------------------------
// Seeded randomness (mulberry32: small, fast, good enough for test data).

export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** Picks by weight: [[value, weight], …]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  hex(length: number): string;
}

export function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    weighted: (items) => {
      let r = next() * items.reduce((s, [, w]) => s + w, 0);
      for (const [v, w] of items) if ((r -= w) < 0) return v;
      return items[items.length - 1][0];
    },
    hex: (length) => Array.from({ length }, () => '0123456789abcdef'[Math.floor(next() * 16)]).join(''),
  };
  return rng;
}

// ---------------------------------------------------------------------------------------------
// Alert configurations

type Json = Record<string, unknown>;

const TEAMS = ['dba', 'platform', 'payments', 'search', 'identity', 'analytics', 'checkout', 'ledger', 'catalog', 'messaging'];
const ENVS = ['prod', 'staging', 'perf', 'dr'];
const REGIONS = ['eu-west-1', 'eu-central-1', 'us-east-1', 'us-west-2', 'ap-southeast-1'];

/** Metrics by unit family, with plausible thresholds and units. */
const METRICS: readonly { name: string; units: readonly string[]; min: number; max: number; op?: 'LESS_THAN' }[] = [
  { name: 'NORMALIZED_SYSTEM_CPU_USER', units: ['RAW'], min: 60, max: 95 },
  { name: 'CONNECTIONS', units: ['RAW'], min: 500, max: 20000 },
  { name: 'ASSERT_REGULAR', units: ['RAW'], min: 1, max: 50 },
  { name: 'ASSERT_USER', units: ['RAW'], min: 10, max: 500 },
  { name: 'QUERY_TARGETING_SCANNED_OBJECTS_PER_RETURNED', units: ['RAW'], min: 100, max: 5000 },
  { name: 'OPCOUNTER_QUERY', units: ['RAW'], min: 1000, max: 50000 },
  { name: 'OPCOUNTER_UPDATE', units: ['RAW'], min: 500, max: 20000 },
  { name: 'GLOBAL_LOCK_CURRENT_QUEUE_TOTAL', units: ['RAW'], min: 20, max: 500 },
  { name: 'TICKETS_AVAILABLE_READS', units: ['RAW'], min: 5, max: 30, op: 'LESS_THAN' },
  { name: 'TICKETS_AVAILABLE_WRITE', units: ['RAW'], min: 5, max: 30, op: 'LESS_THAN' },
  { name: 'DISK_PARTITION_UTILIZATION_DATA', units: ['RAW'], min: 70, max: 95 },
  { name: 'CURSORS_TOTAL_OPEN', units: ['RAW'], min: 1000, max: 10000 },
  { name: 'EXTRA_INFO_PAGE_FAULTS', units: ['RAW'], min: 50, max: 1000 },
  { name: 'MEMORY_RESIDENT', units: ['GIGABYTES', 'MEGABYTES'], min: 8, max: 512 },
  { name: 'CACHE_DIRTY_BYTES', units: ['GIGABYTES', 'MEGABYTES'], min: 1, max: 64 },
  { name: 'DB_STORAGE_TOTAL', units: ['GIGABYTES', 'TERABYTES'], min: 1, max: 900 },
  { name: 'SWAP_USAGE_USED', units: ['MEGABYTES', 'GIGABYTES'], min: 100, max: 4000 },
  { name: 'NETWORK_BYTES_OUT', units: ['MEGABYTES'], min: 50, max: 2000 },
  { name: 'OPLOG_RATE_GB_PER_HOUR', units: ['GIGABYTES'], min: 1, max: 50 },
  { name: 'OPLOG_MASTER_TIME', units: ['HOURS'], min: 6, max: 72, op: 'LESS_THAN' },
  { name: 'OPLOG_SLAVE_LAG_MASTER_TIME', units: ['SECONDS', 'MINUTES'], min: 10, max: 600 },
  { name: 'OP_EXECUTION_TIME_READS', units: ['MILLISECONDS'], min: 50, max: 2000 },
  { name: 'OP_EXECUTION_TIME_WRITES', units: ['MILLISECONDS'], min: 50, max: 2000 },
  { name: 'BACKGROUND_FLUSH_AVG', units: ['MILLISECONDS', 'SECONDS'], min: 100, max: 5000 },
];

type Target = 'host' | 'replica-set' | 'cluster' | 'other';
const EVENTS: readonly (readonly [{ name: string; target: Target; threshold?: 'LESS_THAN' | 'GREATER_THAN' }, number])[] = [
  [{ name: 'OUTSIDE_METRIC_THRESHOLD', target: 'host' }, 45],
  [{ name: 'HOST_DOWN', target: 'host' }, 6],
  [{ name: 'HOST_RECOVERING', target: 'host' }, 2],
  [{ name: 'HOST_ROLLBACK', target: 'host' }, 2],
  [{ name: 'HOST_SSL_CERTIFICATE_STALE', target: 'host' }, 2],
  [{ name: 'HOST_RESTARTED', target: 'host' }, 1],
  [{ name: 'VERSION_BEHIND', target: 'host' }, 1],
  [{ name: 'NO_PRIMARY', target: 'replica-set' }, 6],
  [{ name: 'TOO_FEW_HEALTHY_MEMBERS', target: 'replica-set', threshold: 'LESS_THAN' }, 4],
  [{ name: 'TOO_MANY_UNHEALTHY_MEMBERS', target: 'replica-set', threshold: 'GREATER_THAN' }, 3],
  [{ name: 'MULTIPLE_PRIMARIES', target: 'replica-set' }, 1],
  [{ name: 'PRIMARY_ELECTED', target: 'replica-set' }, 2],
  [{ name: 'TOO_MANY_ELECTIONS', target: 'replica-set', threshold: 'GREATER_THAN' }, 2],
  [{ name: 'CLUSTER_MONGOS_IS_MISSING', target: 'cluster' }, 2],
  [{ name: 'MONITORING_AGENT_DOWN', target: 'other' }, 3],
  [{ name: 'AUTOMATION_AGENT_DOWN', target: 'other' }, 3],
  [{ name: 'BACKUP_AGENT_DOWN', target: 'other' }, 2],
  [{ name: 'OPLOG_BEHIND', target: 'other' }, 2],
  [{ name: 'RESYNC_REQUIRED', target: 'other' }, 1],
  [{ name: 'INCONSISTENT_BACKUP_CONFIGURATION', target: 'other' }, 1],
  [{ name: 'USERS_WITHOUT_MULTIFACTOR_AUTH', target: 'other' }, 1],
  [{ name: 'JOINED_GROUP', target: 'other' }, 1],
  [{ name: 'BI_CONNECTOR_DOWN', target: 'other' }, 1],
];

const SENTENCES = [
  'The on-call engineer acknowledges within fifteen minutes and follows the procedure below.',
  'Thresholds were tuned after the incident review of the last quarter; do not lower them without a review.',
  'A page at night is expected only for production; staging and perf notify by email and chat.',
  'The dashboard linked above shows the same metric with a seven-day baseline.',
  'Escalate to the database platform team when the condition lasts longer than one hour.',
  'This alert replaced the old Nagios check; keep both names in the incident template.',
  'Capacity planning uses the same threshold, so change both together.',
  'Silence it with a maintenance window, never by disabling the configuration.',
  'Owners review every alert configuration twice a year; the history below lists the changes.',
  'The matchers keep the alert on the hosts this team operates; shared clusters have their own file.',
  'Most of the past alerts were caused by batch jobs that start at the top of the hour.',
  'Changes go through a merge request; the pipeline lints the file and applies it with the API.',
  'Secrets are placeholders, resolved from the vault by the deploy job, never committed.',
  'The notification intervals follow the paging policy of the organization.',
  'During the quarterly failover test this alert is expected to fire once; acknowledge it.',
  'The application retries writes for thirty seconds, so short blips are invisible to users.',
  'Customer-facing latency budgets are in the service level document of the team.',
  'If the alert fires together with a host-down alert, handle the host-down alert first.',
  'Keep the configuration in this repository; edits made in the Ops Manager UI are overwritten.',
];

const STEPS = [
  'Open the dashboard and compare the last hour with the seven-day baseline.',
  'Check the slow query log and db.currentOp() for long-running operations.',
  'Look for a deploy or a batch job that started at the same time.',
  'Check replication lag on the secondaries before failing anything over.',
  'If one host is affected, drain it from the load balancer and restart the process.',
  'If every host is affected, open an incident and page the platform team.',
  'Check free disk space and the growth of the oplog on the primary.',
  'Verify that the monitoring and automation agents report in the last five minutes.',
  'Record what was done in the incident channel, with timestamps.',
  'After recovery, add the timeline to the post-incident review document.',
  'Compare the connection count with the pool sizes configured in the application.',
  'Check whether an index build or a resync is running on any member.',
  'Look at the mongod log of the affected host for errors in the same minute.',
  'If the cause is a runaway query, kill the operation and notify the owning team.',
  'Scale the working set: check the cache dirty ratio and the eviction rate.',
  'Confirm that the backup agent is not taking a snapshot from the same member.',
];

/** Wraps sentences at about 92 columns. */
function wrap(sentences: string[], width = 92, indent = ''): string[] {
  const out: string[] = [];
  let line = indent;
  for (const word of sentences.join(' ').split(' ')) {
    if (line.length + word.length > width && line.trim()) {
      out.push(line.trimEnd());
      line = indent;
    }
    line += word + ' ';
  }
  if (line.trim()) out.push(line.trimEnd());
  return out;
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** The runbook excerpt people keep above an alert configuration: notes, procedure, history. */
function runbook(rng: Rng): string[] {
  const out = wrap(shuffled(rng, SENTENCES).slice(0, rng.int(4, 12)));
  out.push('', 'Procedure:');
  shuffled(rng, STEPS).slice(0, rng.int(3, 9)).forEach((s, i) => out.push(...wrap([`${i + 1}. ${s}`], 92, '  ').map((l, k) => (k ? '     ' + l.trim() : l))));
  out.push('', 'History:');
  for (let n = 0, count = rng.int(1, 6), year = 2019; n < count; n++, year++) {
    const who = rng.pick(['ana', 'ben', 'chen', 'dara', 'eli', 'fatima', 'gus']);
    const what = n === 0 ? 'created' : rng.pick(['raised the threshold after INC-' + rng.int(1000, 9999), 'added the escalation', 'moved from the shared project', 'narrowed the matchers', 'reviewed, no change', 'replaced the e-mail list by the team channel']);
    out.push(`  ${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')} ${who}: ${what}`);
  }
  return out;
}

function matchers(rng: Rng, target: Target, team: string, env: string): Json[] {
  const m: Json[] = [];
  const rs = `${env}-${team}-rs${rng.int(0, 9)}`;
  if (target === 'host') {
    const n = rng.weighted([[0, 2], [1, 4], [2, 3], [3, 1]] as const);
    const all: (() => Json)[] = [
      () => ({ fieldName: 'TYPE_NAME', operator: 'EQUALS', value: rng.pick(['PRIMARY', 'SECONDARY', 'MONGOS', 'CONFIG']) }),
      () => ({ fieldName: 'HOSTNAME', operator: 'STARTS_WITH', value: `${env}-${team}-` }),
      () => ({ fieldName: 'REPLICA_SET_NAME', operator: rng.pick(['EQUALS', 'STARTS_WITH']), value: rs }),
      () => ({ fieldName: 'HOSTNAME_AND_PORT', operator: 'EQUALS', value: `${rs}-${rng.int(0, 2)}.${rng.pick(REGIONS)}.db.example.internal:${27017 + rng.int(0, 3)}` }),
      () => ({ fieldName: 'PORT', operator: 'EQUALS', value: String(27017 + rng.int(0, 3)) }),
      () => ({ fieldName: 'HOSTNAME', operator: 'REGEX', value: `^${env}-${team}-(rs|sh)[0-9]+-[0-2]\\.` }),
    ];
    for (const make of shuffled(rng, all).slice(0, n)) m.push(make());
  } else if (target === 'replica-set') {
    const n = rng.weighted([[0, 1], [1, 4], [2, 2]] as const);
    const all: (() => Json)[] = [
      () => ({ fieldName: 'REPLICA_SET_NAME', operator: rng.pick(['EQUALS', 'STARTS_WITH', 'CONTAINS']), value: rs }),
      () => ({ fieldName: 'CLUSTER_NAME', operator: 'EQUALS', value: `${env}-${team}` }),
      () => ({ fieldName: 'SHARD_NAME', operator: 'STARTS_WITH', value: `${env}-${team}-sh` }),
    ];
    for (const make of shuffled(rng, all).slice(0, n)) m.push(make());
  } else if (target === 'cluster') {
    m.push({ fieldName: 'CLUSTER_NAME', operator: rng.pick(['EQUALS', 'STARTS_WITH']), value: `${env}-${team}` });
  }
  return m;
}

const interval = (rng: Rng) => rng.pick([5, 10, 15, 30, 60, 120, 240]);
const delay = (rng: Rng) => rng.pick([0, 0, 0, 5, 10, 15, 30]);

function notification(rng: Rng, team: string, env: string, i: number): { value: Json; note: string } {
  const T = team.toUpperCase();
  const type = rng.weighted([
    ['GROUP', 6], ['EMAIL', 5], ['SLACK', 5], ['PAGER_DUTY', 4], ['OPS_GENIE', 2], ['WEBHOOK', 2],
    ['MICROSOFT_TEAMS', 2], ['DATADOG', 1], ['SMS', 1], ['USER', 2], ['TEAM', 2], ['VICTOR_OPS', 1], ['ORG', 1],
  ] as const);
  const common = () => ({ delayMin: i === 0 ? 0 : delay(rng), intervalMin: interval(rng) });
  switch (type) {
    case 'GROUP':
      return { note: 'project members with these roles', value: { typeName: 'GROUP', roles: rng.pick([['GROUP_OWNER'], ['GROUP_OWNER', 'GROUP_MONITORING_ADMIN'], ['GROUP_AUTOMATION_ADMIN'], ['GROUP_MONITORING_ADMIN', 'GROUP_DATA_ACCESS_ADMIN']]), emailEnabled: true, smsEnabled: rng.chance(0.2), ...common() } };
    case 'EMAIL':
      return { note: 'team mailing list', value: { typeName: 'EMAIL', emailAddress: `${team}-${rng.pick(['oncall', 'dba', 'alerts'])}@example.com`, ...common() } };
    case 'SLACK':
      return { note: `#${team}-alerts, the bot token comes from the deploy secret store`, value: { typeName: 'SLACK', apiToken: `\${SLACK_BOT_TOKEN_${T}}`, channelName: `#${team}-${env === 'prod' ? 'alerts' : env}`, ...common() } };
    case 'PAGER_DUTY':
      return { note: 'pages the primary on-call; PagerDuty repeats by itself', value: { typeName: 'PAGER_DUTY', serviceKey: `\${PAGERDUTY_KEY_${T}}`, delayMin: i === 0 ? 0 : delay(rng) } };
    case 'OPS_GENIE':
      return { note: 'Opsgenie schedule of the team', value: { typeName: 'OPS_GENIE', opsGenieApiKey: `\${OPSGENIE_API_KEY_${T}}`, opsGenieRegion: rng.pick(['US', 'EU']), delayMin: delay(rng) } };
    case 'WEBHOOK':
      return { note: 'incident bot, signs the payload', value: { typeName: 'WEBHOOK', webhookUrl: `\${INCIDENT_BOT_URL_${T}}`, webhookSecret: `\${WEBHOOK_SECRET_${T}}`, ...common() } };
    case 'MICROSOFT_TEAMS':
      return { note: 'Teams channel of the on-call rotation', value: { typeName: 'MICROSOFT_TEAMS', microsoftTeamsWebhookUrl: `\${TEAMS_WEBHOOK_URL_${T}}`, ...common() } };
    case 'DATADOG':
      return { note: 'events go to the Datadog timeline', value: { typeName: 'DATADOG', datadogApiKey: `\${DATADOG_API_KEY}`, datadogRegion: rng.pick(['US', 'EU']), ...common() } };
    case 'SMS':
      return { note: 'escalation phone', value: { typeName: 'SMS', mobileNumber: `+4915${rng.int(10000000, 99999999)}`, ...common() } };
    case 'USER':
      return { note: 'the team lead', value: { typeName: 'USER', username: `${rng.pick(['ana', 'ben', 'chen', 'dara', 'eli', 'fatima', 'gus'])}.${team}@example.com`, emailEnabled: true, smsEnabled: false, ...common() } };
    case 'TEAM':
      return { note: 'the Ops Manager team of the owners', value: { typeName: 'TEAM', teamId: rng.hex(24), ...common() } };
    case 'VICTOR_OPS':
      return { note: 'Splunk On-Call routing', value: { typeName: 'VICTOR_OPS', victorOpsApiKey: `\${VICTOROPS_API_KEY}`, victorOpsRoutingKey: `${team}-${env}`, delayMin: delay(rng) } };
    case 'ORG':
      return { note: 'organization owners', value: { typeName: 'ORG', roles: ['ORG_OWNER'], emailEnabled: true, smsEnabled: false, ...common() } };
  }
}

/** Mistakes planted in about 2% of the files: what a linter should find. */
export const PROBLEMS: readonly ((d: Json) => string)[] = [
  (d) => ((d.metricThreshold = { metricName: 'ASSERTS_REGULAR', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 10, units: 'RAW' }), (d.eventTypeName = 'OUTSIDE_METRIC_THRESHOLD'), delete d.threshold, 'metric-name'),
  (d) => (((d.notifications as Json[])[0].intervalMin = 3), 'notification-interval'),
  (d) => ((d.notifications as Json[]).push({ typeName: 'SLACK', apiToken: '${SLACK_BOT_TOKEN}', intervalMin: 60, delayMin: 0 }), 'notification-required-field'),
  (d) => (delete d.enabled, 'enabled-omitted'),
  (d) => ((d.notifications as Json[]).push({ typeName: 'PAGER_DUTY', serviceKey: '****************************a1f3', delayMin: 0 }), 'redacted-secret'),
  (d) => ((d.notifications as Json[]).push({ typeName: 'EMAIL', emailAdress: 'dba@example.com', intervalMin: 60, delayMin: 0 }), 'unknown-field (schema)'),
  (d) => ((d.eventTypeName = 'OUTSIDE_METRIC_THRESHOLD'), (d.metricThreshold = { metricName: 'MEMORY_RESIDENT', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: '64', units: 'GIGABYTES' }), delete d.threshold, 'invalid-type (schema)'),
  (d) => ((d.matchers = [{ fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'primary' }]), (d.eventTypeName = 'HOST_DOWN'), delete d.metricThreshold, delete d.threshold, 'matcher-value'),
];

export interface AlertDoc {
  doc: Json;
  /** Header comment lines (YAML only). */
  header: string[];
  /** Comment per notification (YAML only). */
  notes: string[];
  /** What was planted, if anything. */
  problem?: string;
}

/** The i-th alert configuration of a project: varied, realistic, and unique in its project. */
export function alertConfig(rng: Rng, i: number, project: string, used: Set<string>, problemRate = 0.02): AlertDoc {
  // Events without matchers exist once per project (a second one would be a duplicate).
  let ev = rng.weighted(EVENTS);
  while (ev.target === 'other' && used.has(ev.name)) ev = rng.weighted(EVENTS);
  used.add(ev.name);
  const team = TEAMS[i % TEAMS.length];
  const env = rng.pick(ENVS);
  const doc: Json = { eventTypeName: ev.name, enabled: rng.chance(0.95) };
  const m = matchers(rng, ev.target, team, env);
  // The index keeps every configuration of a project distinct (no duplicate-alert-config).
  if (ev.target === 'host') m.push({ fieldName: 'HOSTNAME', operator: 'CONTAINS', value: `-${project}-${i}` });
  else if (ev.target === 'replica-set') m.push({ fieldName: 'REPLICA_SET_NAME', operator: 'ENDS_WITH', value: `-${project}-${i}` });
  else if (ev.target === 'cluster') m.push({ fieldName: 'CLUSTER_NAME', operator: 'ENDS_WITH', value: `-${project}-${i}` });
  if (m.length) doc.matchers = m;
  let title = `${ev.name.toLowerCase().replace(/_/g, ' ')} (${env}, ${team})`;
  if (ev.name === 'OUTSIDE_METRIC_THRESHOLD') {
    const metric = rng.pick(METRICS);
    const threshold = rng.int(metric.min, metric.max);
    doc.metricThreshold = { metricName: metric.name, mode: 'AVERAGE', operator: metric.op ?? 'GREATER_THAN', threshold, units: rng.pick(metric.units) };
    title = `${metric.name} ${metric.op === 'LESS_THAN' ? 'below' : 'above'} ${threshold} (${env}, ${team})`;
  }
  if (ev.threshold) doc.threshold = { operator: ev.threshold, threshold: ev.threshold === 'LESS_THAN' ? rng.int(2, 3) : rng.int(1, 5) };
  const notes: string[] = [];
  const notifications: Json[] = [];
  const count = rng.weighted([[1, 1], [2, 3], [3, 4], [4, 3], [5, 2], [6, 1]] as const);
  for (let n = 0; n < count; n++) {
    const { value, note } = notification(rng, team, env, n);
    notifications.push(value);
    notes.push(n === 0 ? `First: ${note}.` : `Then after ${value.delayMin} min: ${note}.`);
  }
  doc.notifications = notifications;
  const header = [
    title.charAt(0).toUpperCase() + title.slice(1),
    `Owner: ${team} team <${team}-oncall@example.com>, project ${project}`,
    `Runbook: https://runbooks.example.com/mongodb/${team}/${ev.name.toLowerCase().replace(/_/g, '-')}`,
    `Dashboard: https://grafana.example.com/d/mongodb-${env}/${team}?var-region=${rng.pick(REGIONS)}`,
    '',
    ...runbook(rng),
  ];
  let problem: string | undefined;
  if (rng.chance(problemRate)) problem = rng.pick(PROBLEMS)(doc);
  return { doc, header, notes, problem };
}

/** YAML with a header comment and a comment above each notification, as people write them. */
export function alertYaml(a: AlertDoc): string {
  const body = stringify(a.doc, { lineWidth: 0 });
  const out = a.header.map((l) => (l ? `# ${l}` : '#'));
  let n = 0;
  for (const line of body.trimEnd().split('\n')) {
    if (line === 'notifications:') out.push('# Escalation, in order:');
    if (line.startsWith('  - typeName:') && n < a.notes.length) out.push(`  # ${a.notes[n++]}`);
    out.push(line);
  }
  return out.join('\n') + '\n';
}

export const alertJson = (a: AlertDoc): string => JSON.stringify(a.doc, null, 2) + '\n';

export interface AlertCorpus {
  dir: string;
  files: number;
  bytes: number;
  problems: number;
}

/**
 * Writes `count` alert configurations under `dir`, `perProject` files per project directory (a
 * project scope each), as `<nnnn>-<event>.alert-config.<ext>`. The seed decides every byte.
 */
export function writeAlertCorpus(dir: string, opts: { count: number; format: 'yaml' | 'json'; seed?: number; perProject?: number }): AlertCorpus {
  assertOutsideRepo(dir);
  rmSync(dir, { recursive: true, force: true });
  const rng = makeRng(opts.seed ?? DEFAULT_SEED);
  const perProject = opts.perProject ?? 100;
  let bytes = 0;
  let problems = 0;
  let used = new Set<string>();
  for (let i = 0; i < opts.count; i++) {
    const project = `project-${String(Math.floor(i / perProject)).padStart(2, '0')}`;
    if (i % perProject === 0) used = new Set();
    const a = alertConfig(rng, i, project, used);
    if (a.problem) problems++;
    const text = opts.format === 'yaml' ? alertYaml(a) : alertJson(a);
    const name = `${String(i).padStart(4, '0')}-${String(a.doc.eventTypeName).toLowerCase().replace(/_/g, '-')}.alert-config.${opts.format}`;
    mkdirSync(path.join(dir, project), { recursive: true });
    writeFileSync(path.join(dir, project, name), text);
    bytes += Buffer.byteLength(text);
  }
  return { dir, files: opts.count, bytes, problems };
}

// ---------------------------------------------------------------------------------------------
// Automation configurations

/** Release lines and their last patch, as an Ops Manager 8 version manifest lists them. */
const RELEASES: readonly [string, number][] = [['4.4', 29], ['5.0', 31], ['6.0', 24], ['7.0', 25], ['8.0', 15], ['8.2', 11], ['8.3', 4]];

interface Platform {
  arch: 'amd64' | 'aarch64' | 'ppc64le' | 's390x';
  flavor?: string;
  min?: string;
  max?: string;
  slug: string;
  /** Release lines that ship it (inclusive bounds on "major.minor"). */
  from: number;
  to: number;
  enterpriseOnly?: boolean;
  platform?: 'osx' | 'windows';
}

const PLATFORMS: readonly Platform[] = [
  { arch: 'amd64', flavor: 'ubuntu', min: '18.04', max: '19.04', slug: 'ubuntu1804', from: 4.4, to: 6.0 },
  { arch: 'amd64', flavor: 'ubuntu', min: '20.04', max: '21.04', slug: 'ubuntu2004', from: 4.4, to: 8.3 },
  { arch: 'aarch64', flavor: 'ubuntu', min: '20.04', max: '21.04', slug: 'ubuntu2004', from: 4.4, to: 8.3 },
  { arch: 'amd64', flavor: 'ubuntu', min: '22.04', max: '23.04', slug: 'ubuntu2204', from: 6.0, to: 8.3 },
  { arch: 'aarch64', flavor: 'ubuntu', min: '22.04', max: '23.04', slug: 'ubuntu2204', from: 6.0, to: 8.3 },
  { arch: 'amd64', flavor: 'ubuntu', min: '24.04', max: '25.04', slug: 'ubuntu2404', from: 8.0, to: 8.3 },
  { arch: 'aarch64', flavor: 'ubuntu', min: '24.04', max: '25.04', slug: 'ubuntu2404', from: 8.0, to: 8.3 },
  { arch: 'amd64', flavor: 'rhel', min: '7.0', max: '8.0', slug: 'rhel70', from: 4.4, to: 7.0 },
  { arch: 'amd64', flavor: 'rhel', min: '8.0', max: '9.0', slug: 'rhel80', from: 4.4, to: 8.3 },
  { arch: 'aarch64', flavor: 'rhel', min: '8.0', max: '9.0', slug: 'rhel82', from: 4.4, to: 8.3 },
  { arch: 'amd64', flavor: 'rhel', min: '9.0', max: '10.0', slug: 'rhel90', from: 6.0, to: 8.3 },
  { arch: 'aarch64', flavor: 'rhel', min: '9.0', max: '10.0', slug: 'rhel90', from: 6.0, to: 8.3 },
  { arch: 'amd64', flavor: 'debian', min: '10.0', max: '11.0', slug: 'debian10', from: 4.4, to: 6.0 },
  { arch: 'amd64', flavor: 'debian', min: '11.0', max: '12.0', slug: 'debian11', from: 5.0, to: 7.0 },
  { arch: 'amd64', flavor: 'debian', min: '12.0', max: '13.0', slug: 'debian12', from: 7.0, to: 8.3 },
  { arch: 'amd64', flavor: 'amazon2', min: '2', max: '', slug: 'amazon2', from: 4.4, to: 8.3 },
  { arch: 'aarch64', flavor: 'amazon2', min: '2', max: '', slug: 'amazon2', from: 4.4, to: 8.3 },
  { arch: 'amd64', flavor: 'amazon2023', min: '2023', max: '', slug: 'amazon2023', from: 7.0, to: 8.3 },
  { arch: 'aarch64', flavor: 'amazon2023', min: '2023', max: '', slug: 'amazon2023', from: 7.0, to: 8.3 },
  { arch: 'amd64', flavor: 'suse', min: '12', max: '13', slug: 'suse12', from: 4.4, to: 7.0 },
  { arch: 'amd64', flavor: 'suse', min: '15', max: '16', slug: 'suse15', from: 4.4, to: 8.3 },
  { arch: 'ppc64le', flavor: 'rhel', min: '8.0', max: '9.0', slug: 'rhel81', from: 4.4, to: 8.3, enterpriseOnly: true },
  { arch: 'ppc64le', flavor: 'rhel', min: '9.0', max: '10.0', slug: 'rhel9', from: 8.0, to: 8.3, enterpriseOnly: true },
  { arch: 's390x', flavor: 'rhel', min: '7.0', max: '8.0', slug: 'rhel72', from: 4.4, to: 6.0, enterpriseOnly: true },
  { arch: 's390x', flavor: 'rhel', min: '8.0', max: '9.0', slug: 'rhel83', from: 5.0, to: 8.3, enterpriseOnly: true },
  { arch: 'amd64', slug: 'macos', platform: 'osx', from: 4.4, to: 8.3 },
  { arch: 'amd64', slug: 'windows', platform: 'windows', from: 4.4, to: 8.3 },
];

const ARCH_IN_URL: Record<Platform['arch'], string> = { amd64: 'x86_64', aarch64: 'aarch64', ppc64le: 'ppc64le', s390x: 's390x' };

/** About 340 versions (community and -ent) with their builds, like an Ops Manager 8 manifest. */
export function mongoDbVersions(rng: Rng): Json[] {
  const out: Json[] = [];
  for (const [line, last] of RELEASES) {
    const lineNo = Number(line);
    for (let patch = line === '8.3' ? 1 : 0; patch <= last; patch++) {
      const version = `${line}.${patch}`;
      const gitVersion = rng.hex(40);
      for (const ent of [false, true]) {
        const builds: Json[] = [];
        for (const p of PLATFORMS) {
          if (lineNo < p.from || lineNo > p.to || (p.enterpriseOnly && !ent)) continue;
          const host = ent ? 'https://downloads.mongodb.com' : 'https://fastdl.mongodb.org';
          const edition = ent ? '-enterprise' : '';
          const platform = p.platform ?? 'linux';
          const url =
            platform === 'windows' ? `${host}/windows/mongodb-windows-x86_64${edition}-${version}.zip`
            : platform === 'osx' ? `${host}/osx/mongodb-macos-x86_64${edition}-${version}.tgz`
            : `${host}/linux/mongodb-linux-${ARCH_IN_URL[p.arch]}${edition}-${p.slug}-${version}.tgz`;
          const build: Json = { architecture: p.arch, bits: 64 };
          if (p.flavor) Object.assign(build, { flavor: p.flavor, maxOsVersion: p.max, minOsVersion: p.min });
          Object.assign(build, { gitVersion, platform, url });
          if (ent) build.modules = ['enterprise'];
          builds.push(build);
        }
        out.push({ builds, name: ent ? `${version}-ent` : version });
      }
    }
  }
  return out;
}

const WT_CACHE = [1, 2, 4, 8, 16, 32];

function mongodProcess(rng: Rng, o: { name: string; host: string; port: number; rs: string; version: string; role?: 'configsvr' | 'shardsvr'; dbRoot: string }): Json {
  const [maj, min] = o.version.split('.');
  const proc: Json = {
    args2_6: {
      net: { bindIp: '0.0.0.0', port: o.port, tls: { mode: 'requireTLS', certificateKeyFile: '/etc/mongodb/tls/server.pem', CAFile: '/etc/mongodb/tls/ca.pem', allowConnectionsWithoutCertificates: true } },
      replication: { replSetName: o.rs, oplogSizeMB: rng.pick([2048, 10240, 51200]) },
      ...(o.role ? { sharding: { clusterRole: o.role } } : {}),
      security: { authorization: 'enabled', keyFile: '/var/lib/mongodb-mms-automation/keyfile' },
      storage: { dbPath: `${o.dbRoot}/${o.name}`, engine: 'wiredTiger', wiredTiger: { engineConfig: { cacheSizeGB: rng.pick(WT_CACHE) } } },
      systemLog: { destination: 'file', path: `${o.dbRoot}/${o.name}/mongodb.log`, logAppend: true },
      setParameter: { diagnosticDataCollectionEnabled: true },
    },
    auditLogRotate: { sizeThresholdMB: 1000, timeThresholdHrs: 24 },
    authSchemaVersion: 5,
    defaultRWConcern: { defaultWriteConcern: { w: 'majority', wtimeout: 10000 } },
    disabled: false,
    featureCompatibilityVersion: `${maj}.${min}`,
    hostname: o.host,
    logRotate: { sizeThresholdMB: 1000, timeThresholdHrs: 24, numUncompressed: 5, numTotal: 20, percentOfDiskspace: 0.4 },
    manualMode: false,
    name: o.name,
    processType: 'mongod',
    version: o.version,
  };
  return proc;
}

function member(id: number, host: string, hidden: boolean): Json {
  return { _id: id, arbiterOnly: false, buildIndexes: true, hidden, host, priority: hidden ? 0 : id === 0 ? 2 : 1, secondaryDelaySecs: 0, tags: { dc: `dc${id + 1}` }, votes: 1 };
}

/**
 * An automation configuration of about `processes` processes: replica sets of 3 members and
 * sharded clusters (config server replica set, 2-4 shards of 3, two mongos), with deployments
 * spread over the versions of mongoDbVersions. A handful of planted mistakes (about one per
 * 2,500 processes, at least one) give the linter something to report; `clean`: none.
 */
export function automationConfig(processes: number, seed = DEFAULT_SEED, clean = false): Json {
  const rng = makeRng(seed);
  const versions = mongoDbVersions(rng);
  const recent = versions.map((v) => String(v.name)).filter((n) => /^(6|7|8)\./.test(n));
  const procs: Json[] = [];
  const replicaSets: Json[] = [];
  const sharding: Json[] = [];
  const replicaSet = (rsName: string, version: string, dc: string, role?: 'configsvr' | 'shardsvr') => {
    const members: Json[] = [];
    for (let m = 0; m < 3; m++) {
      const name = `${rsName}-${m}`;
      procs.push(mongodProcess(rng, { name, host: `${name}.${dc}.db.example.internal`, port: 27017, rs: rsName, version, role, dbRoot: '/data' }));
      members.push(member(m, name, m === 2 && rng.chance(0.1)));
    }
    replicaSets.push({ _id: rsName, members, protocolVersion: '1', settings: {}, writeConcernMajorityJournalDefault: true });
  };
  for (let d = 0; procs.length < processes; d++) {
    const team = TEAMS[d % TEAMS.length];
    const env = ENVS[Math.floor(d / TEAMS.length) % ENVS.length];
    const dc = REGIONS[d % REGIONS.length];
    const version = rng.pick(recent);
    const name = `${env}-${team}-${d}`;
    if (rng.chance(0.6) || processes - procs.length < 11) {
      replicaSet(`${name}-rs`, version, dc);
      continue;
    }
    const shards = rng.int(2, 4);
    replicaSet(`${name}-cfg`, version, dc, 'configsvr');
    for (let s = 0; s < shards; s++) replicaSet(`${name}-sh${s}`, version, dc, 'shardsvr');
    for (let m = 0; m < 2; m++) {
      const proc = mongodProcess(rng, { name: `${name}-mongos-${m}`, host: `${name}-mongos-${m}.${dc}.db.example.internal`, port: 27017, rs: '', version, dbRoot: '/var/log/mongodb' });
      const args = proc.args2_6 as Json;
      delete args.replication;
      delete args.storage;
      delete args.sharding;
      Object.assign(proc, { processType: 'mongos', cluster: name });
      procs.push(proc);
    }
    sharding.push({
      collections: [{ _id: `${team}.events`, dropped: false, key: [['tenantId', 1], ['_id', 'hashed']], unique: false }],
      configServerReplica: `${name}-cfg`,
      draining: [],
      managedSharding: false,
      name,
      shards: Array.from({ length: shards }, (_, s) => ({ _id: `${name}-sh${s}`, rs: `${name}-sh${s}`, tags: [] })),
      tags: [],
    });
  }
  if (!clean) plantAutomationMistakes(rng, procs, replicaSets, Math.max(1, Math.round(procs.length / 2500)));
  return {
    auth: {
      authoritativeSet: false,
      autoAuthMechanism: 'SCRAM-SHA-256',
      autoAuthMechanisms: ['SCRAM-SHA-256'],
      autoAuthRestrictions: [],
      autoUser: 'mms-automation',
      deploymentAuthMechanisms: ['SCRAM-SHA-256'],
      disabled: false,
      keyfile: '/var/lib/mongodb-mms-automation/keyfile',
      keyfileWindows: '%SystemDrive%\\MMSAutomation\\versions\\keyfile',
      usersDeleted: [],
      usersWanted: TEAMS.map((t) => ({ authenticationRestrictions: [], db: 'admin', mechanisms: ['SCRAM-SHA-256'], roles: [{ db: t, role: 'readWrite' }, { db: 'admin', role: 'clusterMonitor' }], user: `svc-${t}` })),
    },
    balancer: {},
    indexConfigs: [],
    kerberos: { serviceName: 'mongodb' },
    ldap: {},
    mongoDbVersions: versions,
    options: { downloadBase: '/var/lib/mongodb-mms-automation', downloadBaseWindows: '%SystemDrive%\\MMSAutomation\\versions' },
    processes: procs,
    replicaSets,
    roles: [],
    sharding,
    tls: { CAFilePath: '/etc/mongodb/tls/ca.pem', clientCertificateMode: 'OPTIONAL' },
    version: 1042,
  };
}

function plantAutomationMistakes(rng: Rng, procs: Json[], replicaSets: Json[], count: number): void {
  const mistakes: ((p: Json, rs: Json) => void)[] = [
    (p) => (p.version = '7.0.99'), // process-version-defined
    (p) => (((p.args2_6 as Json).net as Json).tls = { mode: 'requireSSL' }), // tls-mode-spelling (info)
    (_, rs) => (((rs.members as Json[])[1].host as string) += '.example.net:27017'), // replica-set-members
    (p) => (p.featureCompatibilityVersion = '9.0'), // feature-compatibility-version
  ];
  for (let i = 0; i < count; i++) {
    const p = procs[rng.int(0, procs.length - 1)];
    const rs = replicaSets[rng.int(0, replicaSets.length - 1)];
    mistakes[i % mistakes.length](p.processType === 'mongod' ? p : procs[0], rs);
  }
}

export const automationJson = (doc: Json): string => JSON.stringify(doc, null, 2) + '\n';

export function writeAutomationConfig(file: string, processes: number, seed = DEFAULT_SEED, clean = false): { file: string; processes: number; bytes: number } {
  assertOutsideRepo(file);
  mkdirSync(path.dirname(file), { recursive: true });
  const doc = automationConfig(processes, seed, clean);
  const text = automationJson(doc);
  writeFileSync(file, text);
  return { file, processes: (doc.processes as unknown[]).length, bytes: Buffer.byteLength(text) };
}

/** How many processes make an automation configuration of about `bytes` (pretty-printed JSON). */
export function processesForSize(bytes: number, seed = DEFAULT_SEED): number {
  const small = automationJson(automationConfig(1000, seed)).length;
  const large = automationJson(automationConfig(3000, seed)).length;
  const perProcess = (large - small) / 2000;
  return Math.max(100, Math.round((1000 + (bytes - small) / perProcess) / 100) * 100);
}

/**
 * The `fix` workload's files (issue 17: --fix must scale), each with exactly `fixes` safe fixes:
 * - an automation configuration whose first `fixes` mongod processes write net.tls.mode
 *   `requireSSL` (tls-mode-spelling fixes it to requireTLS): one finding repeated over the
 *   processes, reported once with every place, its fix one group of `fixes` edits;
 * - a JSON list of `fixes` alert configurations without `enabled` (enabled-omitted adds it, a
 *   suggestion since issue 31: the run passes --fix-suggestions): one finding per item, `fixes` separate fixes.
 */
export function writeFixCorpus(dir: string, fixes: number, seed = DEFAULT_SEED): { automation: string; alerts: string; fixes: number; bytes: [number, number] } {
  assertOutsideRepo(dir);
  mkdirSync(dir, { recursive: true });
  // About 9 mongod processes in 10 (mongos have no storage to fix): grow until there are enough.
  let doc = automationConfig(Math.ceil(fixes * 1.15), seed);
  for (let n = Math.ceil(fixes * 1.25); (doc.processes as Json[]).filter((p) => p.processType === 'mongod').length < fixes; n = Math.ceil(n * 1.1)) doc = automationConfig(n, seed);
  let planted = 0;
  for (const p of doc.processes as Json[]) {
    if (p.processType !== 'mongod' || planted === fixes) continue;
    ((p.args2_6 as Json).net as Json).tls = { mode: 'requireSSL' };
    planted++;
  }
  const automation = path.join(dir, `fix-${fixes}.automation-config.json`);
  const automationText = automationJson(doc);
  writeFileSync(automation, automationText);
  const rng = makeRng(seed);
  const items: Json[] = [];
  let used = new Set<string>();
  for (let i = 0; i < fixes; i++) {
    if (i % 100 === 0) used = new Set();
    // Only configurations with matchers: they name their project, so no two are duplicates.
    let alert: Json;
    do alert = alertConfig(rng, i, `p${Math.floor(i / 100)}`, used, 0).doc;
    while (!alert.matchers);
    delete alert.enabled;
    items.push(alert);
  }
  const alerts = path.join(dir, `fix-${fixes}.alert-config.json`);
  const alertsText = JSON.stringify(items, null, 2) + '\n';
  writeFileSync(alerts, alertsText);
  return { automation, alerts, fixes, bytes: [Buffer.byteLength(automationText), Buffer.byteLength(alertsText)] };
}

// ---------------------------------------------------------------------------------------------

/** The generator writes test data, not project files: refuse any path inside the repository. */
export function assertOutsideRepo(p: string): void {
  const rel = path.relative(REPO_ROOT, path.resolve(p));
  if (!rel.startsWith('..') && !path.isAbsolute(rel)) throw new Error(`bench: refusing to write inside the repository: ${p}`);
}

function main(argv: string[]): void {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const out = path.resolve(arg('--out') ?? DEFAULT_SCRATCH);
  const seed = Number(arg('--seed') ?? DEFAULT_SEED);
  const alerts = Number(arg('--alerts') ?? 2000);
  const perProject = Number(arg('--per-project') ?? 100);
  const mb = Number(arg('--automation-mb') ?? 22);
  const processes = (arg('--processes') ?? '1000,10000').split(',').map(Number).filter((n) => n > 0);
  const mbStr = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
  for (const format of ['yaml', 'json'] as const) {
    const c = writeAlertCorpus(path.join(out, `alerts-${alerts}-${format}`), { count: alerts, format, seed, perProject });
    console.log(`${c.dir}: ${c.files} files, ${mbStr(c.bytes)}, ${c.problems} with a planted problem`);
  }
  for (const n of processes) {
    const a = writeAutomationConfig(path.join(out, `automation-${n}.automation-config.json`), n, seed);
    console.log(`${a.file}: ${a.processes} processes, ${mbStr(a.bytes)}`);
  }
  if (mb > 0) {
    const n = processesForSize(mb * 1048576, seed);
    const a = writeAutomationConfig(path.join(out, `automation-${mb}mb.automation-config.json`), n, seed);
    console.log(`${a.file}: ${a.processes} processes, ${mbStr(a.bytes)}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
