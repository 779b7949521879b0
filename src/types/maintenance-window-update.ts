// Maintenance window update: PATCH /groups/{PROJECT-ID}/maintenanceWindows/{MW-ID} body
// (API-SPEC endpoint 14). At least one field is needed; rule empty-update checks that.
import type { MaintenanceWindowResponseFields } from './maintenance-window';

/**
 * Changes to a maintenance window whose end date is in the future: at least one of
 * alertTypeNames, startDate, endDate, description.
 * @title Ops Manager maintenance window update
 */
export interface MaintenanceWindowUpdate extends MaintenanceWindowResponseFields {
  /** Alert types to silence: HOST, REPLICA_SET, CLUSTER, AGENT, BACKUP. */
  alertTypeNames?: string[];
  /**
   * Start of the window (ISO 8601 UTC), e.g. 2024-05-01T22:00:00Z.
   * @format date-time
   */
  startDate?: string;
  /**
   * End of the window (ISO 8601 UTC); must be after startDate and in the future.
   * @format date-time
   */
  endDate?: string;
  /** Description of the window. */
  description?: string;
}
