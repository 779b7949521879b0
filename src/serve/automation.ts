// The automation of a project (outside API-SPEC, from the Ops Manager docs: docs/serve.md): its
// configuration, stored at a version the server owns, and a status that converges on it. A process
// reaches each new goal once the delay has passed on the emulator clock, unless an injected error
// holds it back. Everything lives in the state as plain data; reading settles it first.
import { planFile, type PlanChange } from '../plan/plan';
import type { TransitionPairs } from '../engine/lint';
import { isObject } from '../model/alerts';
import { ApiError, isoSeconds } from './http';
import type { Doc, State } from './state';

/** The error fields of a process with no error (API-SPEC "Automation status"). */
export const NO_ERROR = { errorCode: 0, errorCodeDescription: '', errorCodeHumanReadable: '', errorString: '' };

/**
 * The steps a process lists while it moves to a goal, in the order it takes them. `Download`,
 * `Start` and `WaitRsInit` are the names of the Go client's fixture (automation_status_test.go);
 * `Stop`, `UpdateRsConfig` and `UpdateConfig` are assumptions (docs/serve.md).
 */
const STEP_ORDER = ['Download', 'Stop', 'Start', 'WaitRsInit', 'UpdateRsConfig', 'UpdateConfig'];

export function statusOf(state: State, groupId: string): Doc | undefined {
  return state.automationStatus.find((s) => s.groupId === groupId);
}

export function configOf(state: State, groupId: string): Doc | undefined {
  return state.automationConfigs.find((c) => c.groupId === groupId)?.config;
}

const processesOf = (status: Doc): Doc[] => (Array.isArray(status.processes) ? status.processes.filter(isObject) : []);

/**
 * Moves each process whose goal was set at least the delay ago, and that no error holds back, to
 * its goal (an empty plan). Deterministic from the state and the time: a saved state settles alike.
 */
export function settle(state: State, now: Date): boolean {
  let changed = false;
  for (const s of state.automationStatus) {
    const since = typeof s.goalSetAt === 'string' ? Date.parse(s.goalSetAt) : NaN;
    if (Number.isNaN(since) || now.getTime() < since + state.automationDelaySeconds * 1000) continue;
    for (const p of processesOf(s)) {
      if (p.lastGoalVersionAchieved === s.goalVersion || (typeof p.errorCode === 'number' && p.errorCode !== 0)) continue;
      p.lastGoalVersionAchieved = s.goalVersion;
      p.plan = [];
      changed = true;
    }
  }
  return changed;
}

/** The status as answered: without groupId and the emulator's bookkeeping. */
export function statusView(state: State, groupId: string): Doc {
  const s = statusOf(state, groupId);
  if (!s) return { goalVersion: 0, processes: [] };
  const { groupId: _, goalSetAt: __, ...shown } = s;
  return shown;
}

/** The name of the process at a pointer under `/processes/N` of a configuration. */
function processAt(config: Doc, pointer: string): Doc | undefined {
  const m = /^\/processes\/(\d+)/.exec(pointer);
  const p = m && Array.isArray(config.processes) ? config.processes[Number(m[1])] : undefined;
  return isObject(p) ? p : undefined;
}

function memberHostAt(config: Doc, pointer: string): string | undefined {
  const m = /^\/replicaSets\/(\d+)\/members\/(\d+)/.exec(pointer);
  const sets = Array.isArray(config.replicaSets) ? config.replicaSets : [];
  const set = m ? sets[Number(m[1])] : undefined;
  const member = isObject(set) && Array.isArray(set.members) ? set.members[Number(m![2])] : undefined;
  return isObject(member) && typeof member.host === 'string' ? member.host : undefined;
}

const inReplicaSet = (p: Doc) => isObject(p.args2_6) && isObject(p.args2_6.replication) && typeof p.args2_6.replication.replSetName === 'string';

/** The steps of a change, for the process it concerns. */
function stepsOfChange(c: PlanChange, process: Doc | undefined): string[] {
  if (c.type === 'process-added') return ['Download', 'Start', ...(process && inReplicaSet(process) ? ['WaitRsInit'] : [])];
  if (c.type === 'version') return ['Download', 'Stop', 'Start'];
  if (c.type === 'process-disabled') return ['Stop'];
  if (c.type === 'process-enabled') return ['Start'];
  if (c.restart) return ['Stop', 'Start'];
  if (c.type.startsWith('member-')) return ['UpdateRsConfig'];
  return ['UpdateConfig'];
}

/**
 * Each process's plan toward `config`, from what `omlint plan` says the PUT changes against the
 * stored configuration (src/plan): every process is new when there was none.
 */
