// Global alert configuration: body of PUT /globalAlertConfigs/{ID}, or a resource as GET returns it
// (API-SPEC "Global alert configuration").
import type { AlertConditions } from './alert-common';
import type { Link } from './common';

/**
 * A global alert configuration: an alert configuration that applies to all projects, or to the
 * projects in `groupIds`. Response-only fields (id, created, updated, links) are ignored on write.
 * @title Ops Manager global alert configuration
 */
export type GlobalAlertConfig = GlobalAlertConfigTail & AlertConditions & GlobalAlertConfigHead;

// The schema lists the head, AlertConditions, then the tail: the generator reads an intersection's
// members last first, hence their order above (test/generated-fresh.test.ts holds the schema).
interface GlobalAlertConfigHead {
  /**
   * Identifier of the configuration.
   * @readOnly
   */
  id?: string;
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
  /** Whether the configuration is enabled. */
  enabled?: boolean;
  /**
   * Type of event that triggers the alert, e.g. BACKUP_AGENT_DOWN, OUTSIDE_METRIC_THRESHOLD. Rule
   * event-type-name checks the value.
   */
  eventTypeName: string;
  /**
   * True: the configuration applies to all projects (`tags` may narrow it). False: only to the
   * projects in `groupIds` (at least one; `tags` not allowed).
   */
  forAllGroups: boolean;
  /** Projects the configuration applies to when forAllGroups is false. */
  groupIds?: string[];
  /** Tags of the projects targeted when forAllGroups is true. */
  tags?: string[];
}

interface GlobalAlertConfigTail {
  /**
   * Legacy alert category (AGENT, BACKUP, HOST…).
   * @deprecated the server ignores it; remove it.
   */
  typeName?: string;
  /**
   * Links to related resources.
   * @readOnly
   */
  links?: Link[];
}
