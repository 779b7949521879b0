// Alert-configuration matchers (API-SPEC "Alert configuration", endpoint 18).
export const MATCHER_FIELD_NAMES = [
  'TYPE_NAME', 'HOSTNAME', 'PORT', 'HOSTNAME_AND_PORT', 'REPLICA_SET_NAME', 'SHARD_NAME', 'CLUSTER_NAME',
] as const;
export const MATCHER_OPERATORS = [
  'EQUALS', 'NOT_EQUALS', 'CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH', 'ENDS_WITH', 'REGEX',
] as const;
export const TYPE_NAME_VALUES = ['PRIMARY', 'SECONDARY', 'STANDALONE', 'CONFIG', 'MONGOS'] as const;
export const THRESHOLD_OPERATORS = ['GREATER_THAN', 'LESS_THAN'] as const;
export const METRIC_THRESHOLD_MODES = ['AVERAGE'] as const;
export type MatcherFieldName = (typeof MATCHER_FIELD_NAMES)[number];
export type MatcherOperator = (typeof MATCHER_OPERATORS)[number];
export type ThresholdOperator = (typeof THRESHOLD_OPERATORS)[number];
