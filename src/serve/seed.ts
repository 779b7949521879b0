// A seed file (`--seed state.yaml`, YAML or JSON): the state the server starts with. Parsed by the
// project's own parser (positions, limits, alias bombs refused there) and checked here, each
// problem reported at file:line:column.
import { parseText } from '../syntax/index';
import { collectSecretValues, maskSecrets } from '../engine/mask';
import { isObject } from '../model/alerts';
import { escapeToken } from '../core/pointer';
import { lint } from '../engine/lint';
import { newId, emptyState, type ApiKey, type Doc, type RoleAssignment, type State, type User } from './state';
import { prepareAutomation } from './automation';
import { parseAddressOrCidr } from '../model/addresses';
import { addEntriesTo, storedBlock } from './access';
import { orgOfKey } from './key-access';

export class SeedError extends Error {}

/** The sections a seed may hold, and the fields each item needs. */
const SECTIONS: Record<string, readonly string[]> = {
  orgs: ['name'],
  groups: ['name', 'orgId'],
  apiKeys: ['publicKey', 'privateKey', 'roles'],
  users: ['username', 'roles'],
  hosts: ['groupId', 'hostname', 'port'],
  alertConfigs: ['groupId', 'eventTypeName'],
  alerts: ['groupId', 'eventTypeName', 'status'],
  maintenanceWindows: ['groupId', 'startDate', 'endDate', 'alertTypeNames'],
  integrations: ['groupId', 'type'],
  globalAlertConfigs: ['eventTypeName'],
  globalAccessList: ['cidrBlock'],
  orgEvents: ['orgId', 'eventTypeName'],
  globalEvents: ['eventTypeName'],
  automationStatus: ['groupId', 'goalVersion', 'processes'],
  automationConfigs: ['groupId', 'config'],
};
/** Sections whose items belong to a project (their groupId must name one of the seed's). */
const IN_GROUP = new Set(['hosts', 'alertConfigs', 'alerts', 'maintenanceWindows', 'integrations', 'automationStatus', 'automationConfigs']);

/** Reads a seed's text into a state, or throws a SeedError naming file:line:column (its secrets masked: a message may quote a value). */
export function loadSeed(text: string, fileName: string): State {
  try {
    return readSeed(text, fileName);
  } catch (e) {
    if (e instanceof SeedError) throw new SeedError(maskSecrets(e.message, collectSecretValues([], { text })));
    throw e;
  }
}

