// Alert acknowledgement: PATCH /groups/{PROJECT-ID}/alerts/{ALERT-ID} body (API-SPEC endpoint 5).
// acknowledgedUntil is not required: omitting it removes the acknowledgement, which rule
// acknowledgement-until reports as info.

/**
 * Acknowledges an alert until a time, or removes the acknowledgement when acknowledgedUntil is
 * omitted.
 * @title Ops Manager alert acknowledgement
 */
export interface AlertAcknowledgement {
  /**
   * Acknowledge the alert until this time (ISO 8601 UTC). A time about 100 years ahead
   * acknowledges it for good; omit it to remove the acknowledgement.
   * @format date-time
   */
  acknowledgedUntil?: string;
  /** Comment on the acknowledgement. */
  acknowledgementComment?: string;
}
