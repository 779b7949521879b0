// An automation configuration and its base, matched for the transition rules: processes by name,
// replica sets by _id, members by the process they name. Built once per pair of documents, on the
// new document's DocumentFacts (a transition rule's ctx.facts), from the topologies of both.
import { isObject, topologyOf, type AutomationTopology, type ClusterGroup, type MemberInfo, type ProcessInfo, type ReplicaSetInfo } from './automation-topology';
import { DEFAULT_MEMBER_VOTES, isBefore, TLS_MODES, tlsSpellingOf, type MajorMinor, type TlsMode } from './automation';
import { isRedactionMask } from './secrets';
import type { DocumentFacts, Fact } from '../core/facts';

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

/** The facts of a document and of its base, as a transition rule's context holds them. */
export interface PairFacts {
  facts: DocumentFacts;
  baseFacts: DocumentFacts;
}

/** The transitions of a new document, by the facts of the base each was built against (one in a run). */
const TRANSITIONS: Fact<WeakMap<DocumentFacts, AutomationTransition>> = () => new WeakMap();

/** The transition from a document's base to it, built once per pair for every rule that asks. */
export function transitionOf(ctx: PairFacts): AutomationTransition {
  const byBase = ctx.facts.get(TRANSITIONS);
  let t = byBase.get(ctx.baseFacts);
  if (!t) byBase.set(ctx.baseFacts, (t = build(topologyOf(ctx.baseFacts), topologyOf(ctx.facts))));
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

/** Each process of a document's topology to the first group (replica set, sharded cluster) holding it. */
const GROUP_OF: Fact<Map<ProcessInfo, ClusterGroup>> = (_value, facts) => {
  const index = new Map<ProcessInfo, ClusterGroup>();
  for (const g of topologyOf(facts).groups) for (const q of g.processes) if (!index.has(q)) index.set(q, g);
  return index;
};

/**
 * The processes that form one deployment with a process of the document `facts` are about: its
 * replica set or sharded cluster, or itself alone.
 */
export function deploymentOf(facts: DocumentFacts, p: ProcessInfo): { label: string; processes: ProcessInfo[] } {
  const g = facts.get(GROUP_OF).get(p);
  if (g) return { label: `${g.kind === 'replica-set' ? 'replica set' : 'sharded cluster'} ${JSON.stringify(g.name)}`, processes: g.processes };
  return { label: `process ${processLabel(p)}`, processes: [p] };
}

export const processLabel = (p: ProcessInfo): string => JSON.stringify(p.name ?? `processes[${p.index}]`);

/**
 * Whether two literal secret values differ, read before masking. Only the answer leaves: nothing of
 * either value is returned, stored, cached or printed. Templates and redaction masks are the
 * caller's to set aside: they are no values to compare.
 */
export function secretsDiffer(before: string, after: string): boolean {
  // Both values are in memory here, unmasked: a plain comparison keeps nothing and runs in the
  // browser too (the playground has no node:crypto); only the verdict leaves this function.
  return before !== after;
}

/** How the internal-authentication key (`auth.key`) changes between a base and a new document. */
export type KeyChange = 'none' | 'replaced' | 'not-comparable' | 'new-key-set';

/**
 * The change of `auth.key` (the keyfile's contents) and `auth.newKey` (Ops Manager's documented
 * rolling rotation): 'replaced' when both keys are literal and differ, 'not-comparable' when they
 * differ in text but one is a template or a redaction mask, 'new-key-set' when the key stays and a
 * new `auth.newKey` is given.
 */
export function keyChange(base: unknown, now: unknown, isTemplate: (v: unknown) => boolean): KeyChange {
  const authOf = (d: unknown) => (isObject(d) && isObject(d.auth) ? d.auth : undefined);
  const was = authOf(base)?.key;
  const is = authOf(now)?.key;
  if (typeof was === 'string' && typeof is === 'string' && was !== '' && is !== '') {
    const literal = (v: string) => !isTemplate(v) && !isRedactionMask(v);
    if (literal(was) && literal(is)) {
      // The rotation's end: once every agent has the new key, Ops Manager moves auth.newKey into
      // auth.key and drops newKey; a GET after a rotation is that, not a key replaced.
      const newKeyWas = authOf(base)?.newKey;
      const rotated = typeof newKeyWas === 'string' && newKeyWas !== '' && !secretsDiffer(newKeyWas, is);
      if (!rotated && secretsDiffer(was, is)) return 'replaced';
    } else if (was !== is) return 'not-comparable';
  }
  const newKey = authOf(now)?.newKey;
  const newKeyWas = authOf(base)?.newKey;
  if (typeof newKey === 'string' && newKey !== '' && (typeof newKeyWas !== 'string' || newKeyWas === '' || secretsDiffer(newKeyWas, newKey))) return 'new-key-set';
  return 'none';
}

/**
 * Ops Manager's rolling keyfile rotation (auth.newKey) requires "All clusters in the project … running
 * MongoDB version 4.2 or higher" (Ops Manager 4.2-8.0 manuals, Rotate Keyfile / Rotate a Key File with
 * the API; the upcoming manual says 6.0, not applied until a release documents it).
 */
export const KEYFILE_ROTATION_SINCE: MajorMinor = { major: 4, minor: 2 };

/**
 * The processes that run a release before the keyfile rotation's, in the base or in the new document
 * (while a change rolls, both binaries run), each named once. A version omlint cannot read counts as current.
 */
export function processesBeforeKeyRotation(base: AutomationTopology, now: AutomationTopology): { name: string; version: string }[] {
  const out = new Map<string, string>();
  for (const t of [base, now]) {
    for (const p of t.processes) {
      if (isBefore(p.version, KEYFILE_ROTATION_SINCE) !== true) continue;
      const name = p.name ?? `processes[${p.index}]`;
      if (!out.has(name)) out.set(name, p.version!);
    }
  }
  return [...out].map(([name, version]) => ({ name, version }));
}

/** "rs0-0 4.0.28, rs0-1 4.0.28" (the first three, then how many more). */
export function namesOf(processes: readonly { name: string; version: string }[]): string {
  const shown = processes.slice(0, 3).map((p) => `${p.name} ${p.version}`);
  return processes.length > 3 ? `${shown.join(', ')} and ${processes.length - 3} more` : shown.join(', ');
}

/** The TLS modes in the order of the manual's rolling procedure ("Upgrade a Cluster to Use TLS/SSL"). */
export const TLS_MODE_STEPS: readonly TlsMode[] = TLS_MODES;

/**
 * The TLS mode of a process (args2_6.net.tls.mode, else the older net.ssl.mode; SSL spellings read
 * as their TLS names) and where it is written; 'disabled' when neither is set (mongod's default).
 * `known: false` for a value that is no mode (tls-mode-spelling reports it).
 */
export function processTlsMode(p: ProcessInfo): { mode: TlsMode; pointer?: string; known: boolean } {
  const net = isObject(p.value.args2_6) && isObject(p.value.args2_6.net) ? p.value.args2_6.net : undefined;
  for (const key of ['tls', 'ssl']) {
    const section = net?.[key];
    const raw = isObject(section) ? section.mode : undefined;
    if (typeof raw !== 'string') continue;
    const mode = (TLS_MODES as readonly string[]).includes(raw) ? (raw as TlsMode) : tlsSpellingOf(raw);
    return { mode: mode ?? 'disabled', pointer: `${p.pointer}/args2_6/net/${key}/mode`, known: mode !== undefined };
  }
  return { mode: 'disabled', known: true };
}

/** The modes a move from one TLS mode to another skips (in the order passed), or none for one step. */
export function tlsStepsSkipped(from: TlsMode, to: TlsMode): TlsMode[] {
  const a = TLS_MODE_STEPS.indexOf(from);
  const b = TLS_MODE_STEPS.indexOf(to);
  return a < b ? TLS_MODE_STEPS.slice(a + 1, b) : TLS_MODE_STEPS.slice(b + 1, a).reverse();
}

export interface AuthMechanismChange {
  before: string[];
  after: string[];
  /** Both sides list mechanisms and share none: the deployment switches mechanism in one change. */
  switched: boolean;
  /** The agent's mechanisms change while one it used is removed from the deployment's in the same change. */
  agentFrom: string[];
  agentTo: string[];
  agentOffRemoved: string[];
}

const stringList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []);
/** The agent's mechanisms: autoAuthMechanisms, else the single autoAuthMechanism. */
const agentMechanisms = (auth: Record<string, unknown>): string[] => {
  const list = stringList(auth.autoAuthMechanisms);
  return list.length ? list : typeof auth.autoAuthMechanism === 'string' && auth.autoAuthMechanism !== '' ? [auth.autoAuthMechanism] : [];
};

