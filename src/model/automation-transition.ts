// An automation configuration and its base, matched for the transition rules: processes by name,
// replica sets by _id, members by the process they name. Built once per pair of documents.
import { getTopology, isObject, type AutomationTopology, type ClusterGroup, type MemberInfo, type ProcessInfo, type ReplicaSetInfo } from './automation-topology';
import { DEFAULT_MEMBER_VOTES } from './automation';

export interface ProcessPair {
  base: ProcessInfo;
  now: ProcessInfo;
}

export interface AutomationTransition {
  base: AutomationTopology;
  now: AutomationTopology;
  /** Processes present in both, by name, in the new document's order. */
  kept: ProcessPair[];
  /** Base processes whose name is gone. */
  removed: ProcessInfo[];
  /** New processes whose name the base does not have. */
  added: ProcessInfo[];
  /** Replica sets present in both, by _id. */
  replicaSets: { base: ReplicaSetInfo; now: ReplicaSetInfo }[];
}

const cache = new WeakMap<object, WeakMap<object, AutomationTransition>>();

export function getTransition(base: unknown, now: unknown): AutomationTransition {
  const key = isObject(base) ? base : undefined;
  const nowKey = isObject(now) ? now : undefined;
  const hit = key && nowKey ? cache.get(key)?.get(nowKey) : undefined;
  if (hit) return hit;
  const t = build(getTopology(base), getTopology(now));
  if (key && nowKey) {
    let inner = cache.get(key);
    if (!inner) cache.set(key, (inner = new WeakMap()));
    inner.set(nowKey, t);
  }
  return t;
}

function build(base: AutomationTopology, now: AutomationTopology): AutomationTransition {
  const kept: ProcessPair[] = [];
  const added: ProcessInfo[] = [];
  for (const p of now.processes) {
    if (p.name === undefined || now.processesByName.get(p.name) !== p) continue;
    const b = base.processesByName.get(p.name);
    if (b) kept.push({ base: b, now: p });
    else added.push(p);
  }
  const removed = base.processes.filter((p) => p.name !== undefined && base.processesByName.get(p.name) === p && !now.processesByName.has(p.name));
  const replicaSets: AutomationTransition['replicaSets'] = [];
  for (const rs of now.replicaSets) {
    if (rs.id === undefined || now.replicaSetsById.get(rs.id) !== rs) continue;
    const b = base.replicaSetsById.get(rs.id);
    if (b) replicaSets.push({ base: b, now: rs });
  }
  return { base, now, kept, removed, added, replicaSets };
}

/** Whether a member votes (`votes` absent: the default, 1). Arbiters vote. */
export function isVoting(m: MemberInfo): boolean {
  const v = m.value.votes;
  return v === undefined ? DEFAULT_MEMBER_VOTES > 0 : typeof v === 'number' && v > 0;
}

const groupIndex = new WeakMap<AutomationTopology, Map<ProcessInfo, ClusterGroup>>();

/** The processes that form one deployment with a process: its replica set or sharded cluster, or itself alone. */
export function deploymentOf(t: AutomationTopology, p: ProcessInfo): { label: string; processes: ProcessInfo[] } {
  let index = groupIndex.get(t);
  if (!index) {
    index = new Map();
    for (const g of t.groups) for (const q of g.processes) if (!index.has(q)) index.set(q, g);
    groupIndex.set(t, index);
  }
  const g = index.get(p);
  if (g) return { label: `${g.kind === 'replica-set' ? 'replica set' : 'sharded cluster'} ${JSON.stringify(g.name)}`, processes: g.processes };
  return { label: `process ${processLabel(p)}`, processes: [p] };
}

export const processLabel = (p: ProcessInfo): string => JSON.stringify(p.name ?? `processes[${p.index}]`);
