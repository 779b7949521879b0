// Maintenance window: POST /groups/{PROJECT-ID}/maintenanceWindows/ body (create), or a resource as
// GET returns it (API-SPEC "Maintenance window", endpoint 13).

import type { Link } from './common';

/** Fields of a maintenance window that only responses carry; the server ignores them on write. */
export interface MaintenanceWindowResponseFields {
  /**
   * Identifier of the window.
   * @readOnly
   */
  id?: string;
  /**
   * Project of the window.
   * @readOnly
   */
  groupId?: string;
  /**
   * When the window was created (ISO 8601 UTC).
   * @format date-time
   * @readOnly
   */
  created?: string;
  /**
   * When the window was last updated (ISO 8601 UTC).
   * @format date-time
   * @readOnly
   */
  updated?: string;
  /**
   * Links to related resources.
   * @readOnly
   */
  links?: Link[];
}

/**
 * A maintenance window: turns off alert notifications of the listed alert types between
 * startDate and endDate.
 * @title Ops Manager maintenance window
 */
export interface MaintenanceWindow extends MaintenanceWindowResponseFields {
  /** Alert types to silence: HOST, REPLICA_SET, CLUSTER, AGENT, BACKUP. */
  alertTypeNames: string[];
  /**
   * Start of the window (ISO 8601 UTC), e.g. 2024-05-01T22:00:00Z.
   * @format date-time
   */
  startDate: string;
  /**
   * End of the window (ISO 8601 UTC); must be after startDate and in the future.
   * @format date-time
   */
  endDate: string;
  /** Description of the window. */
  description?: string;
}