export function stepsFor(config: Doc, pairs: TransitionPairs | undefined): Map<string, string[]> {
  const steps = new Map<string, Set<string>>();
  const add = (name: string | undefined, list: string[]) => {
    if (name === undefined) return;
    const set = steps.get(name) ?? new Set<string>();
    for (const s of list) set.add(s);
    steps.set(name, set);
  };
  const doc = pairs ? planFile('automationConfig', pairs).documents.find((d) => d.kind === 'automation-config' && d.status !== 'removed') : undefined;
  const processes = Array.isArray(config.processes) ? config.processes.filter(isObject) : [];
  if (!doc || doc.status === 'added') {
    for (const p of processes) add(typeof p.name === 'string' ? p.name : undefined, stepsOfChange({ type: 'process-added', pointer: '', summary: '' }, p));
  } else {
    const changes = doc.groups.flatMap((g) => g.changes);
    // A new process joins its replica set by WaitRsInit: its member entry is no reconfiguration of its own.
    const added = new Set(changes.filter((c) => c.type === 'process-added').map((c) => processAt(config, c.pointer)?.name));
    for (const c of changes) {
      const p = processAt(config, c.pointer);
      const name = typeof p?.name === 'string' ? p.name : memberHostAt(config, c.pointer);
      if (c.type.startsWith('member-') && added.has(name)) continue;
      add(name, stepsOfChange(c, p));
    }
  }
  return new Map([...steps].map(([name, set]) => [name, STEP_ORDER.filter((s) => set.has(s))]));
}

/**
 * Stores an accepted PUT: the configuration at the next version (the server's count, whatever
 * the body says: docs/serve.md), and the status's new goal, each process's plan toward it.
 */
export function acceptConfig(state: State, groupId: string, body: Doc, pairs: TransitionPairs | undefined, now: Date): Doc {
  const old = state.automationConfigs.find((c) => c.groupId === groupId);
  const status = statusOf(state, groupId);
  const was = Math.max(typeof old?.config.version === 'number' ? old.config.version : 0, typeof status?.goalVersion === 'number' ? status.goalVersion : 0);
  const config: Doc = { ...body, version: was + 1 };
  if (old) old.config = config;
  else state.automationConfigs.push({ groupId, config });
  const steps = stepsFor(config, pairs);
  const before = new Map(status ? processesOf(status).map((p) => [p.name, p]) : []);
  const processes = (Array.isArray(config.processes) ? config.processes.filter(isObject) : []).map((p) => {
    const prior = before.get(p.name);
    return {
      name: p.name, hostname: p.hostname,
      lastGoalVersionAchieved: typeof prior?.lastGoalVersionAchieved === 'number' ? prior.lastGoalVersionAchieved : 0,
      plan: steps.get(String(p.name)) ?? [],
      // An injected error stays until the control API clears it.
      errorCode: prior?.errorCode ?? 0, errorCodeDescription: prior?.errorCodeDescription ?? '', errorCodeHumanReadable: prior?.errorCodeHumanReadable ?? '', errorString: prior?.errorString ?? '',
    };
  });
  const next: Doc = { groupId, goalVersion: config.version, goalSetAt: isoSeconds(now), processes };
  if (status) state.automationStatus[state.automationStatus.indexOf(status)] = next;
  else state.automationStatus.push(next);
  return config;
}

/** The process `name` of a project's status, or a 404. */
export function processOf(state: State, groupId: string, name: string): Doc {
  const p = processesOf(statusOf(state, groupId) ?? {}).find((x) => x.name === name);
  if (!p) throw new ApiError(404, 'PROCESS_NOT_FOUND', `No process named ${name} in the automation status of group ${groupId}.`, [name]);
  return p;
}

/**
 * After a seed is loaded: a project with a configuration and no status gets one at the
 * configuration's version, every process there; a process seeded behind its goal starts converging now.
 */
export function prepareAutomation(state: State, now: Date): void {
  for (const { groupId, config } of state.automationConfigs) {
    if (statusOf(state, groupId)) continue;
    const processes = (Array.isArray(config.processes) ? config.processes.filter(isObject) : []).map((p) => ({ name: p.name, hostname: p.hostname, lastGoalVersionAchieved: config.version, plan: [], ...NO_ERROR }));
    state.automationStatus.push({ groupId, goalVersion: config.version, processes });
  }
  for (const s of state.automationStatus) {
    if (s.goalSetAt === undefined && processesOf(s).some((p) => p.lastGoalVersionAchieved !== s.goalVersion)) s.goalSetAt = isoSeconds(now);
  }
}
