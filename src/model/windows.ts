// Maintenance-window alert types (mongocli internal/usage/usage.go, DOMAIN §2).
export const WINDOW_ALERT_TYPES = ['HOST', 'REPLICA_SET', 'CLUSTER', 'AGENT', 'BACKUP'] as const;
export type WindowAlertType = (typeof WINDOW_ALERT_TYPES)[number];
