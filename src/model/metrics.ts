// metricThreshold.metricName values and the unit family each can be measured in (API-SPEC
// "Metric names", DOMAIN §4). No source maps metrics to units; the families below are inferred
// from each metric's meaning and set only where that meaning is unambiguous (DESIGN: a rule must
// not fire on a working document, so doubtful metrics are 'unknown' and never checked).
import type { UnitFamily } from './units';

/**
 * data: a size or a size per time (take data units); time: a duration (take time units);
 * raw: a count, rate, ratio or percentage (RAW only); unknown: not checked.
 */
export type MetricFamily = 'data' | 'time' | 'raw' | 'unknown';
/** What a raw metric counts, for messages. */
export type RawMeasure = 'count' | 'rate' | 'ratio' | 'percent';

export interface MetricInfo {
  family: MetricFamily;
  measure?: RawMeasure;
}

const data = (): MetricInfo => ({ family: 'data' });
const time = (): MetricInfo => ({ family: 'time' });
const raw = (measure: RawMeasure): MetricInfo => ({ family: 'raw', measure });
const unknown = (): MetricInfo => ({ family: 'unknown' });

const ENTRIES: Record<string, MetricInfo> = {
  // Asserts (per second)
  ASSERT_REGULAR: raw('rate'), ASSERT_WARNING: raw('rate'), ASSERT_MSG: raw('rate'), ASSERT_USER: raw('rate'),
  // Flush: average flush time in milliseconds
  BACKGROUND_FLUSH_AVG: time(),
  // Cache and tickets
  CACHE_BYTES_READ_INTO: data(), CACHE_BYTES_WRITTEN_FROM: data(), CACHE_DIRTY_BYTES: data(),
  CACHE_USED_BYTES: data(),
  TICKETS_AVAILABLE_READS: raw('count'),
  // API-SPEC and possibleValues-api-measurements-host.rst spell it singular, metricName-list.rst plural.
  TICKETS_AVAILABLE_WRITE: raw('count'), TICKETS_AVAILABLE_WRITES: raw('count'),
  CONNECTIONS: raw('count'),
  // Cursors
  CURSORS_TOTAL_OPEN: raw('count'), CURSORS_TOTAL_TIMED_OUT: raw('rate'),
  CURSORS_TOTAL_CLIENT_CURSORS_SIZE: raw('count'),
  // Storage and disk. DISK_PARTITION_SPACE_USED_*: the docs example uses RAW for a percentage,
  // while the name reads as a size, so its family is left unknown.
  DB_DATA_SIZE_TOTAL: data(), DB_STORAGE_TOTAL: data(), LOGICAL_SIZE: data(),
  DISK_PARTITION_SPACE_USED_DATA: unknown(), DISK_PARTITION_SPACE_USED_INDEX: unknown(),
  DISK_PARTITION_SPACE_USED_JOURNAL: unknown(),
  DISK_PARTITION_UTILIZATION_DATA: raw('percent'), DISK_PARTITION_UTILIZATION_INDEX: raw('percent'),
  DISK_PARTITION_UTILIZATION_JOURNAL: raw('percent'),
  // Memory issues (per second)
  EXTRA_INFO_PAGE_FAULTS: raw('rate'), GLOBAL_ACCESSES_NOT_IN_MEMORY: raw('rate'),
  GLOBAL_PAGE_FAULT_EXCEPTIONS_THROWN: raw('rate'),
  // Locks
  GLOBAL_LOCK_CURRENT_QUEUE_READERS: raw('count'), GLOBAL_LOCK_CURRENT_QUEUE_TOTAL: raw('count'),
  GLOBAL_LOCK_CURRENT_QUEUE_WRITERS: raw('count'), GLOBAL_LOCK_PERCENTAGE: raw('percent'),
  // Index counters
  INDEX_COUNTERS_BTREE_ACCESSES: raw('rate'), INDEX_COUNTERS_BTREE_HITS: raw('rate'),
  INDEX_COUNTERS_BTREE_MISSES: raw('rate'), INDEX_COUNTERS_BTREE_MISS_RATIO: raw('ratio'),
  // Journaling
  JOURNALING_COMMITS_IN_WRITE_LOCK: raw('count'), JOURNALING_MB: data(), JOURNALING_WRITE_DATA_FILES_MB: data(),
  // Memory
  MEMORY_RESIDENT: data(), MEMORY_VIRTUAL: data(), MEMORY_MAPPED: data(), COMPUTED_MEMORY: data(),
  SYSTEM_MEMORY_USED: data(), SYSTEM_MEMORY_FREE: data(), SYSTEM_MEMORY_AVAILABLE: data(),
  SWAP_USAGE_USED: data(), SWAP_USAGE_FREE: data(),
  // Network
  NETWORK_BYTES_IN: data(), NETWORK_BYTES_OUT: data(), NETWORK_NUM_REQUESTS: raw('rate'),
  SYSTEM_NETWORK_BYTES_IN: data(), SYSTEM_NETWORK_BYTES_OUT: data(),
  // CPU
  NORMALIZED_SYSTEM_CPU_USER: raw('percent'),
  // Operation counters (per second)
  OPCOUNTER_CMD: raw('rate'), OPCOUNTER_QUERY: raw('rate'), OPCOUNTER_UPDATE: raw('rate'),
  OPCOUNTER_DELETE: raw('rate'), OPCOUNTER_GETMORE: raw('rate'), OPCOUNTER_INSERT: raw('rate'),
  OPCOUNTER_REPL_CMD: raw('rate'), OPCOUNTER_REPL_UPDATE: raw('rate'), OPCOUNTER_REPL_DELETE: raw('rate'),
  OPCOUNTER_REPL_INSERT: raw('rate'),
  DOCUMENT_METRICS_RETURNED: raw('rate'), DOCUMENT_METRICS_INSERTED: raw('rate'),
  DOCUMENT_METRICS_UPDATED: raw('rate'), DOCUMENT_METRICS_DELETED: raw('rate'),
  OPERATIONS_SCAN_AND_ORDER: raw('rate'),
  // Execution time (milliseconds)
  OP_EXECUTION_TIME_READS: time(), OP_EXECUTION_TIME_WRITES: time(), OP_EXECUTION_TIME_COMMANDS: time(),
  // Replication log: the oplog window and lags are durations, the rate a size per hour.
  OPLOG_MASTER_TIME: time(), OPLOG_MASTER_LAG_TIME_DIFF: time(), OPLOG_SLAVE_LAG_MASTER_TIME: time(),
  OPLOG_RATE_GB_PER_HOUR: data(),
  RESTARTS_IN_LAST_HOUR: raw('count'),
  // Query executor and targeting
  QUERY_EXECUTOR_SCANNED: raw('rate'), QUERY_EXECUTOR_SCANNED_OBJECTS: raw('rate'),
  QUERY_TARGETING_SCANNED_PER_RETURNED: raw('ratio'), QUERY_TARGETING_SCANNED_OBJECTS_PER_RETURNED: raw('ratio'),
};

export const METRICS: ReadonlyMap<string, MetricInfo> = new Map(Object.entries(ENTRIES));
export const METRIC_NAMES: readonly string[] = Object.keys(ENTRIES);

export function metricInfo(name: unknown): MetricInfo | undefined {
  return typeof name === 'string' ? METRICS.get(name) : undefined;
}

/** Whether a unit of this family can measure the metric. RAW fits every metric. */
export function unitFitsMetric(metric: MetricInfo, unit: UnitFamily): boolean {
  if (unit === 'raw' || metric.family === 'unknown') return true;
  return metric.family === unit;
}
