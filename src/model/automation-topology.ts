// Cluster membership of an automation configuration, computed once per document (a fact of its
// DocumentFacts) and shared by the rules that need it. Everything is hashed by name, so building and querying it is linear in
// the size of the document (a project may hold tens of thousands of processes).
import { distance } from 'fastest-levenshtein';
import type { DocumentFacts, Fact } from '../core/facts';
import { isObject, type JsonObject } from '../core/is-object';

export { isObject, type JsonObject };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export interface ProcessInfo {
  index: number;
  /** `/processes/<index>` */
  pointer: string;
  value: JsonObject;
  name?: string;
  hostname?: string;
  /** args2_6.net.port, when it is an integer. */
  port?: number;
  processType?: string;
  version?: string;
  /** args2_6.replication.replSetName */
  replSetName?: string;
  /** The sharded cluster a mongos belongs to (sharding[].name). */
  cluster?: string;
}

export interface MemberInfo {
  replicaSet: ReplicaSetInfo;
  index: number;
  /** `/replicaSets/<i>/members/<index>` */
  pointer: string;
  value: JsonObject;
  /** The process name the member names. */
  host?: string;
  /** The first process of that name, if any. */
  process?: ProcessInfo;
}

export interface ReplicaSetInfo {
  index: number;
  /** `/replicaSets/<index>` */
  pointer: string;
  value: JsonObject;
  id?: string;
  members: MemberInfo[];
}

export interface ShardInfo {
  index: number;
  /** `/sharding/<i>/shards/<index>` */
  pointer: string;
  value: JsonObject;
  id?: string;
  rs?: string;
  replicaSet?: ReplicaSetInfo;
}

export interface ShardedClusterInfo {
  index: number;
  /** `/sharding/<index>` */
  pointer: string;
  value: JsonObject;
  name?: string;
  configServerReplica?: string;
  configReplicaSet?: ReplicaSetInfo;
  shards: ShardInfo[];
  /** mongos processes whose `cluster` is this cluster's name. */
  mongos: ProcessInfo[];
}

/** Processes that form one deployment: a replica set, or a sharded cluster with all its parts. */
export interface ClusterGroup {
  kind: 'replica-set' | 'sharded-cluster';
  name: string;
  pointer: string;
  processes: ProcessInfo[];
}

export interface AutomationTopology {
  /** Whether the document has a `processes` (`replicaSets`, `sharding`) array at all: a fragment
   * without one cannot be judged on references into it. */
  hasProcesses: boolean;
  hasReplicaSets: boolean;
  hasSharding: boolean;
  processes: ProcessInfo[];
  /** The first process of each name. */
  processesByName: Map<string, ProcessInfo>;
  replicaSets: ReplicaSetInfo[];
  /** The first replica set of each _id. */
  replicaSetsById: Map<string, ReplicaSetInfo>;
  shardedClusters: ShardedClusterInfo[];
  /** The first sharded cluster of each name. */
  clustersByName: Map<string, ShardedClusterInfo>;
  /** Every replica set member naming a process, by process name, in document order. */
  membersByHost: Map<string, MemberInfo[]>;
  /** Replica sets not part of a sharded cluster, then sharded clusters. */
  groups: ClusterGroup[];
}

/**
 * The processes by address: the first at each, and every process of an address that more than
 * one shares (no list per process: a big configuration has 42,000 addresses and few repeats).
 */
interface AddressIndex {
  first: Map<string, ProcessInfo>;
  shared: Map<string, ProcessInfo[]>;
}

/** `hostname:port` of a process, host name lower-cased (DNS names are case-insensitive). */
export function processAddress(p: ProcessInfo): string | undefined {
  return p.hostname !== undefined && p.port !== undefined ? `${p.hostname.toLowerCase()}:${p.port}` : undefined;
}

/** The address index of a document's topology (a fact: two rules ask). */
const ADDRESSES: Fact<AddressIndex> = (_value, facts) => {
  const index: AddressIndex = { first: new Map(), shared: new Map() };
  for (const p of topologyOf(facts).processes) {
    const address = processAddress(p);
    if (address === undefined) continue;
    const first = index.first.get(address);
    if (first === undefined) index.first.set(address, p);
    else {
      const list = index.shared.get(address);
      if (list) list.push(p);
      else index.shared.set(address, [first, p]);
    }
  }
  return index;
};

/** The first process at an address (`hostname:port`, host name lower-cased), if any. */
export function processAt(facts: DocumentFacts, address: string): ProcessInfo | undefined {
  return facts.get(ADDRESSES).first.get(address);
}

/** The processes of each address that more than one process has, in document order (addresses by their first process). */
export function* sharedAddresses(facts: DocumentFacts): Generator<ProcessInfo[]> {
  const { first, shared } = facts.get(ADDRESSES);
  if (shared.size === 0) return;
  for (const address of first.keys()) {
    const list = shared.get(address);
    if (list) yield list;
  }
}