/** MongoDB 4.0 removed the MONGODB-CR protocol (manual, Compatibility Changes in MongoDB 4.0). */
export const MONGODB_CR_REMOVED_IN: MajorMinor = { major: 4, minor: 0 };

/**
 * Whether the automation's `MONGODB-CR` and `SCRAM-SHA-1` are one mechanism for a deployment: the
 * automation value MONGODB-CR stands for "MONGODB-CR / SCRAM-SHA-1" (Ops Manager's automation
 * configuration reference; mongodb/mongodb-kubernetes: "an umbrella term for SCRAM-SHA-1 and
 * MONGODB-CR"), and from MongoDB 4.0 no client can speak the MONGODB-CR protocol itself. A process
 * known to run an earlier release keeps them apart (a version omlint cannot read counts as current).
 */
export function crIsScramSha1(base: AutomationTopology): boolean {
  return !base.processes.some((p) => isBefore(p.version, MONGODB_CR_REMOVED_IN) === true);
}

/**
 * How the authentication mechanisms change between a base and a new document, when authentication
 * is on in both (turning it on or off is another change); undefined otherwise. MONGODB-CR and
 * SCRAM-SHA-1 count as one mechanism where crIsScramSha1 says so; the lists keep their spelling.
 */
export function authMechanismChange(base: unknown, now: unknown, baseTopology: AutomationTopology): AuthMechanismChange | undefined {
  const a = isObject(base) && isObject(base.auth) ? base.auth : undefined;
  const b = isObject(now) && isObject(now.auth) ? now.auth : undefined;
  if (!a || !b || a.disabled !== false || b.disabled !== false) return undefined;
  const before = stringList(a.deploymentAuthMechanisms);
  const after = stringList(b.deploymentAuthMechanisms);
  const same = crIsScramSha1(baseTopology) ? (m: string) => (m === 'MONGODB-CR' ? 'SCRAM-SHA-1' : m) : (m: string) => m;
  const has = (list: string[], m: string) => list.some((x) => same(x) === same(m));
  const switched = before.length > 0 && after.length > 0 && !before.some((m) => has(after, m));
  const agentFrom = agentMechanisms(a);
  const agentTo = agentMechanisms(b);
  const agentChanged = agentFrom.length > 0 && agentTo.length > 0 && (agentFrom.length !== agentTo.length || agentFrom.some((m) => !has(agentTo, m)));
  const agentOffRemoved = agentChanged ? agentFrom.filter((m) => !has(agentTo, m) && has(before, m) && !has(after, m)) : [];
  return { before, after, switched, agentFrom, agentTo, agentOffRemoved };
}
