// Large automation configurations built in memory, and the automation-config rules, for the
// scaling test (test/automation-scaling.test.ts) and the benchmark (bench/automation-rules.ts).
import type { DocumentRule, RuleContext } from '../src/core/types';
import { DocumentFacts } from '../src/core/facts';
import agentVersionsUrls from '../rules/agent-versions-urls';
import authKeyfile from '../rules/auth-keyfile';
import authSchemaVersion from '../rules/auth-schema-version';
import buildPlatformFields from '../rules/build-platform-fields';
import downloadBase from '../rules/download-base';
import duplicateProcess from '../rules/duplicate-process';
import featureCompatibilityVersion from '../rules/feature-compatibility-version';
import logRotate from '../rules/log-rotate';
import processVersionDefined from '../rules/process-version-defined';
import replicaSetMembers from '../rules/replica-set-members';
import replicaSetVoting from '../rules/replica-set-voting';
import shardingReferences from '../rules/sharding-references';
import tlsClientCertificate from '../rules/tls-client-certificate';
import tlsModeSpelling from '../rules/tls-mode-spelling';
import writeConcernWtimeout from '../rules/write-concern-wtimeout';

export const AUTOMATION_RULES: DocumentRule[] = [
  processVersionDefined, duplicateProcess, replicaSetMembers, replicaSetVoting, shardingReferences,
  authSchemaVersion, featureCompatibilityVersion, authKeyfile, downloadBase, logRotate,
  writeConcernWtimeout, buildPlatformFields, agentVersionsUrls, tlsClientCertificate, tlsModeSpelling,
];

const VERSIONS = Array.from({ length: 40 }, (_, i) => `${4 + Math.floor(i / 10)}.${(i % 10) % 3 === 0 ? 0 : 2}.${i}`);

function mongod(name: string, host: string, port: number, replSetName: string, version: string, clusterRole?: string) {
  return {
    name,
    hostname: host,
    processType: 'mongod',
    version,
    featureCompatibilityVersion: version.split('.').slice(0, 2).join('.'),
    authSchemaVersion: 5,
    logRotate: { sizeThresholdMB: 1000, timeThresholdHrs: 24, numUncompressed: 5, numTotal: 10, percentOfDiskspace: 0.4 },
    defaultRWConcern: { defaultWriteConcern: { w: 'majority', wtimeout: 5000 } },
    args2_6: {
      net: { port, tls: { mode: 'requireTLS' } },
      replication: { replSetName },
      ...(clusterRole ? { sharding: { clusterRole } } : {}),
      storage: { dbPath: `/data/${name}` },
      systemLog: { destination: 'file', path: `/data/${name}/mongod.log` },
    },
  };
}

const member = (i: number, host: string) => ({ _id: i, host, priority: i === 2 ? 0 : 1, votes: 1, hidden: i === 2 });

/**
 * An automation configuration with about `processes` processes, in sharded clusters of ten
 * (two 3-member shards, a 3-member config server replica set, one mongos). Every hundredth
 * cluster carries mistakes, so the reporting paths are exercised too.
 */
export function buildAutomationConfig(processes: number): Record<string, unknown> {
  const procs: unknown[] = [];
  const replicaSets: unknown[] = [];
  const sharding: unknown[] = [];
  for (let c = 0; c * 10 < processes; c++) {
    const cluster = `cluster-${c}`;
    const version = VERSIONS[c % VERSIONS.length];
    const broken = c % 100 === 99;
    const parts: [string, string | undefined][] = [[`${cluster}-config`, 'configsvr'], [`${cluster}-shard-0`, 'shardsvr'], [`${cluster}-shard-1`, 'shardsvr']];
    for (const [rs, role] of parts) {
      const members = [0, 1, 2].map((i) => {
        const name = `${rs}-${i}`;
        procs.push(mongod(name, `${name}.example.net`, 27017 + i, broken && i === 1 ? `${rs}-typo` : rs, version, role));
        return member(i, broken && i === 2 ? `${name}.example.net:27019` : name);
      });
      replicaSets.push({ _id: rs, protocolVersion: '1', members });
    }
    procs.push({
      name: `${cluster}-mongos`,
      hostname: `${cluster}-mongos.example.net`,
      processType: 'mongos',
      cluster: broken ? `${cluster}-x` : cluster,
      version,
      featureCompatibilityVersion: version.split('.').slice(0, 2).join('.'),
      authSchemaVersion: broken ? 3 : 5,
      args2_6: { net: { port: 27017, tls: { mode: broken ? 'requireSSL' : 'requireTLS' } }, systemLog: { destination: 'file', path: '/var/log/mongos.log' } },
    });
    sharding.push({
      name: cluster,
      configServerReplica: `${cluster}-config`,
      shards: [0, 1].map((s) => ({ _id: `${cluster}-sh${s}`, rs: broken && s === 1 ? `${cluster}-shard-9` : `${cluster}-shard-${s}` })),
    });
  }
  return {
    version: 1,
    options: { downloadBase: '/var/lib/mongodb-mms-automation' },
    mongoDbVersions: VERSIONS.map((name) => ({
      name,
      builds: [{ platform: 'linux', url: `https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-${name}.tgz`, gitVersion: 'abc', architecture: 'amd64', modules: [] }],
    })),
    auth: { disabled: false, autoUser: 'mms-automation', keyfile: '/var/lib/mongodb-mms-automation/keyfile' },
    tls: { CAFilePath: '/etc/ssl/ca.pem', clientCertificateMode: 'OPTIONAL' },
    processes: procs,
    replicaSets,
    sharding,
  };
}

/** Runs every automation rule on a document, sharing `facts` as the engine does; returns the number of findings. */
export function runAutomationRules(value: unknown, facts = new DocumentFacts(value)): number {
  let findings = 0;
  const ctx: RuleContext = {
    value,
    facts,
    kind: 'automation-config',
    filePath: 'bench.json',
    options: { now: new Date(0), secretPlaceholders: [] },
    isTemplate: () => false,
    report: () => {
      findings++;
    },
  };
  for (const rule of AUTOMATION_RULES) rule.check(ctx);
  return findings;
}

/**
 * A view of `value` that counts every property read, key listing and descriptor lookup: the
 * rules' work on the document, independent of machine speed.
 */
export function countingView<T>(value: T): { view: T; reads: () => number } {
  let reads = 0;
  const views = new WeakMap<object, object>();
  const wrap = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    let p = views.get(v);
    if (!p) {
      p = new Proxy(v, {
        get(target, key, receiver) {
          reads++;
          return wrap(Reflect.get(target, key, receiver));
        },
        has(target, key) {
          reads++;
          return Reflect.has(target, key);
        },
        ownKeys(target) {
          reads++;
          return Reflect.ownKeys(target);
        },
        getOwnPropertyDescriptor(target, key) {
          reads++;
          return Reflect.getOwnPropertyDescriptor(target, key);
        },
      });
      views.set(v, p);
    }
    return p;
  };
  return { view: wrap(value) as T, reads: () => reads };
}
