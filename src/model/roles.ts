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
