// Alert notification types (notifications[n].typeName) per scope, and the fields each one
// requires and accepts (API-SPEC "Alert configuration", "Global alert configuration"; DOMAIN §2;
// OM docs list-table-alert-config-response-om.rst for FLOWDOCK).
export type NotificationScope = 'project' | 'global';

export interface NotificationTypeInfo {
  /** Fields a notification of this type must carry. */
  required: readonly string[];
  /** Further fields it uses. */
  optional: readonly string[];
  /** Scopes whose configurations accept the type. */
  scopes: readonly NotificationScope[];
  /** The type has no intervalMin: the API neither stores nor returns it. */
  noInterval?: boolean;
  /** Why the type should no longer be used. */
  deprecation?: { reason: string; removedIn?: string };
}

const BOTH: readonly NotificationScope[] = ['project', 'global'];
const PROJECT: readonly NotificationScope[] = ['project'];
const GLOBAL: readonly NotificationScope[] = ['global'];

const HIPCHAT: Omit<NotificationTypeInfo, 'scopes'> = {
  required: ['notificationToken', 'roomName'],
  optional: [],
  deprecation: { reason: 'HipChat was discontinued by Atlassian in 2019' },
};

// GROUP `roles` is not required: without it every role of the project is notified (OM docs,
// "All Roles"), and real GROUP notifications without it are in the corpus.
export const NOTIFICATION_TYPES: Readonly<Record<string, NotificationTypeInfo>> = {
  ADMIN: { required: [], optional: [], scopes: GLOBAL },
  DATADOG: { required: ['datadogApiKey'], optional: ['datadogRegion'], scopes: PROJECT },
  EMAIL: { required: ['emailAddress'], optional: [], scopes: BOTH },
  GROUP: { required: ['emailEnabled', 'smsEnabled'], optional: ['role', 'roles'], scopes: BOTH },
  ORG: { required: [], optional: ['emailEnabled', 'smsEnabled', 'role', 'roles', 'orgId'], scopes: PROJECT },
  USER: { required: ['emailEnabled', 'smsEnabled', 'username'], optional: [], scopes: BOTH },
  SMS: { required: ['mobileNumber'], optional: [], scopes: BOTH },
  HIPCHAT: { ...HIPCHAT, scopes: BOTH },
  HIP_CHAT: { ...HIPCHAT, scopes: BOTH },
  FLOWDOCK: {
    required: ['flowdockApiToken', 'flowName', 'orgName'],
    optional: [],
    scopes: PROJECT,
    deprecation: { reason: 'Flowdock was shut down in 2022' },
  },
  PAGER_DUTY: { required: ['serviceKey'], optional: [], scopes: BOTH, noInterval: true },
  SLACK: { required: ['apiToken', 'channelName'], optional: [], scopes: BOTH },
  // The templates: Ops Manager 7.0 and later (docs/versions.md).
  WEBHOOK: { required: [], optional: ['webhookUrl', 'webhookSecret', 'webhookHeadersTemplate', 'webhookBodyTemplate'], scopes: BOTH },
  MICROSOFT_TEAMS: { required: ['microsoftTeamsWebhookUrl'], optional: [], scopes: BOTH },
  OPS_GENIE: { required: ['opsGenieApiKey'], optional: ['opsGenieRegion'], scopes: PROJECT, noInterval: true },
  VICTOR_OPS: {
    required: ['victorOpsApiKey'],
    optional: ['victorOpsRoutingKey'],
    scopes: PROJECT,
    noInterval: true,
  },
  TEAM: { required: ['teamId'], optional: ['teamName'], scopes: PROJECT },
  SNMP: {
    required: ['snmpAddress'],
    optional: [],
    scopes: BOTH,
    deprecation: { reason: 'SNMP notifications are deprecated since Ops Manager 6.0.0', removedIn: '7.0' },
  },
};

/** Fields every notification may carry, whatever its type. */
export const NOTIFICATION_COMMON_FIELDS: readonly string[] = ['typeName', 'delayMin', 'intervalMin'];