/** Whether a replica set member naming the process is an arbiter (arbiters hold no data and no users). */
export function isArbiter(t: AutomationTopology, p: ProcessInfo): boolean {
  if (p.name === undefined) return false;
  const members = t.membersByHost.get(p.name);
  if (members === undefined) return false;
  // A loop, not some() with a callback: asked for each of tens of thousands of processes.
  for (let i = 0; i < members.length; i++) if (members[i].value.arbiterOnly === true) return true;
  return false;
}

/** The topology of an automation configuration, built anew (a caller outside a lint: the plan, the server's outline). */
export function getTopology(doc: unknown): AutomationTopology {
  return buildTopology(doc);
}

/** A document's topology, built once for the rules and the schema mapper that ask (DocumentFacts). */
export const TOPOLOGY: Fact<AutomationTopology> = (value) => buildTopology(value);

/** The topology of the document `facts` are about. */
export function topologyOf(facts: DocumentFacts): AutomationTopology {
  return facts.get(TOPOLOGY);
}

// Processes and members are the many objects of a big topology (42,000 and 37,000 in 90 MB):
// their pointers are made when asked for (a rule reports a few), not stored with each.
class Process implements ProcessInfo {
  constructor(
    readonly index: number,
    readonly value: JsonObject,
    readonly name: string | undefined,
    readonly hostname: string | undefined,
    readonly port: number | undefined,
    readonly processType: string | undefined,
    readonly version: string | undefined,
    readonly replSetName: string | undefined,
    readonly cluster: string | undefined,
  ) {}

  get pointer(): string {
    return `/processes/${this.index}`; // an index needs no escaping
  }
}

class Member implements MemberInfo {
  constructor(
    readonly replicaSet: ReplicaSetInfo,
    readonly index: number,
    readonly value: JsonObject,
    readonly host: string | undefined,
    readonly process: ProcessInfo | undefined,
  ) {}

  get pointer(): string {
    return `${this.replicaSet.pointer}/members/${this.index}`;
  }
}

function buildTopology(doc: unknown): AutomationTopology {
  const root = isObject(doc) ? doc : {};
  const t: AutomationTopology = {
    hasProcesses: Array.isArray(root.processes),
    hasReplicaSets: Array.isArray(root.replicaSets),
    hasSharding: Array.isArray(root.sharding),
    processes: [],
    processesByName: new Map(),
    replicaSets: [],
    replicaSetsById: new Map(),
    shardedClusters: [],
    clustersByName: new Map(),
    membersByHost: new Map(),
    groups: [],
  };

  // Each loop a function of its own: V8 compiles a hot loop of a function run once on the spot
  // (OSR), the whole function with it, and then again for the next loop, whose code had not run.
  const processes = root.processes;
  if (Array.isArray(processes)) addProcesses(t, processes);
  const replicaSets = root.replicaSets;
  if (Array.isArray(replicaSets)) addReplicaSets(t, replicaSets);
  if (Array.isArray(root.sharding)) addShardedClusters(t, root.sharding);
  addMongos(t);
  t.groups = buildGroups(t);
  return t;
}

// Loops, not forEach: in a run of one big file these run once, much of it before the compiler
// takes them over, where a callback per item costs.
function addProcesses(t: AutomationTopology, processes: unknown[]): void {
  for (let index = 0; index < processes.length; index++) {
    const value: unknown = processes[index];
    if (!isObject(value)) continue;
    const args = isObject(value.args2_6) ? value.args2_6 : undefined;
    const net = args && isObject(args.net) ? args.net : undefined;
    const replication = args && isObject(args.replication) ? args.replication : undefined;
    const p = new Process(
      index,
      value,
      str(value.name),
      str(value.hostname),
      net && Number.isInteger(net.port) ? (net.port as number) : undefined,
      str(value.processType),
      str(value.version),
      replication ? str(replication.replSetName) : undefined,
      str(value.cluster),
    );
    t.processes.push(p);
    if (p.name !== undefined && !t.processesByName.has(p.name)) t.processesByName.set(p.name, p);
  }
}

function addReplicaSets(t: AutomationTopology, replicaSets: unknown[]): void {
  for (let index = 0; index < replicaSets.length; index++) {
    const value: unknown = replicaSets[index];
    if (!isObject(value)) continue;
    const rs: ReplicaSetInfo = { index, pointer: `/replicaSets/${index}`, value, id: str(value._id), members: [] };
    const members = value.members;
    if (Array.isArray(members)) addMembers(t, rs, members);
    t.replicaSets.push(rs);
    if (rs.id !== undefined && !t.replicaSetsById.has(rs.id)) t.replicaSetsById.set(rs.id, rs);
  }
}

function addMembers(t: AutomationTopology, rs: ReplicaSetInfo, members: unknown[]): void {
  for (let mi = 0; mi < members.length; mi++) {
    const m: unknown = members[mi];
    if (!isObject(m)) continue;
    const host = str(m.host);
    const member = new Member(rs, mi, m, host, host === undefined ? undefined : t.processesByName.get(host));
    rs.members.push(member);
    if (host !== undefined) {
      const list = t.membersByHost.get(host);
      if (list) list.push(member);
      else t.membersByHost.set(host, [member]);
    }
  }
}

