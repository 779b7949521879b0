// Alert event type names (eventTypeName) and what each one targets (DOMAIN §3, from the Ops
// Manager alert list source/reference/alerts/ops-manager-list.rst of github.com/mongodb/docs, which
// also gives the scopes; its current version adds the *_DENYLIST_*, *_ACCESS_LIST_*,
// HOST_SECURITY_CHECKUP_NOT_MET and WEBHOOK_TEMPLATE_RENDER_FAILED names, kept beside the older ones).
import type { MatcherFieldName } from './matchers';

/** What an event is about; decides whether matchers apply and which fieldNames. */
export type EventTarget = 'host' | 'replica-set' | 'sharded-cluster' | 'other';
/** Where an alert configuration for the event can live. */
export type EventScope = 'project' | 'organization' | 'global';
/**
 * How an event uses the separate `threshold` object: 'required' (the server rejects the
 * configuration without it), 'accepted' (known or believed to be used), 'unknown' (no source
 * either way: never reported), 'none' (the event has no threshold: it is ignored).
 */
export type ThresholdUse = 'required' | 'accepted' | 'unknown' | 'none';

export interface EventInfo {
  category: EventCategory;
  target: EventTarget;
  scopes: readonly EventScope[];
  /** The event reads metricThreshold (OUTSIDE_METRIC_THRESHOLD requires it). */
  metricThreshold: 'required' | 'accepted' | 'none';
  threshold: ThresholdUse;
}

export type EventCategory =
  | 'agent' | 'alerts' | 'automation' | 'backup' | 'bi-connector' | 'cluster' | 'data-explorer' | 'host'
  | 'organization' | 'project' | 'replica-set' | 'team' | 'user';

const TARGET_OF: Record<EventCategory, EventTarget> = {
  agent: 'other', alerts: 'other', automation: 'other', backup: 'other', 'bi-connector': 'other',
  cluster: 'sharded-cluster', 'data-explorer': 'other', host: 'host', organization: 'other',
  project: 'other', 'replica-set': 'replica-set', team: 'other', user: 'other',
};

const PG: readonly EventScope[] = ['project', 'global'];
const OG: readonly EventScope[] = ['organization', 'global'];
const O: readonly EventScope[] = ['organization'];
const OPG: readonly EventScope[] = ['organization', 'project', 'global'];
const G: readonly EventScope[] = ['global'];

type Entry = [names: string[], scopes: readonly EventScope[], extra?: Partial<Pick<EventInfo, 'metricThreshold' | 'threshold'>>];