/**
 * Every field some notification type uses: a field in this set on a type that does not use it
 * is dropped by the API (notification-field-not-applicable). Other unknown keys are the schema's.
 */
export const NOTIFICATION_FIELDS: ReadonlySet<string> = new Set([
  ...NOTIFICATION_COMMON_FIELDS,
  ...Object.values(NOTIFICATION_TYPES).flatMap((t) => [...t.required, ...t.optional]),
  'snmpAddress',
]);

export function notificationTypeInfo(typeName: unknown): NotificationTypeInfo | undefined {
  return typeof typeName === 'string' && Object.prototype.hasOwnProperty.call(NOTIFICATION_TYPES, typeName)
    ? NOTIFICATION_TYPES[typeName]
    : undefined;
}

/** The type's info when configurations of this scope accept it. */
export function notificationTypeInScope(typeName: unknown, scope: NotificationScope): NotificationTypeInfo | undefined {
  const info = notificationTypeInfo(typeName);
  return info && info.scopes.includes(scope) ? info : undefined;
}

/** The types configurations of each scope accept: rules ask per document. */
const TYPES_BY_SCOPE = new Map<NotificationScope, string[]>();
for (const t of Object.keys(NOTIFICATION_TYPES)) for (const scope of NOTIFICATION_TYPES[t].scopes) (TYPES_BY_SCOPE.get(scope) ?? TYPES_BY_SCOPE.set(scope, []).get(scope)!).push(t);
const NO_TYPES: readonly string[] = Object.freeze([]);

/** The types configurations of this scope accept. */
export function notificationTypesFor(scope: NotificationScope): readonly string[] {
  return TYPES_BY_SCOPE.get(scope) ?? NO_TYPES;
}

/** The fields each type accepts (intervalMin aside): rules ask per field of every notification. */
const ACCEPTED = new Map<NotificationTypeInfo, ReadonlySet<string>>(Object.values(NOTIFICATION_TYPES).map((info) => [info, acceptedFields(info)]));

function acceptedFields(info: NotificationTypeInfo): ReadonlySet<string> {
  return new Set([...NOTIFICATION_COMMON_FIELDS, ...info.required, ...info.optional]);
}

/** Whether a field belongs on a notification of this type. */
export function notificationAcceptsField(info: NotificationTypeInfo, field: string): boolean {
  if (field === 'intervalMin') return !info.noInterval;
  return (ACCEPTED.get(info) ?? acceptedFields(info)).has(field);
}

/**
 * Notification fields whose values are secrets (RULES.md "Secrets"; flowdockApiToken added;
 * webhookHeadersTemplate: headers carry tokens, and the server redacts the field in responses).
 */
export const NOTIFICATION_SECRET_FIELDS: readonly string[] = [
  'apiToken', 'datadogApiKey', 'notificationToken', 'serviceKey', 'webhookSecret', 'opsGenieApiKey',
  'victorOpsApiKey', 'microsoftTeamsWebhookUrl', 'webhookUrl', 'flowdockApiToken', 'webhookHeadersTemplate',
];

/** Minimum intervalMin (docs notifications.rst; Atlas OpenAPI minimum 5). */
export const MIN_INTERVAL_MIN = 5;
/** SNMP traps go to this port only. */
export const SNMP_TRAP_PORT = 162;

/**
 * Roles that Atlas accepts in notifications but Ops Manager does not define (Atlas docs and
 * go-client fixtures): reported as warnings, not errors, since such documents are Atlas-flavoured.
 */
export const ATLAS_PROJECT_ROLES: readonly string[] = [
  'GROUP_CLUSTER_MANAGER', 'GROUP_CHARTS_ADMIN', 'GROUP_SEARCH_INDEX_EDITOR',
  'GROUP_STREAM_PROCESSING_OWNER', 'GROUP_DATABASE_ACCESS_ADMIN', 'GROUP_BACKUP_MANAGER',
  'GROUP_OBSERVABILITY_VIEWER',
];
export const ATLAS_ORG_ROLES: readonly string[] = ['ORG_BILLING_ADMIN', 'ORG_BILLING_READ_ONLY'];
