// The links model: every name and every reference, with the pointer of the name's string.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { alertConfigLinks, automationLinks, integrationLinks, linksOf } from '../../src/model/automation-links';

const CONFIG = {
  processes: [
    { name: 'rs0_0', processType: 'mongod', version: '7.0.12', args2_6: { replication: { replSetName: 'rs0' } } },
    { name: 'rs0_1', processType: 'mongod', version: '7.0.12', args2_6: { replication: { replSetName: 'rs0' } } },
    { name: 'cfg_0', processType: 'mongod', version: '7.0.12', args2_6: { replication: { replSetName: 'cfg' } } },
    { name: 'mongos_0', processType: 'mongos', version: '7.0.12', cluster: 'sh0' },
  ],
  replicaSets: [
    { _id: 'rs0', members: [{ _id: 0, host: 'rs0_0' }, { _id: 1, host: 'rs0_1' }] },
    { _id: 'cfg', members: [{ _id: 0, host: 'cfg_0' }] },
  ],
  sharding: [{ name: 'sh0', configServerReplica: 'cfg', shards: [{ _id: 'shard0', rs: 'rs0' }] }],
  mongoDbVersions: [{ name: '7.0.12', builds: [] }],
};

describe('automation links', () => {
  it('lists every named entity with the pointer of its name', () => {
    const { entities } = automationLinks(CONFIG);
    expect(entities.map((e) => `${e.target} ${e.name} ${e.pointer}`)).toEqual([
      'process rs0_0 /processes/0/name',
      'process rs0_1 /processes/1/name',
      'process cfg_0 /processes/2/name',
      'process mongos_0 /processes/3/name',
      'replica-set rs0 /replicaSets/0/_id',
      'replica-set cfg /replicaSets/1/_id',
      'sharded-cluster sh0 /sharding/0/name',
      'mongodb-version 7.0.12 /mongoDbVersions/0/name',
    ]);
  });

  it('lists every reference by the field that holds it', () => {
    const refs = automationLinks(CONFIG).references.map((r) => `${r.via} ${r.name} ${r.pointer}`);
    expect(refs).toContain('member-host rs0_1 /replicaSets/0/members/1/host');
    expect(refs).toContain('repl-set-name rs0 /processes/0/args2_6/replication/replSetName');
    expect(refs).toContain('mongos-cluster sh0 /processes/3/cluster');
    expect(refs).toContain('shard-rs rs0 /sharding/0/shards/0/rs');
    expect(refs).toContain('config-server-replica cfg /sharding/0/configServerReplica');
    expect(refs.filter((r) => r.startsWith('process-version 7.0.12'))).toHaveLength(4);
    expect(refs).toHaveLength(4 + 3 + 3 + 1 + 1 + 1);
  });

  it('only a mongos names its cluster; broken values are skipped, never thrown on', () => {
    const links = automationLinks({ processes: [{ name: 'a', processType: 'mongod', cluster: 'x' }, 7, null], replicaSets: 'no', mongoDbVersions: [{ name: 5 }] });
    expect(links.references).toEqual([]);
    expect(links.entities.map((e) => e.name)).toEqual(['a']);
    expect(automationLinks(null)).toEqual({ entities: [], references: [] });
  });

  it('a WEBHOOK notification without its URL refers to the WEBHOOK integration', () => {
    const refs = alertConfigLinks({
      eventTypeName: 'HOST_DOWN',
      notifications: [{ typeName: 'WEBHOOK' }, { typeName: 'WEBHOOK', webhookUrl: 'https://x.example/h' }, { typeName: 'EMAIL' }],
    }).references;
    expect(refs.map((r) => r.pointer)).toEqual(['/notifications/0/typeName']);
    expect(integrationLinks({ type: 'WEBHOOK', url: 'https://x.example' }).entities).toEqual([
      { target: 'webhook-integration', name: 'WEBHOOK', pointer: '/type', owner: '' },
    ]);
    expect(integrationLinks({ type: 'SLACK' }).entities).toEqual([]);
    expect(linksOf('maintenance-window', {})).toEqual({ entities: [], references: [] });
  });

  it('resolves a real automation configuration (mongodb-kubernetes bug-hunt fixed-ac.json: rs0 of 3 members)', () => {
    const real = JSON.parse(readFileSync('../shared/corpus/automation-config/mck__bug-hunt__artifacts__fixed-ac.json', 'utf8'));
    const links = automationLinks(real);
    const names = new Set(links.entities.map((e) => `${e.target}:${e.name}`));
    const hosts = links.references.filter((r) => r.via === 'member-host');
    expect(hosts.length).toBe(3);
    expect(links.references.filter((r) => r.via === 'repl-set-name').map((r) => r.name)).toEqual(['rs0', 'rs0', 'rs0']);
    expect(names.has(`mongodb-version:7.0.12`)).toBe(true);
    for (const r of hosts) expect(names.has(`process:${r.name}`)).toBe(true);
  });
});
