import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATLAS_ONLY_EVENT_TYPES, EVENT_TYPES, eventInScope, MATCHER_FIELDS_BY_TARGET } from '../../src/model/events';
import { METRICS, metricInfo, unitFitsMetric } from '../../src/model/metrics';
import { MATCHER_FIELD_NAMES } from '../../src/model/matchers';
import { NOTIFICATION_FIELDS, NOTIFICATION_TYPES, notificationTypesFor } from '../../src/model/notifications';

describe('events', () => {
  it('keeps Atlas-only names apart from Ops Manager names', () => {
    for (const name of ATLAS_ONLY_EVENT_TYPES) expect(EVENT_TYPES.has(name), name).toBe(false);
  });

  it('knows the global-only backup events for global configurations only', () => {
    for (const name of ['RS_BIND_ERROR', 'BACKUP_TOO_MANY_RETRIES', 'BACKUP_IN_UNEXPECTED_STATE']) {
      expect(eventInScope(name, 'global'), name).toBeDefined();
      expect(eventInScope(name, 'project'), name).toBeUndefined();
    }
  });

  it('gives targets and thresholds', () => {
    expect(EVENT_TYPES.get('HOST_DOWN')?.target).toBe('host');
    expect(EVENT_TYPES.get('NO_PRIMARY')?.target).toBe('replica-set');
    expect(EVENT_TYPES.get('SHARD_ADDED')?.target).toBe('sharded-cluster');
    expect(EVENT_TYPES.get('BACKUP_AGENT_DOWN')?.target).toBe('other');
    expect(EVENT_TYPES.get('OUTSIDE_METRIC_THRESHOLD')?.metricThreshold).toBe('required');
    expect(EVENT_TYPES.get('TOO_FEW_HEALTHY_MEMBERS')?.threshold).toBe('required');
    expect(EVENT_TYPES.get('TOO_MANY_ELECTIONS')?.threshold).toBe('accepted');
  });

  it('uses matcher field names of the shared vocabulary', () => {
    for (const fields of Object.values(MATCHER_FIELDS_BY_TARGET)) {
      for (const f of fields) expect(MATCHER_FIELD_NAMES).toContain(f);
    }
  });
});

describe('metrics', () => {
  it('accepts both spellings of the write tickets', () => {
    expect(METRICS.has('TICKETS_AVAILABLE_WRITE')).toBe(true);
    expect(METRICS.has('TICKETS_AVAILABLE_WRITES')).toBe(true);
    expect(METRICS.has('ASSERTS_REGULAR')).toBe(false);
  });

  it('lets RAW measure everything and unknown families take anything', () => {
    for (const info of METRICS.values()) expect(unitFitsMetric(info, 'raw')).toBe(true);
    expect(unitFitsMetric(metricInfo('DISK_PARTITION_SPACE_USED_DATA')!, 'data')).toBe(true);
    expect(unitFitsMetric(metricInfo('MEMORY_RESIDENT')!, 'time')).toBe(false);
  });
});

describe('notifications', () => {
  it('lists the scopes of RULES.md', () => {
    expect([...notificationTypesFor('global')].sort()).toEqual(
      ['ADMIN', 'GROUP', 'USER', 'SNMP', 'EMAIL', 'SMS', 'HIPCHAT', 'HIP_CHAT', 'SLACK', 'PAGER_DUTY', 'WEBHOOK', 'MICROSOFT_TEAMS'].sort(),
    );
    // FLOWDOCK is accepted (and reported as discontinued by deprecated-notification-type).
    expect([...notificationTypesFor('project')].sort()).toEqual(
      ['DATADOG', 'EMAIL', 'GROUP', 'HIPCHAT', 'HIP_CHAT', 'ORG', 'PAGER_DUTY', 'SLACK', 'SMS', 'SNMP', 'USER', 'WEBHOOK',
        'MICROSOFT_TEAMS', 'OPS_GENIE', 'VICTOR_OPS', 'TEAM', 'FLOWDOCK'].sort(),
    );
  });

  it('uses only fields the schema knows', () => {
    const schema = JSON.parse(readFileSync(path.resolve(__dirname, '../../schemas/alert-config.schema.json'), 'utf8'));
    const defs = schema.definitions ?? schema.$defs ?? {};
    const notification = Object.values<any>(defs).find((d) => d?.properties?.typeName && d?.properties?.emailEnabled);
    expect(notification).toBeDefined();
    for (const field of NOTIFICATION_FIELDS) expect(Object.keys(notification.properties), field).toContain(field);
  });

  it('has no field both required and optional', () => {
    for (const [type, info] of Object.entries(NOTIFICATION_TYPES)) {
      for (const f of info.required) expect(info.optional, `${type}.${f}`).not.toContain(f);
    }
  });
});
