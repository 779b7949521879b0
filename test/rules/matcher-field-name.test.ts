import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lintDoc } from '../helpers';

const RULE = 'matcher-field-name';

async function hits(text: string, kind: Kind = 'alert-config') {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const doc = (event: string, ...fields: string[]) => `eventTypeName: ${event}
enabled: true
matchers:
${fields.map((f) => `  - fieldName: ${f}\n    operator: EQUALS\n    value: x\n`).join('')}notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;

describe(RULE, () => {
  it.each([
    ['host fields on a host event', doc('HOST_DOWN', 'HOSTNAME', 'PORT', 'HOSTNAME_AND_PORT', 'REPLICA_SET_NAME')],
    ['TYPE_NAME on a metric event', doc('OUTSIDE_METRIC_THRESHOLD', 'TYPE_NAME')],
    ['replica set fields on a replica set event', doc('NO_PRIMARY', 'REPLICA_SET_NAME', 'SHARD_NAME', 'CLUSTER_NAME')],
    ['cluster fields on a cluster event', doc('SHARD_ADDED', 'CLUSTER_NAME', 'SHARD_NAME')],
    ['an unknown fieldName (the schema says so)', doc('NO_PRIMARY', 'HOST')],
    ['matchers on an event without target (matchers-not-allowed says so)', doc('JOINED_GROUP', 'HOSTNAME')],
    ['an Atlas-only event', doc('HOST_MONGOT_CRASHING_OOM', 'CLUSTER_NAME')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['HOSTNAME on a replica set event', doc('NO_PRIMARY', 'HOSTNAME'), 'alert-config', [[4, 16, 'error']]],
    ['SHARD_NAME on a host event', doc('HOST_DOWN', 'HOSTNAME', 'SHARD_NAME'), 'alert-config', [[7, 16, 'error']]],
    ['REPLICA_SET_NAME on a cluster event', doc('CLUSTER_MONGOS_IS_MISSING', 'REPLICA_SET_NAME'), 'alert-config', [[4, 16, 'error']]],
    ['TYPE_NAME on a replica set event, globally', doc('TOO_MANY_ELECTIONS', 'TYPE_NAME').replace('enabled: true\n', 'enabled: true\nforAllGroups: true\n'), 'global-alert-config', [[5, 16, 'error']]],
  ] as [string, string, Kind, unknown[]][])('reports %s', async (_name, text, kind, expected) => {
    expect(await hits(text, kind)).toEqual(expected);
  });

  it('names the accepted fields', async () => {
    const [d] = (await lintDoc(doc('NO_PRIMARY', 'PORT'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('REPLICA_SET_NAME, SHARD_NAME, CLUSTER_NAME');
  });
});
