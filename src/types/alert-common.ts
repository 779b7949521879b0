// Parts shared by project and global alert configurations (API-SPEC "Alert configuration",
// DOMAIN §2). Names whose checks belong to rules (eventTypeName, metricName, notification
// typeName) are plain strings here, so a wrong value yields one diagnostic, from the rule.
import type { MATCHER_FIELD_NAMES, MATCHER_OPERATORS, METRIC_THRESHOLD_MODES, THRESHOLD_OPERATORS } from '../model/matchers';
import type { DATA_UNITS, RPU_UNITS, TIME_UNITS } from '../model/units';

// The same values as UNITS of src/model/units, spelled as a union because the schema generator
// cannot read the spread UNITS is built with (test/schema/vocabulary.test.ts compares the two).
type Units = 'RAW' | (typeof DATA_UNITS)[number] | (typeof TIME_UNITS)[number] | (typeof RPU_UNITS)[number];

/** A rule an object (host, replica set, cluster) must satisfy before the alert checks it. */
export interface Matcher {
  /**
   * Property of the object to test. Host alerts: HOSTNAME, PORT, HOSTNAME_AND_PORT,
   * REPLICA_SET_NAME, TYPE_NAME. Replica set alerts: REPLICA_SET_NAME, SHARD_NAME, CLUSTER_NAME.
   * Sharded cluster alerts: CLUSTER_NAME, SHARD_NAME.
   */
  fieldName: (typeof MATCHER_FIELD_NAMES)[number];
  /** How the property is compared with `value`. */
  operator: (typeof MATCHER_OPERATORS)[number];
  /**
   * Value to compare with. When fieldName is TYPE_NAME: PRIMARY, SECONDARY, STANDALONE, CONFIG or
   * MONGOS.
   */
  value: string;
}

/** Threshold of a metric alert (eventTypeName OUTSIDE_METRIC_THRESHOLD). */
export interface MetricThreshold {
  /** Measurement to watch, e.g. ASSERT_REGULAR, CONNECTIONS, MEMORY_RESIDENT. */
  metricName: string;
  /** Aggregation of the measurement. Only AVERAGE exists. */
  mode?: (typeof METRIC_THRESHOLD_MODES)[number];
  /** Whether the alert fires above or below `threshold`. */
  operator: (typeof THRESHOLD_OPERATORS)[number];
  /** Value outside of which the alert triggers, in `units`. */
  threshold: number;
  /**
   * Units of `threshold`: RAW for counts, rates and ratios, data units for sizes, time units for
   * durations.
   */
  units?: Units;
}

/** Threshold of a replica-set health alert (TOO_FEW_HEALTHY_MEMBERS, TOO_MANY_UNHEALTHY_MEMBERS). */
export interface Threshold {
  /** Whether the alert fires above or below `threshold`. */
  operator: (typeof THRESHOLD_OPERATORS)[number];
  /** Number (of members, elections…) outside of which the alert triggers. */
  threshold: number;
  /** Units of `threshold`, when the event type measures one. */
  units?: Units;
}

/**
 * Where and how often a notification is sent. The fields a notification needs depend on its
 * typeName (rules notification-required-field and notification-field-not-applicable check them).
 */
