// The emulator's state, in memory: what a seed file or the default deployment starts with, and
// what the endpoints read and change. Resources are kept as the JSON objects the API returns
// (unredacted: redaction happens on the way out, redact.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { isoSeconds } from './http';
import type { AgentType, EvalConfig, EvalHost, EvalWindow, HostEventType } from '../model/alert-eval';

export type Doc = Record<string, unknown>;

export interface RoleAssignment {
  roleName: string;
  groupId?: string;
  orgId?: string;
}

/** A programmatic API key ({PUBLIC-KEY}:{PRIVATE-KEY}). */
export interface ApiKey {
  id: string;
  desc: string;
  publicKey: string;
  privateKey: string;
  roles: RoleAssignment[];
  /** The organization of an organization key (else the one its roles name; a key with none is global: key-access.ts). */
  orgId?: string;
  /** Addresses an organization key may call from (none: any); a global key's list is the global access list. */
  accessList?: Doc[];
}

/** A user; `apiKey` is the secret of {USERNAME}:{APIKEY} digest access. */
export interface User {
  id: string;
  username: string;
  apiKey?: string;
  emailAddress?: string;
  firstName?: string;
  lastName?: string;
  roles: RoleAssignment[];
  /** Addresses the user may call from (none: any). */
  accessList?: Doc[];
}

export interface Group {
  id: string;
  name: string;
  orgId: string;
}

export interface State {
  orgs: { id: string; name: string }[];
  groups: Group[];
  apiKeys: ApiKey[];
  users: User[];
  hosts: Doc[];
  alertConfigs: Doc[];
  alerts: Doc[];
  maintenanceWindows: Doc[];
  /** Third-party integrations, one per type and project (each carries groupId). */
  integrations: Doc[];
  globalAlertConfigs: Doc[];
  /** The global access list (API-SPEC "Global access list entry"). */
  globalAccessList: Doc[];
  /** Organization events (each with orgId; `raw` shown only with includeRaw=true). */
  orgEvents: Doc[];
  globalEvents: Doc[];
  /**
   * The automation status of each project (each with groupId; `goalSetAt`, the emulator time of the
   * goal's PUT, is kept beside it and never answered): see automation.ts.
   */
  automationStatus: Doc[];
  /** The automation configuration of each project: `{groupId, config}`, `config.version` the server's. */
  automationConfigs: { groupId: string; config: Doc }[];
  /** Seconds a process takes to reach a new goal version (emulator clock; --automation-delay). */
  automationDelaySeconds: number;
  /**
   * The emulator clock: the host's clock moved forward by the control API (`POST /__omlint/clock`).
   * Kept here, as plain data, so that a saved state resumes at the same emulator time.
   */
  clock: { offsetSeconds: number };
  /** Live alerts (live-alerts.ts): each project's evaluator as its recorded inputs; absent until a measurement or event is posted. */
  liveAlerts?: LiveEpoch[];
  /** Notifications the live alerts sent (GET /__omlint/notifications). */
  liveNotifications?: LiveNotification[];
}

export interface LiveSample { host: string; metric: string; value: number }
export interface LiveEvent { type: HostEventType; host: string; agent?: AgentType }
export interface LiveAck { alert: string; until: number; comment?: string; username?: string }

/** One recorded input (times in ms of the emulator clock); an entry with none is a time at which something happened. */
export interface LiveEntry {
  at: number;
  samples?: LiveSample[];
  events?: LiveEvent[];
  acks?: LiveAck[];
  addWindows?: EvalWindow[];
  deleteWindows?: string[];
}

/** A project's evaluator, as plain data: what it was created from and every input since. */
export interface LiveEpoch {
  id: string;
  groupId: string;
  start: number;
  /** The configurations, hosts and windows at creation (a change of the first two starts a new epoch). */
  signature: string;
  configs: EvalConfig[];
  hosts: EvalHost[];
  windows: EvalWindow[];
  log: LiveEntry[];
  /** The time the evaluator was last moved to. */
  time: number;
  /** Evaluator alert id → the alert document's id. */
  ids: Record<string, string>;
  /** Notifications already recorded (a replay skips them). */
  emitted: number;
}

/** A notification recorded by the emulator (GET /__omlint/notifications). */
export interface LiveNotification extends Doc {
  id: string;
  groupId: string;
  alertId: string;
  alertConfigId: string;
  typeName: string;
  channel: string;
  kind: 'alert' | 'resolved';
  sent: string;
  /** WEBHOOK only: pending, then the receiver's status or the failure. */
  delivery?: string;
}


/** A new object id: 24 hex digits, as Ops Manager's ids are. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** How long a process takes to reach a new goal when nothing says otherwise (docs/serve.md). */
export const DEFAULT_AUTOMATION_DELAY_SECONDS = 10;

