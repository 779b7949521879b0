// Project alert configuration: PUT /groups/{PROJECT-ID}/alertConfigs/{ALERT-CONFIG-ID} body, or a
// resource as GET returns it (API-SPEC "Alert configuration (project level)").
import type { AlertConditions } from './alert-common';
import type { Link } from './common';

/**
 * A project alert configuration: which event triggers an alert, on which objects, and who is
 * notified. Response-only fields (id, groupId, created, updated, links) are ignored on write.
 * @title Ops Manager project alert configuration
 */
export type AlertConfig = AlertConfigTail & AlertConditions & AlertConfigHead;

// The schema lists the head, AlertConditions, then the tail: the generator reads an intersection's
// members last first, hence their order above (test/generated-fresh.test.ts holds the schema).
interface AlertConfigHead {
  /**
   * Identifier of the configuration.
   * @readOnly
   */
  id?: string;
  /**
   * Project that owns the configuration.
   * @readOnly
   */
  groupId?: string;
  /**
   * When the configuration was created (ISO 8601 UTC).
   * @format date-time
   * @readOnly
   */
  created?: string;
  /**
   * When the configuration was last updated (ISO 8601 UTC).
   * @format date-time
   * @readOnly
   */
  updated?: string;
  /** Whether the configuration is enabled. On update, an omitted `enabled` disables it. */
  enabled?: boolean;
  /**
   * Type of event that triggers the alert, e.g. OUTSIDE_METRIC_THRESHOLD, HOST_DOWN, NO_PRIMARY,
   * TOO_FEW_HEALTHY_MEMBERS. Rule event-type-name checks the value.
   */
  eventTypeName: string;
}

interface AlertConfigTail {
  /**
   * Legacy alert category (AGENT, BACKUP, HOST, REPLICA_SET…), still present in some responses.
   * @deprecated the server ignores it; remove it.
   */
  typeName?: string;
  /**
   * Links to related resources.
   * @readOnly
   */
  links?: Link[];
}
