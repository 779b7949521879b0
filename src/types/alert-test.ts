// An alert test: the alert configurations and maintenance windows under test, loaded
// by path, a deployment, its measurements and events over time, and what is expected to have
// happened (docs/alert-tests.md). Run by `omlint test`; linted by `omlint check` as kind alert-test.
import type { DATA_UNITS, RPU_UNITS, TIME_UNITS } from '../model/units';
import type { TYPE_NAME_VALUES } from '../model/matchers';
import type { AGENT_TYPES, HOST_EVENT_TYPES } from '../model/alert-eval';

type Units = 'RAW' | (typeof DATA_UNITS)[number] | (typeof TIME_UNITS)[number] | (typeof RPU_UNITS)[number];

/**
 * A time: a duration after `start` (`90s`, `10m`, `1h30m`, `2d`) or an ISO 8601 UTC timestamp.
 * @pattern ^(?:(?:\d{1,9}[smhdw])+|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)$
 */
type Time = string;

/**
 * A duration: `30s`, `1m`, `1h30m`, `2d`, `1w`.
 * @pattern ^(?:\d{1,9}[smhdw])+$
 */
type Duration = string;

/** The files under test, by path relative to the test file. */
export interface AlertTestLoad {
  /** Project alert configurations (each document of each file). */
  alertConfigs?: string[];
  /** Global alert configurations. */
  globalAlertConfigs?: string[];
  /** Maintenance windows. */
  maintenanceWindows?: string[];
}

/** A MongoDB process of the deployment. */
export interface AlertTestHost {
  /** The name the test uses for it (series, events, expectations); default: its hostname. */
  id?: string;
  hostname: string;
  /** Default 27017. */
  port?: number;
  /** Its role, as TYPE_NAME matchers read it. */
  typeName: (typeof TYPE_NAME_VALUES)[number];
  replicaSetName?: string;
  /** The shard it belongs to (SHARD_NAME matchers). */
  shardName?: string;
  /** The sharded cluster it belongs to (CLUSTER_NAME matchers). */
  clusterName?: string;
}

/** The project and its processes. */
export interface AlertTestDeployment {
  /** The project's id: global configurations with groupIds apply when they name it. */
  groupId?: string;
  /** The project's tags: global configurations with forAllGroups and tags apply when one is here. */
  tags?: string[];
  /** @minItems 1 */
  hosts: AlertTestHost[];
}

/** Something that happens to a host or an agent at a time. */
export interface AlertTestEvent {
  at: Time;
  type: (typeof HOST_EVENT_TYPES)[number];
  /** The host (its id); for AGENT_DOWN and AGENT_UP, the host the agent runs on, if any. */
  host?: string;
  /** AGENT_DOWN and AGENT_UP: which agent (default MONITORING). */
  agent?: (typeof AGENT_TYPES)[number];
}

/** Acknowledging the open alert of a configuration and target at a time. */
export interface AlertTestAcknowledgement {
  at: Time;
  /** The configuration (its name: the file name without the kind, `#n` for the n-th document of a file). */
  config: string;
  /** The host of the alert (its id). */
  host?: string;
  /** The replica set of the alert. */
  replicaSet?: string;
  /** acknowledgedUntil; a time not after `at` removes the acknowledgement. */
  until: Time;
  comment?: string;
  username?: string;
}

/** Deleting a loaded maintenance window at a time (refused once it has ended, as the API refuses it). */
export interface AlertTestWindowDeletion {
  at: Time;
  /** The window's name (its file name without the kind). */
  window: string;
}

/** The assumptions of the evaluator (docs/alert-tests.md), each with its default. */
export interface AlertTestSettings {
  /** Mode AVERAGE: the samples averaged at each evaluation (default 1m: each sample alone). */
  averageWindow?: Duration;
  /** A missing sample: hold the condition (default) or clear it. */
  missingSample?: 'hold' | 'clear';
  /** A TRACKING alert whose condition ends before the delay: CANCELLED (default) or CLOSED. */
  trackingEnds?: 'CANCELLED' | 'CLOSED';
  /** Who is told of a resolution: the channels notified (default), all, or none. */
  resolveNotifies?: 'notified' | 'all' | 'none';
  /** Minutes between repeats when a notification states no intervalMin (default 60). */
  defaultIntervalMin?: number;
  /** When an acknowledgement ends on an open alert: notify at once (default) or at the next interval. */
  acknowledgementEnds?: 'notify' | 'next-interval';
  /** Bytes in a KILOBYTE: 1024 (default) or 1000. */
  dataUnitBase?: 1024 | 1000;
  /** REGEX matchers match the whole value (default) or a part. */
  regexMatch?: 'full' | 'find';
  /** Matchers compare with case (default) or without. */
  matcherCase?: 'sensitive' | 'insensitive';
}

/** An alert expected at the case's time. */
export interface AlertTestExpectedAlert {
  config: string;
  host?: string;
  replicaSet?: string;
  status: 'TRACKING' | 'OPEN' | 'CLOSED';
  /** When given: the time of the last notification. */
  lastNotified?: Time;
  /** When given: the time it was resolved. */
  resolved?: Time;
}

/** A notification expected to have been sent. */
export interface AlertTestExpectedNotification {
  at: Time;
  config: string;
  host?: string;
  replicaSet?: string;
  /** The channel: its type (`SLACK`) or type and address (`SLACK #ops`, `EMAIL dba@example.com`). */
  to: string;
  /** The notice of the alert's resolution (default false). */
  resolved?: boolean;
}

/** One check: what exists and what was sent by a time. */
export interface AlertTestCase {
  name: string;
  /** The time of the check. */
  at: Time;
  /** Exactly the alerts listed at `at` (TRACKING, OPEN, CLOSED; cancelled alerts are not listed), in any order. */
  alerts?: AlertTestExpectedAlert[];
  /** Exactly the notifications sent from `from` to `at`, both included. */
  notifications?: AlertTestExpectedNotification[];
  /** Start of the notifications compared (default: start). */
  from?: Time;
}

/**
 * An alert test: alert configurations and maintenance windows run against a deployment's
 * measurements and events over time, with the alerts and notifications expected.
 * @title omlint alert test
 */
export interface AlertTest {
  /**
   * The time of the first sample (ISO 8601 UTC).
   * @format date-time
   */
  start: string;
  /** The time between two samples of a series (default 1m). */
  step?: Duration;
  load: AlertTestLoad;
  deployment: AlertTestDeployment;
  /** The units the samples of a metric are written in (default BYTES for sizes, MILLISECONDS for durations, RAW). */
  units?: Record<string, Units>;
  /**
   * Samples per host and metric, one per step from `start`: `100 200 5000x10` (promtool's
   * notation: `a+bxn` ramps, `axn` repeats, `_` is a missing sample).
   */
  series?: Record<string, Record<string, string>>;
  events?: AlertTestEvent[];
  acknowledgements?: AlertTestAcknowledgement[];
  windowDeletions?: AlertTestWindowDeletion[];
  settings?: AlertTestSettings;
  /** @minItems 1 */
  cases: AlertTestCase[];
  /** Evaluate until this time (default: the last sample, event or case). */
  until?: Time;
}
