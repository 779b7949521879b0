// The plan: what a PUT of a file would change against its base, grouped by replica set
// or process. Built from the document pairs the engine matched (engine/lint.ts onPairs), so that
// each text is parsed once. Which changes restart a process: docs/plan.md (with the sources).
import { getTopology, isObject, type ProcessInfo } from '../model/automation-topology';
import { removedFields } from '../model/removed-fields';
import { authMechanismChange, keyChange, namesOf, processesBeforeKeyRotation, processTlsMode, tlsStepsSkipped, type AuthMechanismChange } from '../model/automation-transition';
import { isPlaceholder, type PlaceholderPattern } from '../model/placeholders';
import { joinPointer } from '../core/pointer';
import type { Kind } from '../core/kinds';
import type { DocumentPlan as DocumentPlanShape, FilePlan as FilePlanShape, PlanChange as PlanChangeShape, PlanGroup as PlanGroupShape } from '../core/public-shapes';
import type { TransitionPairs } from '../engine/lint';

export type ChangeType =
  | 'version'
  | 'fcv'
  | 'process-added'
  | 'process-removed'
  | 'process-disabled'
  | 'process-enabled'
  | 'process-renamed-type'
  | 'member-added'
  | 'member-removed'
  | 'member-priority'
  | 'member-votes'
  | 'member-role'
  | 'settings'
  | 'auth'
  | 'tls'
  | 'field-removed'
  | 'enabled'
  | 'field-changed';