const BY_CATEGORY: Record<EventCategory, Entry[]> = {
  agent: [[[
    'AUTOMATION_AGENT_DOWN', 'AUTOMATION_AGENT_UP', 'BACKUP_AGENT_DOWN', 'BACKUP_AGENT_UP',
    'BACKUP_AGENT_VERSION_BEHIND', 'BACKUP_AGENT_VERSION_CURRENT', 'MONITORING_AGENT_DOWN',
    'MONITORING_AGENT_UP', 'MONITORING_AGENT_VERSION_BEHIND', 'MONITORING_AGENT_VERSION_CURRENT',
    'NEW_AGENT',
  ], PG],
  // "too many conf call failures": the count may be configurable; no source says.
  [['BACKUP_AGENT_CONF_CALL_FAILURE'], PG, { threshold: 'unknown' }]],
  // A webhook notification's template (webhookBodyTemplate) failed to render.
  alerts: [[['WEBHOOK_TEMPLATE_RENDER_FAILED'], PG]],
  automation: [[['AUTOMATION_CONFIG_PUBLISHED_AUDIT'], PG]],
  backup: [[[
    'BAD_CLUSTERSHOTS', 'CLUSTER_BLACKLIST_UPDATED_AUDIT', 'CLUSTER_CHECKKPOINT_UPDATED_AUDIT',
    'CLUSTER_CREDENTIAL_UPDATED_AUDIT', 'CLUSTER_SNAPSHOT_SCHEDULE_UPDATED_AUDIT',
    'CLUSTER_STATE_CHANGED_AUDIT', 'CLUSTER_STORAGE_ENGINE_UPDATED_AUDIT', 'CLUSTERSHOT_DELETED_AUDIT',
    'CLUSTERSHOT_EXPIRY_UPDATED_AUDIT', 'CONSISTENT_BACKUP_CONFIGURATION', 'GOOD_CLUSTERSHOT',
    'INCONSISTENT_BACKUP_CONFIGURATION', 'INITIAL_SYNC_FINISHED_AUDIT', 'INITIAL_SYNC_STARTED_AUDIT',
    'OPLOG_CURRENT', 'RESTORE_REQUESTED_AUDIT', 'RESYNC_PERFORMED', 'RESYNC_REQUIRED',
    'RS_BLACKLIST_UPDATED_AUDIT', 'RS_CREDENTIAL_UPDATED_AUDIT', 'RS_ROTATE_MASTER_KEY_AUDIT',
    'RS_SNAPSHOT_SCHEDULE_UPDATED_AUDIT', 'RS_STATE_CHANGED_AUDIT', 'RS_STORAGE_ENGINE_UPDATED_AUDIT',
    // The current list's names for the two *_BLACKLIST_UPDATED_AUDIT events.
    'CLUSTER_DENYLIST_UPDATED_AUDIT', 'RS_DENYLIST_UPDATED_AUDIT',
    'SNAPSHOT_DELETED_AUDIT', 'SNAPSHOT_EXPIRY_UPDATED_AUDIT', 'SYNC_PENDING_AUDIT', 'SYNC_REQUIRED_AUDIT',
  ], PG],
  // "oplog is behind": how far behind may be configurable; no source says.
  [['OPLOG_BEHIND'], PG, { threshold: 'unknown' }],
  // Global-only backup events (global-alert-configurations-get-all.txt); their settings are not documented.
  [['RS_BIND_ERROR', 'BACKUP_TOO_MANY_RETRIES', 'BACKUP_IN_UNEXPECTED_STATE'], G, { threshold: 'unknown' }]],
  'bi-connector': [[['BI_CONNECTOR_DOWN', 'BI_CONNECTOR_UP'], PG]],
  cluster: [[['CLUSTER_MONGOS_IS_MISSING', 'CLUSTER_MONGOS_IS_PRESENT', 'SHARD_ADDED', 'SHARD_REMOVED'], PG]],
  'data-explorer': [[['DATA_EXPLORER', 'DATA_EXPLORER_CRUD'], PG]],
  host: [[[
    'ADD_HOST_AUDIT', 'ADD_HOST_TO_REPLICA_SET_AUDIT', 'ATTEMPT_KILLOP_AUDIT', 'ATTEMPT_KILLSESSION_AUDIT',
    'DB_PROFILER_DISABLE_AUDIT', 'DB_PROFILER_ENABLE_AUDIT', 'DELETE_HOST_AUDIT', 'DISABLE_HOST_AUDIT',
    'HIDE_AND_DISABLE_HOST_AUDIT', 'HIDE_HOST_AUDIT', 'HOST_DOWN', 'HOST_DOWNGRADED', 'HOST_IP_CHANGED_AUDIT',
    'HOST_NOW_PRIMARY', 'HOST_NOW_SECONDARY', 'HOST_NOW_STANDALONE', 'HOST_RECOVERED', 'HOST_RECOVERING',
    'HOST_RESTARTED', 'HOST_ROLLBACK', 'HOST_SECURITY_CHECKUP_NOT_MET', 'HOST_SSL_CERTIFICATE_CURRENT', 'HOST_SSL_CERTIFICATE_STALE',
    'HOST_UP', 'HOST_UPGRADED', 'NEW_HOST', 'PAUSE_HOST_AUDIT', 'REMOVE_HOST_FROM_REPLICA_SET_AUDIT',
    'RESUME_HOST_AUDIT', 'UNDELETE_HOST_AUDIT', 'VERSION_BEHIND', 'VERSION_CHANGED', 'VERSION_CURRENT',
  ], PG],
  [['OUTSIDE_METRIC_THRESHOLD'], PG, { metricThreshold: 'required' }],
  // Believed to be the event that closes an OUTSIDE_METRIC_THRESHOLD alert (DOMAIN §3, unverified).
  [['INSIDE_METRIC_THRESHOLD'], PG, { metricThreshold: 'accepted' }]],
  organization: [[[
    'ALL_ORG_USERS_HAVE_MFA', 'ORG_EMPLOYEE_ACCESS_RESTRICTED', 'ORG_EMPLOYEE_ACCESS_UNRESTRICTED',
    'ORG_PUBLIC_API_WHITELIST_NOT_REQUIRED', 'ORG_PUBLIC_API_WHITELIST_REQUIRED',
    'ORG_PUBLIC_API_ACCESS_LIST_NOT_REQUIRED', 'ORG_PUBLIC_API_ACCESS_LIST_REQUIRED', 'ORG_RENAMED',
    'ORG_TWO_FACTOR_AUTH_OPTIONAL', 'ORG_TWO_FACTOR_AUTH_REQUIRED', 'ORG_USERS_WITHOUT_MFA',
  ], OG],
  [['ORG_API_KEY_ADDED', 'ORG_API_KEY_DELETED'], O]],
  // Both spellings: the alert list says MULTIFACTOR, the older include alert-eventTypeNames-om.rst MULTI_FACTOR.
  project: [[[
    'ALL_USERS_HAVE_MULTIFACTOR_AUTH', 'USERS_WITHOUT_MULTIFACTOR_AUTH',
    'ALL_USERS_HAVE_MULTI_FACTOR_AUTH', 'USERS_WITHOUT_MULTI_FACTOR_AUTH',
  ], PG]],
  'replica-set': [[[
    'CONFIGURATION_CHANGED', 'ENOUGH_HEALTHY_MEMBERS', 'MEMBER_ADDED', 'MEMBER_REMOVED',
    'MULTIPLE_PRIMARIES', 'NO_PRIMARY', 'ONE_PRIMARY', 'PRIMARY_ELECTED',
  ], PG],
  [['TOO_FEW_HEALTHY_MEMBERS', 'TOO_MANY_UNHEALTHY_MEMBERS'], PG, { threshold: 'required' }],
  // "Number of election events is…" (Atlas docs wording): inferred to take a threshold.
  [['TOO_MANY_ELECTIONS'], PG, { threshold: 'accepted' }]],
  team: [[['TEAM_ADDED_TO_GROUP', 'TEAM_REMOVED_FROM_GROUP', 'TEAM_ROLES_MODIFIED'], OPG],
  [['TEAM_CREATED', 'TEAM_DELETED', 'TEAM_NAME_CHANGED', 'TEAM_UPDATED', 'USER_ADDED_TO_TEAM'], OG]],
  user: [[[
    'INVITED_TO_GROUP', 'JOIN_GROUP_REQUEST_APPROVED_AUDIT', 'JOIN_GROUP_REQUEST_DENIED_AUDIT',
    'JOINED_GROUP', 'REMOVED_FROM_GROUP', 'REQUESTED_TO_JOIN_GROUP',
  ], PG],
  [['INVITED_TO_ORG', 'JOINED_ORG', 'JOINED_TEAM', 'REMOVED_FROM_ORG', 'REMOVED_FROM_TEAM'], OG],
  [['USER_ROLES_CHANGED_AUDIT'], OPG]],
};