function addShardedClusters(t: AutomationTopology, sharding: unknown[]): void {
  for (let index = 0; index < sharding.length; index++) {
    const value: unknown = sharding[index];
    if (!isObject(value)) continue;
    const pointer = `/sharding/${index}`;
    const configServerReplica = str(value.configServerReplica);
    const c: ShardedClusterInfo = {
      index,
      pointer,
      value,
      name: str(value.name),
      configServerReplica,
      configReplicaSet: configServerReplica === undefined ? undefined : t.replicaSetsById.get(configServerReplica),
      shards: [],
      mongos: [],
    };
    const shards = value.shards;
    if (Array.isArray(shards)) {
      for (let si = 0; si < shards.length; si++) {
        const s: unknown = shards[si];
        if (!isObject(s)) continue;
        const rs = str(s.rs);
        c.shards.push({
          index: si,
          pointer: `${pointer}/shards/${si}`,
          value: s,
          id: str(s._id),
          rs,
          replicaSet: rs === undefined ? undefined : t.replicaSetsById.get(rs),
        });
      }
    }
    t.shardedClusters.push(c);
    if (c.name !== undefined && !t.clustersByName.has(c.name)) t.clustersByName.set(c.name, c);
  }
}

function addMongos(t: AutomationTopology): void {
  const processes = t.processes;
  for (let i = 0; i < processes.length; i++) {
    const p = processes[i];
    if (p.processType !== 'mongos' || p.cluster === undefined) continue;
    t.clustersByName.get(p.cluster)?.mongos.push(p);
  }
}

function memberProcesses(rs: ReplicaSetInfo, into: ProcessInfo[], seen: Set<ProcessInfo>): void {
  for (const m of rs.members) {
    if (m.process && !seen.has(m.process)) {
      seen.add(m.process);
      into.push(m.process);
    }
  }
}

function buildGroups(t: AutomationTopology): ClusterGroup[] {
  const inCluster = new Set<ReplicaSetInfo>();
  const clusterGroups: ClusterGroup[] = [];
  for (const c of t.shardedClusters) {
    const processes: ProcessInfo[] = [];
    const seen = new Set<ProcessInfo>();
    const parts = [c.configReplicaSet, ...c.shards.map((s) => s.replicaSet)];
    for (const rs of parts) {
      if (!rs) continue;
      inCluster.add(rs);
      memberProcesses(rs, processes, seen);
    }
    // Only the first cluster of a name owns its mongos (clustersByName), so no mongos counts twice.
    if (t.clustersByName.get(c.name ?? '\u0000') === c) for (const p of c.mongos) processes.push(p);
    clusterGroups.push({
      kind: 'sharded-cluster',
      name: c.name ?? str(c.value._id) ?? `sharding[${c.index}]`,
      pointer: c.pointer,
      processes,
    });
  }
  const groups: ClusterGroup[] = [];
  for (const rs of t.replicaSets) {
    if (inCluster.has(rs)) continue;
    const processes: ProcessInfo[] = [];
    memberProcesses(rs, processes, new Set());
    groups.push({ kind: 'replica-set', name: rs.id ?? `replicaSets[${rs.index}]`, pointer: rs.pointer, processes });
  }
  return groups.concat(clusterGroups);
}

// --- Naming what exists, for messages ---------------------------------------------------------
// Bounded work per call (a few names, and an edit-distance search over at most `maxCandidates`
// names), so reporting many broken references stays linear.

/** `"a", "b", "c"` or `"a", "b", "c" and 12 more`; "none" for an empty list. */
export function describeNames(names: readonly string[], max = 5): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, max).map((n) => JSON.stringify(n)).join(', ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}

/** Candidates within a small edit distance of `name`, closest first; none for huge lists. */
export function nearestNames(name: string, candidates: readonly string[], limit = 3, maxCandidates = 500): string[] {
  if (candidates.length > maxCandidates) return [];
  const maxDistance = Math.max(2, Math.floor(name.length / 4));
  const lower = name.toLowerCase();
  const scored: { n: string; d: number }[] = [];
  for (const c of candidates) {
    if (c === name) continue;
    const cl = c.toLowerCase();
    // A prefix counts as near ("6.0.16" and "6.0.16-ent", "shard0" and "shard0-rs").
    const prefix = cl.startsWith(lower) || lower.startsWith(cl);
    if (!prefix && Math.abs(c.length - name.length) > maxDistance) continue;
    const d = prefix ? 0 : distance(lower, cl);
    if (d <= maxDistance) scored.push({ n: c, d });
  }
  return scored.sort((a, b) => a.d - b.d).slice(0, limit).map((s) => s.n);
}

/** `replica sets: "a", "b"`: what exists, the names nearest to `name` first. */
export function describeExisting(what: string, name: string, existing: readonly string[], max = 5): string {
  const near = nearestNames(name, existing);
  if (near.length === 0) return `${what}: ${describeNames(existing, max)}`;
  const shown = [...near];
  for (const n of existing) {
    if (shown.length >= max) break;
    if (!near.includes(n)) shown.push(n);
  }
  const more = existing.length - shown.length;
  return `${what}: ${shown.map((n) => JSON.stringify(n)).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}
