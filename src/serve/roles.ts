// Who may call what (API-SPEC "Authentication" 3, and docs/serve.md for what the spec leaves open).
import { ApiError } from './http';
import type { Group, RoleAssignment, State } from './state';

/** The authenticated caller: a programmatic key or a user. */
export interface Principal {
  kind: 'apiKey' | 'user';
  /** The public key or the user name. */
  name: string;
  id: string;
  roles: RoleAssignment[];
}

/** The caller behind a digest user name: a public key first, then a user name. */
export function principalOf(state: State, name: string): { principal: Principal; secret: string } | undefined {
  const key = state.apiKeys.find((k) => k.publicKey === name);
  if (key) return { principal: { kind: 'apiKey', name, id: key.id, roles: key.roles }, secret: key.privateKey };
  const user = state.users.find((u) => u.username === name && u.apiKey !== undefined);
  if (user) return { principal: { kind: 'user', name, id: user.id, roles: user.roles }, secret: user.apiKey! };
  return undefined;
}

const forbidden = () => new ApiError(403, 'USER_UNAUTHORIZED', 'Current user is not authorized to perform this action.');

export function hasGlobal(p: Principal, ...names: string[]): boolean {
  return p.roles.some((r) => r.roleName.startsWith('GLOBAL_') && (names.length === 0 || names.includes(r.roleName)));
}

/**
 * The organization of the path for a member of it (API-SPEC "Authentication" 3: any role in the
 * organization, or a global role; a project role is none): 404 for an unknown one, else 403.
 */
export function orgFor(r: { state: State; principal: Principal; params: Record<string, string> }): string {
  const orgId = r.params.orgId;
  if (!r.state.orgs.some((o) => o.id === orgId)) throw new ApiError(404, 'ORG_NOT_FOUND', `No organization with ID ${orgId} exists.`, [orgId]);
  if (!hasGlobal(r.principal) && !r.principal.roles.some((x) => x.orgId === orgId)) throw forbidden();
  return orgId;
}

/** Global roles named (any global role when none is named), or 403. */
export function requireGlobal(p: Principal, ...names: string[]): void {
  if (!hasGlobal(p, ...names)) throw forbidden();
}

/** Any role at all (endpoint 18: "any assigned role suffices"). */
export function requireAnyRole(p: Principal): void {
  if (p.roles.length === 0) throw forbidden();
}

/** Roles that read a project: any global role, any role in it, or an owner or read-only role of its organization. */
export function canReadGroup(p: Principal, g: Group): boolean {
  return p.roles.some((r) => r.roleName.startsWith('GLOBAL_') || r.groupId === g.id || (r.orgId === g.orgId && (r.roleName === 'ORG_OWNER' || r.roleName === 'ORG_READ_ONLY')));
}

const GROUP_WRITERS = new Set(['GROUP_OWNER', 'GROUP_MONITORING_ADMIN']);

/**
 * Roles that change a project's alerts, alert configurations, windows and integrations (the spec
 * does not say: docs/serve.md): the global owner and monitoring admin, the project's owner and
 * monitoring admin, and its organization's owner.
 */
export function canWriteGroup(p: Principal, g: Group): boolean {
  return p.roles.some((r) => r.roleName === 'GLOBAL_OWNER' || r.roleName === 'GLOBAL_MONITORING_ADMIN' || (r.groupId === g.id && GROUP_WRITERS.has(r.roleName)) || (r.orgId === g.orgId && r.roleName === 'ORG_OWNER'));
}

const AUTOMATION_WRITERS = new Set(['GROUP_OWNER', 'GROUP_AUTOMATION_ADMIN']);

/**
 * Roles that change a project's automation configuration: the Ops Manager page "Update the
 * Automation Configuration" names Project Automation Admin and Project Owner; with them the global
 * owner and automation admin, and the organization's owner (docs/serve.md).
 */
export function canAutomateGroup(p: Principal, g: Group): boolean {
  return p.roles.some((r) => r.roleName === 'GLOBAL_OWNER' || r.roleName === 'GLOBAL_AUTOMATION_ADMIN' || (r.groupId === g.id && AUTOMATION_WRITERS.has(r.roleName)) || (r.orgId === g.orgId && r.roleName === 'ORG_OWNER'));
}

/** What a request does to a project: reads it, writes its monitoring resources, or its automation. */
export type GroupAccess = boolean | 'automation';

/** The project of a path, readable (or writable) by the caller: else 404 or 403. */
export function groupFor(state: State, p: Principal, groupId: string, write: GroupAccess): Group {
  const g = state.groups.find((x) => x.id === groupId);
  if (!g) throw new ApiError(404, 'GROUP_NOT_FOUND', `No group with ID ${groupId} exists.`, [groupId]);
  if (!(write === 'automation' ? canAutomateGroup(p, g) : write ? canWriteGroup(p, g) : canReadGroup(p, g))) throw forbidden();
  return g;
}
