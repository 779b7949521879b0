// Issue 15, items 1 and 2: what a real Ops Manager GET returns, unchanged, gets no error, and the
// rules that depend on a MongoDB version read the version of the process they judge.
import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const errors = async (text: string) =>
  (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.severity === 'error').map((d) => `${d.ruleId} ${d.pointer}`);
const findings = async (text: string, ruleId: string) =>
  (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === ruleId).map((d) => `${d.severity} ${d.pointer}`);

/** A complete one-process configuration; `extra` lines go at the top level, `proc` into the process. */
function config(version: string, proc: string[] = [], extra: string[] = []): string {
  return [
    'version: 7',
    'options: {downloadBase: /var/lib/mongodb-mms-automation}',
    'mongoDbVersions:',
    `  - name: "${version}"`,
    '    builds:',
    `      - {platform: linux, architecture: amd64, gitVersion: 05552b562c7a0b3143a729aaa0838e558dc49b25, url: "https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-${version}.tgz"}`,
    'processes:',
    '  - name: rs_0',
    '    hostname: node1.example.net',
    '    processType: mongod',
    `    version: "${version}"`,
    '    authSchemaVersion: 5',
    ...proc.map((l) => `    ${l}`),
    '    args2_6:',
    '      net: {port: 27000}',
    '      replication: {replSetName: rs}',
    '      storage: {dbPath: /data/rs_0}',
    '      systemLog: {destination: file, path: /data/rs_0/mongodb.log}',
    'replicaSets:',
    '  - _id: rs',
    '    members:',
    '      - {_id: 0, host: rs_0, priority: 1, votes: 1, slaveDelay: 0}',
    'sharding: []',
    ...extra,
  ].join('\n') + '\n';
}

describe('required-field: featureCompatibilityVersion by MongoDB version', () => {
  it.each(['2.6.12', '3.0.9', '3.2.22', '3.2.6-ent'])('is not demanded of a %s process (FCV arrived in 3.4)', async (v) => {
    expect(await errors(config(v))).toEqual([]);
  });

  it.each(['3.4.0', '3.6.23', '4.2.2', '7.0.12-ent', '8.0.4'])('is demanded of a %s process', async (v) => {
    expect(await errors(config(v))).toEqual(['required-field /processes/0']);
  });

  it('is not demanded of a mongos', async () => {
    expect(await errors(config('7.0.12', ['featureCompatibilityVersion: "7.0"']).replace('processType: mongod', 'processType: mongos'))).not.toContain(
      'required-field /processes/0',
    );
  });
});

describe('GET round trip: nulls real GETs return', () => {
  it('monitoringVersions[].baseUrl and backupVersions[].baseUrl may be null', async () => {
    const text = config('3.0.9', [], [
      'monitoringVersions:',
      '  - {hostname: node1.example.net, name: 3.9.1.238-1, baseUrl: null, directoryUrl: null}',
      'backupVersions:',
      '  - {hostname: node1.example.net, name: 3.7.0.396-1, baseUrl: null}',
      'uiBaseUrl: null',
    ]);
    expect(await errors(text)).toEqual([]);
    expect(await findings(text, 'invalid-type')).toEqual([]);
  });

  it('custom roles with roles: null and resource.cluster: null (3.x GET)', async () => {
    const text = config('3.2.22', [], [
      'roles:',
      '  - role: fruitInsertOnly',
      '    db: fruit',
      '    privileges:',
      '      - {resource: {db: fruit, collection: "", cluster: null}, actions: [insert]}',
      '    roles: null',
    ]);
    expect(await errors(text)).toEqual([]);
  });

  it('a non-null baseUrl of the wrong type is still an error', async () => {
    const text = config('3.0.9', [], ['monitoringVersions:', '  - {hostname: node1.example.net, baseUrl: 42}']);
    expect(await errors(text)).toEqual(['invalid-type /monitoringVersions/0/baseUrl']);
  });

  it('a MongoDB 3.0 build without architecture (as OM 2.x/3.x GETs return it) is no error', async () => {
    const text = config('3.0.9').replace('platform: linux, architecture: amd64,', 'platform: linux,');
    expect(await errors(text)).toEqual([]);
    expect(await findings(text, 'build-platform-fields')).toEqual([]);
  });
});

describe('deprecated-field: slaveDelay by MongoDB version', () => {
  it('says nothing of slaveDelay on a process before 5.0 (the only name there)', async () => {
    expect(await findings(config('4.4.29', ['featureCompatibilityVersion: "4.4"']), 'deprecated-field')).toEqual([]);
  });

  it('says nothing of slaveDelay on a 5.0 process still at FCV 4.4 (DOCS-14169: FCV < 5.0 uses slaveDelay)', async () => {
    expect(await findings(config('5.0.30', ['featureCompatibilityVersion: "4.4"']), 'deprecated-field')).toEqual([]);
  });

  it('warns of slaveDelay on a 5.0+ process (secondaryDelaySecs replaced it)', async () => {
    expect(await findings(config('5.0.30', ['featureCompatibilityVersion: "5.0"']), 'deprecated-field')).toEqual([
      'warning /replicaSets/0/members/0/slaveDelay',
    ]);
  });
});
