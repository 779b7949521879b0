import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lintDoc } from '../helpers';

const RULE = 'event-type-name';

async function hits(text: string, kind: Kind = 'alert-config') {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const project = (event: string) => `enabled: true
eventTypeName: ${event}
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;
const global = (event: string) => `enabled: true
eventTypeName: ${event}
forAllGroups: true
notifications:
  - typeName: ADMIN
    delayMin: 0
    intervalMin: 60
`;

describe(RULE, () => {
  it.each([
    ['a host event', project('HOST_DOWN'), 'alert-config'],
    ['a metric event', project('INSIDE_METRIC_THRESHOLD'), 'alert-config'],
    ['a replica set event', project('NO_PRIMARY'), 'alert-config'],
    ['the older MULTI_FACTOR spelling', project('USERS_WITHOUT_MULTI_FACTOR_AUTH'), 'alert-config'],
    ['a team event of project scope', project('TEAM_ADDED_TO_GROUP'), 'alert-config'],
    ['a global-only backup event in a global configuration', global('RS_BIND_ERROR'), 'global-alert-config'],
    ['BACKUP_TOO_MANY_RETRIES globally', global('BACKUP_TOO_MANY_RETRIES'), 'global-alert-config'],
    ['an organization event in a global configuration', global('ORG_RENAMED'), 'global-alert-config'],
    ['no eventTypeName (the schema says so)', 'enabled: true\nnotifications: []\n', 'alert-config'],
  ] as [string, string, Kind][])('accepts %s', async (_name, text, kind) => {
    expect(await hits(text, kind)).toEqual([]);
  });

  it.each([
    ['a typo', project('HOST_DOWNN'), 'alert-config', [[2, 16, 'warning']]],
    ['wrong case', project('host_down'), 'alert-config', [[2, 16, 'warning']]],
    ['an Atlas-only event', project('REPLICATION_OPLOG_WINDOW_RUNNING_OUT'), 'alert-config', [[2, 16, 'warning']]],
    ['an alert category', project('REPLICA_SET'), 'alert-config', [[2, 16, 'warning']]],
    ['a global-only event in a project', project('BACKUP_IN_UNEXPECTED_STATE'), 'alert-config', [[2, 16, 'warning']]],
    ['an organization event in a project', project('ORG_RENAMED'), 'alert-config', [[2, 16, 'warning']]],
    ['an organization-only event globally', global('ORG_API_KEY_ADDED'), 'global-alert-config', [[2, 16, 'warning']]],
  ] as [string, string, Kind, unknown[]][])('reports %s', async (_name, text, kind, expected) => {
    expect(await hits(text, kind)).toEqual(expected);
  });

  it('offers the near name', async () => {
    const [d] = (await lintDoc(project('HOST_DOWNN'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('Did you mean HOST_DOWN?');
    expect(d.fixable).toBe(false);
    expect(d.suggestions?.length).toBe(1);
  });

  it('calls an Atlas-only event Atlas-only', async () => {
    const [d] = (await lintDoc(project('CPS_SNAPSHOT_BEHIND'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('Atlas-only');
  });

  it('names the scope of an event from another scope', async () => {
    const [d] = (await lintDoc(project('RS_BIND_ERROR'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('global');
  });
});
