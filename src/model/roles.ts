// Role names (API-SPEC "All role names of a user").
export const GLOBAL_ROLES = [
  'GLOBAL_AUTOMATION_ADMIN', 'GLOBAL_BACKUP_ADMIN', 'GLOBAL_MONITORING_ADMIN',
  'GLOBAL_OWNER', 'GLOBAL_READ_ONLY', 'GLOBAL_USER_ADMIN',
] as const;
export const ORG_ROLES = ['ORG_MEMBER', 'ORG_READ_ONLY', 'ORG_GROUP_CREATOR', 'ORG_OWNER'] as const;
export const PROJECT_ROLES = [
  'GROUP_AUTOMATION_ADMIN', 'GROUP_BACKUP_ADMIN', 'GROUP_MONITORING_ADMIN', 'GROUP_OWNER',
  'GROUP_READ_ONLY', 'GROUP_USER_ADMIN', 'GROUP_DATA_ACCESS_ADMIN',
  'GROUP_DATA_ACCESS_READ_ONLY', 'GROUP_DATA_ACCESS_READ_WRITE',
] as const;
export type GlobalRole = (typeof GLOBAL_ROLES)[number];
export type OrgRole = (typeof ORG_ROLES)[number];
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/**
 * Which API key a `{desc, roles}` PATCH body updates: a global key (PATCH /admin/apiKeys/{ID}),
 * an organization key (PATCH /orgs/{ORG-ID}/apiKeys/{ID}) or an organization key's roles in a
 * project (PATCH /groups/{PROJECT-ID}/apiKeys/{ID}, roles only).
 */
export type ApiKeyScope = 'global' | 'organization' | 'project';

/**
 * Every role some API key endpoint accepts (the schema's enumeration): written out, since
 * ts-json-schema-generator cannot read a spread (`[...GLOBAL_ROLES, ...]`); a test holds it to the three lists.
 */
export const ALL_API_KEY_ROLES = [
  'GLOBAL_AUTOMATION_ADMIN', 'GLOBAL_BACKUP_ADMIN', 'GLOBAL_MONITORING_ADMIN',
  'GLOBAL_OWNER', 'GLOBAL_READ_ONLY', 'GLOBAL_USER_ADMIN',
  'ORG_MEMBER', 'ORG_READ_ONLY', 'ORG_GROUP_CREATOR', 'ORG_OWNER',
  'GROUP_AUTOMATION_ADMIN', 'GROUP_BACKUP_ADMIN', 'GROUP_MONITORING_ADMIN', 'GROUP_OWNER',
  'GROUP_READ_ONLY', 'GROUP_USER_ADMIN', 'GROUP_DATA_ACCESS_ADMIN',
  'GROUP_DATA_ACCESS_READ_ONLY', 'GROUP_DATA_ACCESS_READ_WRITE',
] as const;

/**
 * The roles each API key endpoint accepts (mongodb/docs source/reference/api/api-keys/
 * {global,org,project}/update-*.txt and its role lists includes/api/lists/org-roles.rst and
 * project-roles.rst). Those lists also name ORG_BILLING_ADMIN and GROUP_CHARTS_ADMIN, which this
 * project keeps as Atlas vocabulary (model/notifications.ts): left out until a source settles it.
 */
export const API_KEY_ROLES: Readonly<Record<ApiKeyScope, readonly string[]>> = {
  global: GLOBAL_ROLES,
  organization: ORG_ROLES,
  project: PROJECT_ROLES,
};

/** The scope whose API keys accept this role, if any. */
export function apiKeyScopeOfRole(role: unknown): ApiKeyScope | undefined {
  if (typeof role !== 'string') return undefined;
  return (Object.keys(API_KEY_ROLES) as ApiKeyScope[]).find((s) => API_KEY_ROLES[s].includes(role));
}
