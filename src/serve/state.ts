// The emulator's state, in memory: what a seed file or the default deployment starts with, and
// what the endpoints read and change. Resources are kept as the JSON objects the API returns
// (unredacted: redaction happens on the way out, redact.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { isoSeconds } from './http';

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
  /** The automation status of each project (each with groupId). */
  automationStatus: Doc[];
}

/** A new object id: 24 hex digits, as Ops Manager's ids are. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export function emptyState(): State {
  return { orgs: [], groups: [], apiKeys: [], users: [], hosts: [], alertConfigs: [], alerts: [], maintenanceWindows: [], integrations: [], globalAlertConfigs: [], globalAccessList: [], orgEvents: [], globalEvents: [], automationStatus: [] };
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
  // Every process deployed at the goal version: no plan, no error (API-SPEC "Automation status").
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
