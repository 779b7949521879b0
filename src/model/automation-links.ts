// The names that link a document, for editor navigation: every named entity (where a name is
// defined) and every reference to one, each with the JSON pointer of the name's string value.
// The automation configuration's links come from its topology (the same resolution the rules use);
// an alert config's WEBHOOK notification without a URL refers to the project's WEBHOOK integration.
import { getTopology, isObject, type JsonObject } from './automation-topology';

export type LinkTarget = 'process' | 'replica-set' | 'sharded-cluster' | 'mongodb-version' | 'webhook-integration';

/** How a reference names its target (which field). */
export type LinkVia =
  | 'member-host'
  | 'repl-set-name'
  | 'mongos-cluster'
  | 'shard-rs'
  | 'config-server-replica'
  | 'process-version'
  | 'webhook-notification';

export interface NamedEntity {
  target: LinkTarget;
  name: string;
  /** Pointer of the string that names the entity (`/processes/3/name`). */
  pointer: string;
  /** Pointer of the entity's object (`/processes/3`). */
  owner: string;
}

export interface NameReference {
  target: LinkTarget;
  name: string;
  via: LinkVia;
  /** Pointer of the string holding the name (`/replicaSets/0/members/1/host`). */
  pointer: string;
  /** Pointer of the object holding the reference. */
  owner: string;
}

export interface DocumentLinks {
  entities: NamedEntity[];
  references: NameReference[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Links of an automation configuration (pointers relative to the configuration's root). */
export function automationLinks(config: unknown): DocumentLinks {
  const t = getTopology(config);
  const entities: NamedEntity[] = [];
  const references: NameReference[] = [];
  const ref = (target: LinkTarget, via: LinkVia, name: string | undefined, owner: string, field: string) => {
    if (name !== undefined) references.push({ target, via, name, owner, pointer: `${owner}/${field}` });
  };
  for (const p of t.processes) {
    if (p.name !== undefined) entities.push({ target: 'process', name: p.name, pointer: `${p.pointer}/name`, owner: p.pointer });
    ref('mongodb-version', 'process-version', p.version, p.pointer, 'version');
    ref('replica-set', 'repl-set-name', p.replSetName, p.pointer, 'args2_6/replication/replSetName');
    if (p.processType === 'mongos') ref('sharded-cluster', 'mongos-cluster', p.cluster, p.pointer, 'cluster');
  }
  for (const rs of t.replicaSets) {
    if (rs.id !== undefined) entities.push({ target: 'replica-set', name: rs.id, pointer: `${rs.pointer}/_id`, owner: rs.pointer });
    for (const m of rs.members) ref('process', 'member-host', m.host, m.pointer, 'host');
  }
  for (const c of t.shardedClusters) {
    if (c.name !== undefined) entities.push({ target: 'sharded-cluster', name: c.name, pointer: `${c.pointer}/name`, owner: c.pointer });
    ref('replica-set', 'config-server-replica', c.configServerReplica, c.pointer, 'configServerReplica');
    for (const s of c.shards) ref('replica-set', 'shard-rs', s.rs, s.pointer, 'rs');
  }
  const root = isObject(config) ? config : {};
  if (Array.isArray(root.mongoDbVersions)) {
    root.mongoDbVersions.forEach((v: unknown, i) => {
      const name = isObject(v) ? str(v.name) : undefined;
      if (name !== undefined) entities.push({ target: 'mongodb-version', name, pointer: `/mongoDbVersions/${i}/name`, owner: `/mongoDbVersions/${i}` });
    });
  }
  return { entities, references };
}

/** The name every WEBHOOK link uses: a project has one WEBHOOK integration. */
export const WEBHOOK_NAME = 'WEBHOOK';

/**
 * Links of an alert config: a WEBHOOK notification without its own `webhookUrl` goes to the
 * project's WEBHOOK integration (Ops Manager docs, tutorial/webhook-integration: the project's
 * Webhook URL and secret receive the alert notifications; `webhookUrl` is optional in the alert
 * configuration API, src/model/notifications.ts).
 */
export function alertConfigLinks(config: unknown): DocumentLinks {
  const references: NameReference[] = [];
  const root = isObject(config) ? config : {};
  if (Array.isArray(root.notifications)) {
    root.notifications.forEach((n: unknown, i) => {
      if (!isObject(n) || str(n.typeName)?.toUpperCase() !== WEBHOOK_NAME) return;
      if (typeof n.webhookUrl === 'string' && n.webhookUrl !== '') return;
      const owner = `/notifications/${i}`;
      references.push({ target: 'webhook-integration', via: 'webhook-notification', name: WEBHOOK_NAME, owner, pointer: `${owner}/typeName` });
    });
  }
  return { entities: [], references };
}

/** Links of an integration document: a WEBHOOK integration is the project's webhook. */
export function integrationLinks(doc: unknown): DocumentLinks {
  const root: JsonObject = isObject(doc) ? doc : {};
  const type = str(root.type);
  if (type?.toUpperCase() !== WEBHOOK_NAME) return { entities: [], references: [] };
  return { entities: [{ target: 'webhook-integration', name: WEBHOOK_NAME, pointer: '/type', owner: '' }], references: [] };
}

/** The links of a document of a kind (none for kinds without names). */
export function linksOf(kind: string, value: unknown): DocumentLinks {
  if (kind === 'automation-config') return automationLinks(value);
  if (kind === 'alert-config' || kind === 'global-alert-config') return alertConfigLinks(value);
  if (kind === 'integration') return integrationLinks(value);
  return { entities: [], references: [] };
}