function buildEvents(): ReadonlyMap<string, EventInfo> {
  const events = new Map<string, EventInfo>();
  for (const [category, entries] of Object.entries(BY_CATEGORY) as [EventCategory, Entry[]][]) {
    for (const [names, scopes, extra] of entries) {
      for (const name of names) {
        events.set(name, {
          category,
          target: TARGET_OF[category],
          scopes,
          metricThreshold: extra?.metricThreshold ?? 'none',
          threshold: extra?.threshold ?? 'none',
        });
      }
    }
  }
  return events;
}

/** Every Ops Manager event type name, with its target, scopes and threshold use. */
export const EVENT_TYPES: ReadonlyMap<string, EventInfo> = buildEvents();
export const EVENT_TYPE_NAMES: readonly string[] = [...EVENT_TYPES.keys()];

/**
 * Event types that exist in Atlas but not in Ops Manager (source/includes/api/list-tables/
 * alertconfig-eventTypeNames.rst and DOMAIN §3). A configuration using one never fires on Ops
 * Manager; omlint says so once (event-type-name) and the other alert rules stay silent.
 */
export const ATLAS_ONLY_EVENT_TYPES: ReadonlySet<string> = new Set([
  // App Services
  'AUTH_LOGIN_FAIL', 'ENDPOINTS_COMPUTE_MS', 'ENDPOINTS_EGRESS_BYTES', 'ENDPOINTS_FAILED_REQUESTS',
  'ENDPOINTS_RESPONSE_MS', 'GRAPHQL_COMPUTE_MS', 'GRAPHQL_EGRESS_BYTES', 'GRAPHQL_FAILED_REQUESTS',
  'GRAPHQL_RESPONSE_MS', 'OVERALL_COMPUTE_MS', 'OVERALL_EGRESS_BYTES', 'OVERALL_FAILED_REQUESTS',
  'SDKFNS_FAILED_REQUESTS', 'SDK_FNS_RESPONSE_MS', 'SDK_FUNCTIONS_COMPUTE_MS', 'SDK_FUNCTIONS_EGRESS_BYTES',
  'SDK_MQL_COMPUTE_MS', 'SDK_MQL_EGRESS_BYTES', 'SDK_MQL_RESPONSE_MS', 'SYNC_CURRENT_OPLOG_LAG_MS_SUM',
  'SYNC_EGRESS_BYTES', 'SYNC_NUM_UNSYNCABLE_DOCS_LIMIT', 'TRIGGERS_COMPUTE_MS',
  'TRIGGERS_CURRENT_OPLOG_LAG_MS_SUM', 'TRIGGERS_EGRESS_BYTES', 'TRIGGERS_FAILED_REQUESTS',
  'TRIGGERS_RESPONSE_MS',
  // Cloud backup
  'CPS_SNAPSHOT_SUCCESSFUL', 'CPS_SNAPSHOT_FALLBACK_SUCCESSFUL', 'CPS_SNAPSHOT_FALLBACK_FAILED',
  'CPS_SNAPSHOT_BEHIND', 'CPS_RESTORE_FAILED', 'CPS_RESTORE_SUCCESSFUL', 'CPS_SNAPSHOT_DOWNLOAD_REQUEST_FAILED',
  // Billing
  'CREDIT_CARD_ABOUT_TO_EXPIRE', 'PENDING_INVOICE_OVER_THRESHOLD', 'DAILY_BILL_OVER_THRESHOLD',
  // Encryption keys
  'AWS_ENCRYPTION_KEY_NEEDS_ROTATION', 'AZURE_ENCRYPTION_KEY_NEEDS_ROTATION', 'GCP_ENCRYPTION_KEY_NEEDS_ROTATION',
  // Search, serverless, replication, X.509
  'HOST_MONGOT_CRASHING_OOM', 'MONGOT_NOT_CRASHING_OOM', 'OUTSIDE_SERVERLESS_METRIC_THRESHOLD',
  'REPLICATION_OPLOG_WINDOW_RUNNING_OUT',
  'NDS_X509_USER_AUTHENTICATION_MANAGED_USER_CERTS_EXPIRATION_CHECK',
  'NDS_X509_USER_AUTHENTICATION_CUSTOMER_CA_EXPIRATION_CHECK',
]);