function readSeed(text: string, fileName: string): State {
  const file = parseText(text, fileName);
  const at = (pointer: string, key = false) => {
    const loc = file.locate(pointer);
    const span = loc ? (key && loc.key ? loc.key : loc.value) : { start: 0 };
    const p = file.lines.position(span.start);
    return `${fileName}:${p.line}:${p.column}`;
  };
  const bad = file.problems.find((p) => p.ruleId !== 'empty-document');
  if (bad) {
    const p = file.lines.position(bad.span.start);
    throw new SeedError(`${fileName}:${p.line}:${p.column}: ${bad.message}`);
  }
  if (file.documents.length !== 1) throw new SeedError(`${fileName}:1:1: a seed is one YAML or JSON document (found ${file.documents.length}).`);
  const root = file.value(0);
  if (!isObject(root)) throw new SeedError(`${fileName}:1:1: a seed is a mapping of sections (${Object.keys(SECTIONS).join(', ')}).`);
  const state = emptyState();
  for (const [section, value] of Object.entries(root)) {
    const base = `/${escapeToken(section)}`;
    if (!(section in SECTIONS)) throw new SeedError(`${at(base, true)}: unknown section "${section}"; a seed has ${Object.keys(SECTIONS).join(', ')}.`);
    if (!Array.isArray(value)) throw new SeedError(`${at(base)}: ${section} is a list.`);
    value.forEach((item, i) => {
      const p = `${base}/${i}`;
      if (!isObject(item)) throw new SeedError(`${at(p)}: each item of ${section} is a mapping.`);
      for (const f of SECTIONS[section]) if (item[f] === undefined || item[f] === null) throw new SeedError(`${at(p)}: ${section}[${i}] needs ${f}.`);
      if (item.id !== undefined && typeof item.id !== 'string') throw new SeedError(`${at(`${p}/id`)}: id is a string.`);
      if (section === 'apiKeys' || section === 'users') checkRoles(item.roles, `${p}/roles`, at);
      if ((section === 'apiKeys' || section === 'users') && item.accessList !== undefined) checkEntries(item.accessList, `${p}/accessList`, at);
      if (section === 'apiKeys') checkKeyClass(item, i, p, at);
      if (section === 'globalAccessList' && !parseAddressOrCidr(item.cidrBlock)) throw new SeedError(`${at(`${p}/cidrBlock`)}: cidrBlock is an IPv4 or IPv6 address or CIDR block.`);
      for (const f of ['publicKey', 'privateKey', 'username', 'apiKey', 'name', 'orgId', 'groupId', 'type', 'eventTypeName', 'status', 'hostname']) {
        if (item[f] !== undefined && typeof item[f] !== 'string') throw new SeedError(`${at(`${p}/${f}`)}: ${f} is a string.`);
      }
    });
  }
  const items = (s: string): (Doc & { id: string })[] => ((root[s] as Doc[] | undefined) ?? []).map((d) => ({ ...d, id: (d.id as string | undefined) ?? newId() }));
  state.orgs = items('orgs').map((o) => ({ id: o.id, name: String(o.name) }));
  state.groups = items('groups').map((g) => ({ id: g.id, name: String(g.name), orgId: String(g.orgId) }));
  state.apiKeys = items('apiKeys').map((k): ApiKey => ({
    id: k.id, desc: String(k.desc ?? ''), publicKey: String(k.publicKey), privateKey: String(k.privateKey), roles: k.roles as RoleAssignment[],
    ...(typeof k.orgId === 'string' ? { orgId: k.orgId } : {}),
    // Stored as the API stores them: an address listed twice once, a single address without /32.
    ...(Array.isArray(k.accessList) ? { accessList: seedEntries(k.accessList) } : {}),
  }));
  state.users = items('users').map((u): User => ({
    ...(u as unknown as User), roles: u.roles as RoleAssignment[],
    // As a key's: the entries the API would store for the same POST.
    ...(Array.isArray(u.accessList) ? { accessList: seedEntries(u.accessList) } : {}),
  }));
  state.hosts = items('hosts');
  state.alertConfigs = items('alertConfigs');
  state.alerts = items('alerts');
  state.maintenanceWindows = items('maintenanceWindows');
  state.integrations = (root.integrations as Doc[] | undefined)?.map((d) => ({ ...d })) ?? [];
  state.globalAlertConfigs = items('globalAlertConfigs');
  state.globalAccessList = items('globalAccessList').map((e) => ({ type: 'GLOBAL_ROLE', ...e, cidrBlock: storedBlock(parseAddressOrCidr(e.cidrBlock)!) }));
  state.orgEvents = items('orgEvents');
  state.globalEvents = items('globalEvents');
  state.automationStatus = ((root.automationStatus as Doc[] | undefined) ?? []).map((d) => ({ ...d }));
  const configs = (root.automationConfigs as Doc[] | undefined) ?? [];
  configs.forEach((c, i) => {
    const p = `/automationConfigs/${i}`;
    if (!isObject(c.config)) throw new SeedError(`${at(`${p}/config`)}: config is an automation configuration (a mapping).`);
    if (typeof c.config.version !== 'number') throw new SeedError(`${at(`${p}/config`)}: config needs a numeric version.`);
    if (configs.findIndex((x) => x.groupId === c.groupId) !== i) throw new SeedError(`${at(`${p}/groupId`)}: a second automation configuration for group ${String(c.groupId)}.`);
    const status = state.automationStatus.find((x) => x.groupId === c.groupId);
    if (status && status.goalVersion !== c.config.version) throw new SeedError(`${at(`${p}/config/version`)}: version ${String(c.config.version)} differs from the goalVersion ${String(status.goalVersion)} of the group's automationStatus.`);
  });
  state.automationConfigs = configs.map((c) => ({ groupId: String(c.groupId), config: { ...(c.config as Doc) } }));
  // References: each project's organization, each item's project.
  const orgIds = new Set(state.orgs.map((o) => o.id));
  state.groups.forEach((g, i) => {
    if (!orgIds.has(g.orgId)) throw new SeedError(`${at(`/groups/${i}/orgId`)}: no organization with id ${g.orgId} in the seed.`);
  });
  state.apiKeys.forEach((k, i) => {
    if (k.orgId !== undefined && !orgIds.has(k.orgId)) throw new SeedError(`${at(`/apiKeys/${i}/orgId`)}: no organization with id ${k.orgId} in the seed.`);
    if (k.accessList && orgOfKey(state, k) === undefined) throw new SeedError(`${at(`/apiKeys/${i}/accessList`, true)}: apiKeys[${i}] is a global API key (no orgId, no organization or project role): its access list is the seed's globalAccessList.`);
  });
  const groupIds = new Set(state.groups.map((g) => g.id));
  for (const section of IN_GROUP) {
    ((root[section] as Doc[] | undefined) ?? []).forEach((d, i) => {
      if (!groupIds.has(String(d.groupId))) throw new SeedError(`${at(`/${section}/${i}/groupId`)}: no group (project) with id ${String(d.groupId)} in the seed.`);
    });
  }
  return state;
}