export interface Notification {
  /**
   * Channel of the notification. Project: DATADOG, EMAIL, GROUP, HIPCHAT, ORG, PAGER_DUTY, SLACK,
   * SMS, SNMP, USER, WEBHOOK, MICROSOFT_TEAMS, OPS_GENIE, VICTOR_OPS, TEAM. Global: ADMIN, GROUP,
   * USER, SNMP, EMAIL, SMS, HIPCHAT, SLACK, PAGER_DUTY, WEBHOOK, MICROSOFT_TEAMS.
   */
  typeName: string;
  /** Minutes to wait after the condition is detected before the first notification. */
  delayMin?: number;
  /** Minutes between notifications of an unacknowledged, unresolved alert (at least 5). */
  intervalMin?: number;
  /** GROUP, ORG, USER: whether to send email. */
  emailEnabled?: boolean;
  /** GROUP, ORG, USER: whether to send text messages. */
  smsEnabled?: boolean;
  /**
   * EMAIL: address the notification is sent to.
   * @format email
   */
  emailAddress?: string;
  /** SMS: mobile number the notification is sent to. */
  mobileNumber?: string;
  /** USER: user of the project that owns the configuration. */
  username?: string;
  /** GROUP: role in the current project that receives the notification. */
  role?: string;
  /** GROUP and ORG: roles that receive the notification (GROUP_… or ORG_… role names). */
  roles?: string[];
  /** TEAM: identifier of the team that receives the notification. */
  teamId?: string;
  /**
   * TEAM: name of the team (returned by the server).
   * @readOnly
   */
  teamName?: string;
  /** Identifier of the integration (notifier) the notification uses. */
  notifierId?: string;
  /** SLACK: API or bot token. Secret. */
  apiToken?: string;
  /** SLACK: channel the notification is posted to. */
  channelName?: string;
  /** DATADOG: API key. Secret. */
  datadogApiKey?: string;
  /** DATADOG: region of the Datadog account. */
  datadogRegion?: 'US' | 'EU';
  /** HIPCHAT: API token. Secret. */
  notificationToken?: string;
  /** HIPCHAT: room the notification is posted to. */
  roomName?: string;
  /** PAGER_DUTY: integration (service) key. Secret. */
  serviceKey?: string;
  /** MICROSOFT_TEAMS: incoming webhook URL. Secret. */
  microsoftTeamsWebhookUrl?: string;
  /** OPS_GENIE: API key. Secret. */
  opsGenieApiKey?: string;
  /** OPS_GENIE: region of the Opsgenie account. */
  opsGenieRegion?: 'US' | 'EU';
  /** VICTOR_OPS: API key. Secret. */
  victorOpsApiKey?: string;
  /** VICTOR_OPS: routing key. */
  victorOpsRoutingKey?: string;
  /** FLOWDOCK: API token. Secret. */
  flowdockApiToken?: string;
  /** FLOWDOCK: flow the notification is posted to. */
  flowName?: string;
  /** FLOWDOCK: organization name. */
  orgName?: string;
  /** ORG: organization identifier. */
  orgId?: string;
  /** SNMP: host and port (162) of the SNMP trap receiver, e.g. "snmp.example.com:162". */
  snmpAddress?: string;
  /**
   * WEBHOOK: URL the alert is posted to. If omitted, the default webhook URL configured under
   * integrations is used. Secret.
   */
  webhookUrl?: string;
  /** WEBHOOK: secret used to sign the payload; only with an explicit webhookUrl. Secret. */
  webhookSecret?: string;
  /**
   * WEBHOOK: FreeMarker template of the request headers, a JSON object of header names and values
   * once rendered (Ops Manager 7.0 and later, docs/versions.md). Headers carry tokens, and the
   * server redacts the field in responses. Secret.
   */
  webhookHeadersTemplate?: string;
  /**
   * WEBHOOK: FreeMarker template of the request body, valid JSON once rendered (Ops Manager 7.0 and
   * later). The server redacts it in responses too.
   */
  webhookBodyTemplate?: string;
  /**
   * Identifier of the notification, returned by GET responses (the test endpoint
   * alertConfigs/{ALERT-CONFIG-ID}/{NOTIFICATION-ID}/test names a notification by it).
   * @readOnly
   */
  id?: string;
}

/** What an alert configuration watches and whom it tells: the same fields in a project's and a global one. */
export interface AlertConditions {
  /**
   * Rules an object must all satisfy before it is checked. Only for host, replica set and sharded
   * cluster events.
   */
  matchers?: Matcher[];
  /** Metric and threshold; required when eventTypeName is OUTSIDE_METRIC_THRESHOLD. */
  metricThreshold?: MetricThreshold;
  /** Threshold; required when eventTypeName is TOO_FEW_HEALTHY_MEMBERS or TOO_MANY_UNHEALTHY_MEMBERS. */
  threshold?: Threshold;
  /** Notifications sent when the condition is detected (at least one). */
  notifications?: Notification[];
}