/** The emulator's time: the host clock (`base`) moved by the state's clock offset. */
export function emulatorNow(state: State, base: Date): Date {
  return new Date(base.getTime() + state.clock.offsetSeconds * 1000);
}

export function emptyState(): State {
  return { orgs: [], groups: [], apiKeys: [], users: [], hosts: [], alertConfigs: [], alerts: [], maintenanceWindows: [], integrations: [], globalAlertConfigs: [], globalAccessList: [], orgEvents: [], globalEvents: [], automationStatus: [], automationConfigs: [], automationDelaySeconds: DEFAULT_AUTOMATION_DELAY_SECONDS, clock: { offsetSeconds: 0 } };
}

/** A GLOBAL_OWNER programmatic key (`--user pub:priv`, and the default deployment's owner). */
export function ownerKey(publicKey: string, privateKey: string, desc = 'omlint serve owner key'): ApiKey {
  return { id: newId(), desc, publicKey, privateKey, roles: [{ roleName: 'GLOBAL_OWNER' }] };
}

/**
 * The default deployment: one organization, one project, one owner key (random credentials,
 * printed at start-up), a 3-member replica set with an alert configuration and one open alert.
 */
export function defaultState(now: Date): State {
  const s = emptyState();
  const orgId = newId();
  const groupId = newId();
  s.orgs.push({ id: orgId, name: 'Organization 0' });
  s.groups.push({ id: groupId, name: 'Project 0', orgId });
  const publicKey = randomBytes(4).toString('hex');
  s.apiKeys.push(ownerKey(publicKey, randomUUID()));
  const iso = isoSeconds(now);
  const hosts = [0, 1, 2].map((i) => ({
    id: newId(), groupId, hostname: `rs0-${i}.omlint.example`, port: 27017, typeName: i === 0 ? 'REPLICA_PRIMARY' : 'REPLICA_SECONDARY',
    replicaSetName: 'rs0', created: iso, databases: ['admin', 'config', 'local', 'app'], disks: ['data'],
  }));
  s.hosts.push(...hosts);
  const configId = newId();
  s.alertConfigs.push({
    id: configId, groupId, created: iso, updated: iso, enabled: true, eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
    matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs0' }],
    metricThreshold: { metricName: 'CONNECTIONS', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 5000, units: 'RAW' },
    notifications: [{ typeName: 'GROUP', delayMin: 0, intervalMin: 60, emailEnabled: true, smsEnabled: false, roles: ['GROUP_OWNER'] }],
  });
  s.alerts.push({
    id: newId(), groupId, alertConfigId: configId, eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', status: 'OPEN', created: iso, updated: iso,
    hostId: hosts[0].id, hostnameAndPort: `${hosts[0].hostname}:27017`, replicaSetName: 'rs0', metricName: 'CONNECTIONS',
    currentValue: { number: 5210, units: 'RAW' }, typeName: 'HOST_METRIC',
  });
  // The replica set's automation configuration, and every process deployed at its version: no plan, no error (API-SPEC "Automation status").
  s.automationConfigs.push({ groupId, config: replicaSetConfig(hosts.map((h, i) => ({ name: `rs0_${i}`, hostname: h.hostname }))) });
  s.automationStatus.push({
    groupId, goalVersion: 1,
    processes: hosts.map((h, i) => ({ name: `rs0_${i}`, hostname: h.hostname, lastGoalVersionAchieved: 1, plan: [], errorCode: 0, errorCodeDescription: '', errorCodeHumanReadable: '', errorString: '' })),
  });
  s.globalAlertConfigs.push({
    id: newId(), created: iso, updated: iso, enabled: true, eventTypeName: 'HOST_DOWN', forAllGroups: true, tags: [], matchers: [],
    notifications: [{ typeName: 'ADMIN', delayMin: 5, intervalMin: 60, emailEnabled: true, smsEnabled: false }], typeName: 'HOST',
  });
  return s;
}

/** The default deployment's automation configuration: MongoDB 7.0.12 on three members of rs0, version 1. */
function replicaSetConfig(processes: { name: string; hostname: string }[]): Doc {
  return {
    version: 1,
    options: { downloadBase: '/var/lib/mongodb-mms-automation' },
    mongoDbVersions: [{ name: '7.0.12', builds: [{ platform: 'linux', url: 'https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-7.0.12.tgz', gitVersion: '0000000000000000000000000000000000000000', architecture: 'amd64', modules: [] }] }],
    processes: processes.map((p) => ({
      name: p.name, hostname: p.hostname, processType: 'mongod', version: '7.0.12', featureCompatibilityVersion: '7.0', authSchemaVersion: 5,
      args2_6: { net: { port: 27017 }, replication: { replSetName: 'rs0' }, storage: { dbPath: '/data/rs0' } },
    })),
    replicaSets: [{ _id: 'rs0', protocolVersion: '1', members: processes.map((p, i) => ({ _id: i, host: p.name, priority: 1, votes: 1 })) }],
  };
}