/** An access list of a seed: a list of {ipAddress | cidrBlock, comment?}, each an address or CIDR block. */
function checkEntries(list: unknown, pointer: string, at: (p: string) => string): void {
  if (!Array.isArray(list)) throw new SeedError(`${at(pointer)}: accessList is a list of {ipAddress | cidrBlock, comment?}.`);
  list.forEach((e, i) => {
    const p = `${pointer}/${i}`;
    if (!isObject(e)) throw new SeedError(`${at(p)}: each access list entry is a mapping with ipAddress or cidrBlock.`);
    const field = e.cidrBlock !== undefined ? 'cidrBlock' : 'ipAddress';
    if (!parseAddressOrCidr(e[field])) throw new SeedError(`${at(`${p}/${field}`)}: ${field} is an IPv4 or IPv6 address or CIDR block.`);
    if (e.comment !== undefined && typeof e.comment !== 'string') throw new SeedError(`${at(`${p}/comment`)}: comment is a string.`);
  });
}

function seedEntries(raw: unknown[]): Doc[] {
  const list: Doc[] = [];
  addEntriesTo(list, raw, undefined);
  return list;
}

/**
 * A key is global (GLOBAL_ roles only) or an organization's (its orgId, organization and project
 * roles), never both: the class decides which access list restricts it (key-access.ts), and a
 * global role beside an organization's would take the key off the global list.
 */
function checkKeyClass(key: Doc, i: number, pointer: string, at: (p: string) => string): void {
  const roles = key.roles as Doc[];
  const global = roles.findIndex((r) => String(r.roleName).startsWith('GLOBAL_'));
  if (global === -1) return;
  const inOrg = roles.findIndex((r) => r.orgId !== undefined || r.groupId !== undefined);
  if (inOrg === -1 && key.orgId === undefined) return;
  const where = inOrg === -1 ? `${pointer}/orgId` : `${pointer}/roles/${inOrg}`;
  throw new SeedError(`${at(where)}: apiKeys[${i}] has the global role ${String(roles[global].roleName)} and an organization's (orgId, or a role naming an organization or project): a key is a global key or an organization's, not both.`);
}

function checkRoles(roles: unknown, pointer: string, at: (p: string) => string): void {
  if (!Array.isArray(roles) || roles.length === 0) throw new SeedError(`${at(pointer)}: roles is a non-empty list of {roleName, groupId?, orgId?}.`);
  roles.forEach((r, i) => {
    if (!isObject(r) || typeof r.roleName !== 'string') throw new SeedError(`${at(`${pointer}/${i}`)}: each role has a roleName.`);
  });
}

/**
 * A seed read and checked completely: `loadSeed`, then each automation configuration judged as
 * `omlint check --kind automation-config` judges it (an error finding refuses the seed, at its
 * place in the seed file), then the automation status prepared at `now`.
 */
export async function loadSeedChecked(text: string, fileName: string, now: Date): Promise<State> {
  const state = loadSeed(text, fileName);
  if (state.automationConfigs.length > 0) {
    const file = parseText(text, fileName);
    const inputs = state.automationConfigs.map((c, i) => ({ filePath: `automationConfigs-${i}.json`, text: JSON.stringify(c.config) }));
    const results = await lint(inputs, { kind: 'automation-config', now, rules: { 'plaintext-secret': 'off' } });
    results.forEach((r, i) => {
      const error = r.diagnostics.find((d) => d.severity === 'error');
      if (!error) return;
      const loc = file.locate(`/automationConfigs/${i}/config${error.pointer}`) ?? file.locate(`/automationConfigs/${i}/config`);
      const at = file.lines.position(loc?.value.start ?? 0);
      // The engine masked the message with the configuration's secrets; the seed's are masked again below.
      throw new SeedError(maskSecrets(`${fileName}:${at.line}:${at.column}: automationConfigs[${i}].config: ${error.ruleId}: ${error.message}`, collectSecretValues([], { text })));
    });
  }
  prepareAutomation(state, now);
  return state;
}