/**
 * Alert categories (the deprecated configuration `typeName`, maintenance-window alert types), a
 * common mistake for an event type name, with events of each to suggest.
 */
export const ALERT_CATEGORY_EXAMPLES: ReadonlyMap<string, string> = new Map([
  ['AGENT', 'MONITORING_AGENT_DOWN'],
  ['BACKUP', 'OPLOG_BEHIND or RESYNC_REQUIRED'],
  ['HOST', 'HOST_DOWN or OUTSIDE_METRIC_THRESHOLD'],
  ['HOST_METRIC', 'OUTSIDE_METRIC_THRESHOLD'],
  ['REPLICA_SET', 'NO_PRIMARY or TOO_FEW_HEALTHY_MEMBERS'],
  ['CLUSTER', 'CLUSTER_MONGOS_IS_MISSING'],
  ['SHARDED_CLUSTER', 'CLUSTER_MONGOS_IS_MISSING'],
  ['BI_CONNECTOR', 'BI_CONNECTOR_DOWN'],
]);

export type ConfigScope = 'project' | 'global';

export function eventInfo(name: unknown): EventInfo | undefined {
  return typeof name === 'string' ? EVENT_TYPES.get(name) : undefined;
}

export function isAtlasOnlyEvent(name: unknown): boolean {
  return typeof name === 'string' && ATLAS_ONLY_EVENT_TYPES.has(name);
}

/** The event's info when a configuration of this scope accepts it; undefined otherwise. */
export function eventInScope(name: unknown, scope: ConfigScope): EventInfo | undefined {
  const info = eventInfo(name);
  return info && info.scopes.includes(scope) ? info : undefined;
}

/** Event type names a configuration of this scope accepts. */
export function eventTypeNamesFor(scope: ConfigScope): string[] {
  return EVENT_TYPE_NAMES.filter((n) => EVENT_TYPES.get(n)!.scopes.includes(scope));
}

/** Matcher fieldNames accepted per target (API-SPEC matchers[n].fieldName). */
export const MATCHER_FIELDS_BY_TARGET: Record<Exclude<EventTarget, 'other'>, readonly MatcherFieldName[]> = {
  host: ['HOSTNAME', 'PORT', 'HOSTNAME_AND_PORT', 'REPLICA_SET_NAME', 'TYPE_NAME'],
  'replica-set': ['REPLICA_SET_NAME', 'SHARD_NAME', 'CLUSTER_NAME'],
  'sharded-cluster': ['CLUSTER_NAME', 'SHARD_NAME'],
};

export const TARGET_LABEL: Record<EventTarget, string> = {
  host: 'host',
  'replica-set': 'replica set',
  'sharded-cluster': 'sharded cluster',
  other: 'other',
};