// The shapes of the JSON report (core/public-shapes.ts), narrowed to what the plan writes.
export interface PlanChange extends PlanChangeShape {
  type: ChangeType;
}
export interface PlanGroup extends PlanGroupShape {
  changes: PlanChange[];
}
export interface DocumentPlan extends DocumentPlanShape {
  kind: Kind;
  groups: PlanGroup[];
}
export interface FilePlan extends FilePlanShape {
  documents: DocumentPlan[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const show = (v: unknown): string => (v === undefined ? '(absent)' : typeof v === 'string' ? v : JSON.stringify(v));
/** Deep equality of JSON values (keys in any order), without building strings. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => equal(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Settings of a process whose change the agent applies by restarting it: the options it writes to
 * the configuration file mongod reads at startup (args2_6), the binary (version), and the other
 * process fields that change how it is started (docs/plan.md has the sources).
 */
const RESTART_PROCESS_FIELDS = ['args2_6', 'version', 'processType', 'hostname', 'numCores', 'cpuAffinity', 'logRotate', 'auditLogRotate', 'directAttachVerificationKey', 'defaultRWConcern'];
const NO_RESTART_PROCESS_FIELDS = new Set(['featureCompatibilityVersion', 'disabled', 'manualMode', 'name', 'authSchemaVersion', 'lastGoalVersionAchieved', 'lastRestart', 'lastCompact', 'lastResync', 'lastKmipMasterKeyRotation']);

function groupOf(groups: Map<string, PlanGroup>, title: string): PlanGroup {
  let g = groups.get(title);
  if (!g) groups.set(title, (g = { title, changes: [] }));
  return g;
}

function processGroupTitle(p: ProcessInfo): string {
  return p.replSetName ? `replica set ${p.replSetName}` : p.cluster ? `sharded cluster ${p.cluster}` : `process ${p.name ?? p.pointer}`;
}

/** The net.tls (or legacy net.ssl) mode of a process's options. */
function tlsMode(p: ProcessInfo): string | undefined {
  const net = isObject(p.value.args2_6) && isObject(p.value.args2_6.net) ? p.value.args2_6.net : undefined;
  if (!net) return undefined;
  return str(isObject(net.tls) ? net.tls.mode : undefined) ?? str(isObject(net.ssl) ? net.ssl.mode : undefined);
}

function automationPlan(now: unknown, base: unknown, placeholders: readonly PlaceholderPattern[]): { groups: PlanGroup[]; restarts: string[] } {
  const groups = new Map<string, PlanGroup>();
  const restarts = new Set<string>();
  const tNow = getTopology(now);
  const tBase = getTopology(base);
  const baseByName = new Map(tBase.processes.filter((p) => p.name !== undefined).map((p) => [p.name!, p]));
  const nowNames = new Set(tNow.processes.map((p) => p.name));
  for (const p of tNow.processes) {
    const name = p.name ?? p.pointer;
    const g = groupOf(groups, processGroupTitle(p));
    const was = p.name === undefined ? undefined : baseByName.get(p.name);
    if (!was) {
      g.changes.push({ type: 'process-added', pointer: p.pointer, summary: `process ${name} added (${p.processType ?? 'mongod'} ${p.version ?? ''} on ${p.hostname ?? '?'})`.replace('  ', ' ') });
      continue;
    }
    const change = (c: Omit<PlanChange, 'pointer'> & { pointer?: string }) => {
      g.changes.push({ pointer: p.pointer, ...c });
      if (c.restart) restarts.add(name);
    };
    if (p.version !== was.version) change({ type: 'version', summary: `${name}: version ${show(was.version)} → ${show(p.version)}`, before: was.version, after: p.version, restart: true, pointer: joinPointer(p.pointer, 'version') });
    const fcv = p.value.featureCompatibilityVersion;
    const fcvWas = was.value.featureCompatibilityVersion;
    if (!equal(fcv, fcvWas)) change({ type: 'fcv', summary: `${name}: featureCompatibilityVersion ${show(fcvWas)} → ${show(fcv)}`, before: fcvWas, after: fcv, pointer: joinPointer(p.pointer, 'featureCompatibilityVersion') });
    if (Boolean(p.value.disabled) !== Boolean(was.value.disabled)) {
      change({ type: p.value.disabled ? 'process-disabled' : 'process-enabled', summary: `${name}: ${p.value.disabled ? 'disabled (shut down)' : 'enabled again (started)'}`, before: was.value.disabled, after: p.value.disabled, pointer: joinPointer(p.pointer, 'disabled') });
    }
    if (p.processType !== was.processType) change({ type: 'process-renamed-type', summary: `${name}: processType ${show(was.processType)} → ${show(p.processType)}`, restart: true, pointer: joinPointer(p.pointer, 'processType') });
    const mode = tlsMode(p);
    const modeWas = tlsMode(was);
    if (mode !== modeWas) change({ type: 'tls', summary: `${name}: TLS mode ${show(modeWas)} → ${show(mode)}${tlsSkipped(was, p)}`, before: modeWas, after: mode, restart: true, pointer: joinPointer(p.pointer, 'args2_6', 'net') });
    // Other settings that restart it: named once per process, by key.
    const changedKeys = RESTART_PROCESS_FIELDS.filter((k) => k !== 'version' && k !== 'processType' && !equal(p.value[k], was.value[k]));
    const otherKeys = [...new Set([...Object.keys(was.value), ...Object.keys(p.value)])].filter((k) => !RESTART_PROCESS_FIELDS.includes(k) && !NO_RESTART_PROCESS_FIELDS.has(k) && !equal(p.value[k], was.value[k]));
    if (changedKeys.length > 0 && !(changedKeys.length === 1 && changedKeys[0] === 'args2_6' && mode !== modeWas && onlyTlsModeChanged(p, was))) {
      change({ type: 'settings', summary: `${name}: ${changedKeys.join(', ')} changed: the agent restarts it`, restart: true });
    }
    if (otherKeys.length > 0) change({ type: 'settings', summary: `${name}: ${otherKeys.join(', ')} changed` });
  }
  for (const was of tBase.processes) {
    if (was.name !== undefined && !nowNames.has(was.name)) {
      groupOf(groups, processGroupTitle(was)).changes.push({ type: 'process-removed', pointer: '', basePointer: was.pointer, summary: `process ${was.name} removed (${was.processType ?? 'mongod'} ${was.version ?? ''} on ${was.hostname ?? '?'}): the agent shuts it down`.replace('  ', ' ') });
    }
  }
  // Replica set members.
  const baseSets = new Map(tBase.replicaSets.filter((r) => r.id !== undefined).map((r) => [r.id!, r]));
  for (const rs of tNow.replicaSets) {
    const g = groupOf(groups, `replica set ${rs.id ?? rs.pointer}`);
    const was = rs.id === undefined ? undefined : baseSets.get(rs.id);
    if (!was) {
      g.changes.push({ type: 'member-added', pointer: rs.pointer, summary: `replica set ${rs.id ?? rs.pointer} added with ${rs.members.length} member(s)` });
      continue;
    }
    const baseMembers = new Map(was.members.filter((m) => m.host !== undefined).map((m) => [m.host!, m]));
    const nowHosts = new Set(rs.members.map((m) => m.host));
    for (const m of rs.members) {
      const old = m.host === undefined ? undefined : baseMembers.get(m.host);
      if (!old) {
        g.changes.push({ type: 'member-added', pointer: m.pointer, summary: `member ${m.host ?? m.pointer} added (votes ${show(m.value.votes ?? 1)}, priority ${show(m.value.priority ?? 1)})` });
        continue;
      }
      const field = (key: string, type: ChangeType, fallback: unknown) => {
        const a = old.value[key] ?? fallback;
        const b = m.value[key] ?? fallback;
        if (!equal(a, b)) g.changes.push({ type, pointer: joinPointer(m.pointer, key), summary: `member ${m.host}: ${key} ${show(a)} → ${show(b)}`, before: a, after: b });
      };
      field('priority', 'member-priority', 1);
      field('votes', 'member-votes', 1);
      field('arbiterOnly', 'member-role', false);
      field('hidden', 'member-role', false);
      field('_id', 'member-role', undefined);
    }
    for (const m of was.members) {
      if (m.host !== undefined && !nowHosts.has(m.host)) g.changes.push({ type: 'member-removed', pointer: rs.pointer, basePointer: m.pointer, summary: `member ${m.host} removed (it had ${show(m.value.votes ?? 1)} vote(s))` });
    }
  }
  const nowSets = new Set(tNow.replicaSets.map((r) => r.id));
  for (const rs of tBase.replicaSets) {
    if (rs.id !== undefined && !nowSets.has(rs.id)) {
      groupOf(groups, `replica set ${rs.id}`).changes.push({ type: 'member-removed', pointer: '', basePointer: rs.pointer, summary: `replica set ${rs.id} removed with its ${rs.members.length} member(s)` });
    }
  }
  // Deployment-wide authentication and TLS.
  const deployment = groupOf(groups, 'deployment');
  const pairs: [string, ChangeType][] = [['/auth/disabled', 'auth'], ['/auth/deploymentAuthMechanisms', 'auth'], ['/auth/autoAuthMechanisms', 'auth'], ['/auth/autoAuthMechanism', 'auth'], ['/auth/authoritativeSet', 'auth'], ['/tls/clientCertificateMode', 'tls'], ['/ssl/clientCertificateMode', 'tls'], ['/tls/CAFilePath', 'tls']];
  const mechanisms = authMechanismChange(base, now, tBase);
  for (const [pointer, type] of pairs) {
    const [, top, key] = pointer.split('/');
    const a = isObject(base) && isObject(base[top]) ? (base[top] as Record<string, unknown>)[key] : undefined;
    const b = isObject(now) && isObject(now[top]) ? (now[top] as Record<string, unknown>)[key] : undefined;
    if (!equal(a, b)) deployment.changes.push({ type, pointer, summary: `${top}.${key}: ${show(a)} → ${show(b)}${authNote(pointer, mechanisms)}`, before: a, after: b });
  }
  // The keyfile's contents: secrets on both sides, compared before masking and never shown. The
  // file's secretPlaceholders are templates here as in check (rule keyfile-replaced).
  const key = keyChange(base, now, (v) => isPlaceholder(v, placeholders));
  // The rolling rotation needs MongoDB 4.2+ on every cluster (rule keyfile-replaced): said on the line.
  const old = key === 'replaced' || key === 'new-key-set' ? processesBeforeKeyRotation(tBase, tNow) : [];
  const needs42 = old.length > 0 ? ` (the rotation through auth.newKey needs MongoDB 4.2 or later: ${namesOf(old)})` : '';
  if (key === 'replaced') deployment.changes.push({ type: 'auth', pointer: '/auth/key', summary: `auth.key replaced (value not shown): a keyfile rotation in one PUT, not through auth.newKey${needs42}` });
  else if (key === 'not-comparable') deployment.changes.push({ type: 'auth', pointer: '/auth/key', summary: 'auth.key changed between a placeholder or redaction mask and a value (not compared, not shown)' });
  else if (key === 'new-key-set') deployment.changes.push({ type: 'auth', pointer: '/auth/newKey', summary: `auth.newKey set (value not shown): Ops Manager rotates the keyfile, then replaces auth.key with it${needs42}` });
  // Fields a round trip lost (not those under removed processes, members or sets: listed above).
  const byPointer = new Map(tNow.processes.map((p) => [p.pointer, p]));
  for (const r of removedFields(base, now)) {
    const process = /^\/processes\/\d+/.exec(r.pointer)?.[0];
    const p = process ? byPointer.get(process) : undefined;
    const g = p ? groupOf(groups, processGroupTitle(p)) : deployment;
    const where = p?.name && process ? `${p.name}: ${r.basePointer.replace(/^\/processes\/\d+\//, '').replace(/\//g, '.')}` : r.basePointer.slice(1).replace(/\//g, '.');
    g.changes.push({ type: 'field-removed', pointer: r.pointer, basePointer: r.basePointer, summary: `${where} removed`, ...(p?.name && r.pointer.startsWith(`${process}/args2_6`) ? { restart: true } : {}) });
    if (p?.name && r.pointer.startsWith(`${process}/args2_6`)) restarts.add(p.name);
  }
  const order = (t: string) => (t === 'deployment' ? 1 : 0);
  return { groups: [...groups.values()].filter((g) => g.changes.length > 0).sort((a, b) => order(a.title) - order(b.title)), restarts: [...restarts] };
}

/** What rule auth-mechanism-switch says of a mechanism change, in a few words on its plan line. */
function authNote(pointer: string, change: AuthMechanismChange | undefined): string {
  if (!change) return '';
  if (pointer === '/auth/deploymentAuthMechanisms' && change.switched) return ' (no mechanism in common: add the new one, move the agent, then remove the old)';
  if (pointer === '/auth/autoAuthMechanisms' && !change.switched && change.agentOffRemoved.length) return ` (while ${change.agentOffRemoved.join(', ')} is removed from the deployment: move the agent first)`;
  return '';
}

/** " (skips preferTLS)" when a TLS mode moves by more than one step of allowTLS → preferTLS → requireTLS (rule tls-mode-jump). */
function tlsSkipped(was: ProcessInfo, p: ProcessInfo): string {
  const a = processTlsMode(was);
  const b = processTlsMode(p);
  const skipped = a.known && b.known ? tlsStepsSkipped(a.mode, b.mode) : [];
  if (skipped.length === 0) return '';
  return ` (skips ${skipped.join(' and ')}: one step per change)`;
}

/** Whether the only difference in args2_6 is net.tls.mode / net.ssl.mode (already a tls change). */
function onlyTlsModeChanged(p: ProcessInfo, was: ProcessInfo): boolean {
  const strip = (v: unknown) => JSON.stringify(v, (k, x) => (k === 'mode' ? undefined : x));
  return strip(p.value.args2_6) === strip(was.value.args2_6);
}

/** Any other kind: `enabled` flips, changed and removed fields, as a flat list. */
function documentPlan(now: unknown, base: unknown): PlanGroup[] {
  const changes: PlanChange[] = [];
  if (isObject(now) && isObject(base) && now.enabled !== base.enabled && (typeof now.enabled === 'boolean' || typeof base.enabled === 'boolean')) {
    changes.push({ type: 'enabled', pointer: '/enabled', summary: `enabled ${show(base.enabled)} → ${show(now.enabled)}`, before: base.enabled, after: now.enabled });
  }
  if (isObject(now) && isObject(base)) {
    for (const key of Object.keys(now)) {
      // Own keys only: `constructor` or `toString` of a document are fields, not Object.prototype's.
      if (key === 'enabled' || !Object.hasOwn(base, key) || equal(now[key], base[key])) continue;
      // A new event type under the same id: rule alert-event-type-changed says to delete and create instead.
      const eventSwap = key === 'eventTypeName' && typeof now.id === 'string' && now.id === base.id && typeof now[key] === 'string' && typeof base[key] === 'string';
      changes.push({ type: 'field-changed', pointer: joinPointer('', key), summary: eventSwap ? `eventTypeName ${show(base[key])} → ${show(now[key])} in place (same id): delete and create instead` : `${key} changed` });
    }
    for (const key of Object.keys(now)) if (!Object.hasOwn(base, key)) changes.push({ type: 'field-changed', pointer: joinPointer('', key), summary: `${key} added` });
  }
  for (const r of removedFields(base, now)) changes.push({ type: 'field-removed', pointer: r.pointer, basePointer: r.basePointer, summary: `${r.basePointer.slice(1).replace(/\//g, '.')} removed` });
  return changes.length ? [{ title: 'document', changes }] : [];
}

function labelOf(kind: Kind, value: unknown): string {
  if (!isObject(value)) return kind;
  const parts = [kind, str(value.id), str(value.eventTypeName) ?? str(value.type) ?? str(value.description)].filter(Boolean);
  return parts.join(' ');
}

/**
 * The plan of a file the base does not have: each of its documents of a known kind is new, so
 * that the summary counts them (it said "0 new" under "a new file").
 */
export function planNewFile(filePath: string, baseLabel: string, documents: readonly { kind: Kind; documentIndex: number }[]): FilePlan {
  return { filePath, baseLabel, newFile: true, documents: documents.map((d) => ({ kind: d.kind, documentIndex: d.documentIndex, status: 'added', label: d.kind, groups: [], restarts: [] })) };
}

/**
 * The plan of one file from its matched documents; `placeholders` are the file's configured
 * `secretPlaceholders` (the built-in forms always count).
 */
export function planFile(filePath: string, pairs: TransitionPairs, placeholders: readonly PlaceholderPattern[] = []): FilePlan {
  const documents: DocumentPlan[] = [];
  for (const p of pairs.pairs) {
    const { groups, restarts } = p.kind === 'automation-config' ? automationPlan(p.value, p.base, placeholders) : { groups: documentPlan(p.value, p.base), restarts: [] };
    documents.push({ kind: p.kind, documentIndex: p.documentIndex, status: groups.length ? 'changed' : 'unchanged', label: labelOf(p.kind, p.value), groups, restarts });
  }
  for (const a of pairs.added) documents.push({ kind: a.kind, documentIndex: a.documentIndex, status: 'added', label: labelOf(a.kind, a.value), groups: [], restarts: [] });
  for (const r of pairs.removed) documents.push({ kind: r.kind, status: 'removed', label: labelOf(r.kind, r.value), groups: [], restarts: [] });
  return { filePath, baseLabel: pairs.baseLabel, documents };
}
