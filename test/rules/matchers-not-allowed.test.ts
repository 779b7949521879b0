import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lintDoc } from '../helpers';

const RULE = 'matchers-not-allowed';

async function hits(text: string, kind: Kind = 'alert-config') {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const doc = (event: string, matchers: string) => `eventTypeName: ${event}
enabled: true
${matchers}notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;
const hostMatcher = 'matchers:\n  - fieldName: HOSTNAME\n    operator: STARTS_WITH\n    value: db-\n';

describe(RULE, () => {
  it.each([
    ['a host event with matchers', doc('HOST_DOWN', hostMatcher)],
    ['a replica set event with matchers', doc('NO_PRIMARY', 'matchers:\n  - fieldName: REPLICA_SET_NAME\n    operator: EQUALS\n    value: rs0\n')],
    ['a cluster event with matchers', doc('CLUSTER_MONGOS_IS_MISSING', 'matchers:\n  - fieldName: CLUSTER_NAME\n    operator: EQUALS\n    value: c0\n')],
    ['an agent event with an empty list', doc('MONITORING_AGENT_DOWN', 'matchers: []\n')],
    ['an agent event without matchers', doc('MONITORING_AGENT_DOWN', '')],
    ['an Atlas-only event (event-type-name speaks)', doc('CPS_SNAPSHOT_BEHIND', hostMatcher)],
    ['an unknown event (event-type-name speaks)', doc('AGENT_DOWN', hostMatcher)],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['an agent event', doc('MONITORING_AGENT_DOWN', hostMatcher), 'alert-config', [[3, 1, 'error']]],
    ['a user event', doc('JOINED_GROUP', hostMatcher), 'alert-config', [[3, 1, 'error']]],
    [
      'a global backup event',
      `eventTypeName: BACKUP_TOO_MANY_RETRIES\nenabled: true\nforAllGroups: true\n${hostMatcher}notifications:\n  - typeName: ADMIN\n`,
      'global-alert-config',
      [[4, 1, 'error']],
    ],
  ] as [string, string, Kind, unknown[]][])('reports %s', async (_name, text, kind, expected) => {
    expect(await hits(text, kind)).toEqual(expected);
  });
});
