// Small automation configurations for the docs examples of the transition rules: a three-member
// replica set whose versions, FCVs and members an example sets, so that a base and a new document
// differ only in what the example is about.

export interface ExampleProcess {
  name: string;
  version: string;
  fcv: string;
  /** args2_6.replication.replSetName (default rs0). */
  replSetName?: string;
  processType?: string;
  /** Default db<index>.example.net. */
  hostname?: string;
  /** Extra YAML lines under the process (indented by 4). */
  extra?: string;
}

export interface ExampleMember {
  id: number;
  host: string;
  votes?: number;
}

const versionEntry = (v: string) => `  - name: ${v}\n    builds:\n      - platform: linux\n        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-${v}.tgz\n        gitVersion: "0000000000000000000000000000000000000000"\n        architecture: amd64\n        modules: []\n`;

/** A replica set rs0 of the given processes and members, as an automation configuration in YAML. */
export function replicaSetExample(processes: ExampleProcess[], members?: ExampleMember[], head = ''): string {
  const versions = [...new Set(processes.map((p) => p.version))];
  const list: ExampleMember[] = members ?? processes.map((p, i) => ({ id: i, host: p.name }));
  return (
    `version: 12\n${head}options:\n  downloadBase: /var/lib/mongodb-mms-automation\nmongoDbVersions:\n${versions.map(versionEntry).join('')}processes:\n` +
    processes
      .map((p, i) =>
        `  - name: ${p.name}\n    hostname: ${p.hostname ?? `db${i}.example.net`}\n    processType: ${p.processType ?? 'mongod'}\n    version: ${p.version}\n    featureCompatibilityVersion: "${p.fcv}"\n    authSchemaVersion: 5\n` +
        `    args2_6:\n      net:\n        port: 27017\n      replication:\n        replSetName: ${p.replSetName ?? 'rs0'}\n      storage:\n        dbPath: /data/rs0\n${p.extra ?? ''}`,
      )
      .join('') +
    `replicaSets:\n  - _id: rs0\n    protocolVersion: "1"\n    members:\n` +
    list.map((m) => `      - _id: ${m.id}\n        host: ${m.host}\n        priority: ${m.votes === 0 ? 0 : 1}\n        votes: ${m.votes ?? 1}\n`).join('')
  );
}

/** Three processes rs0-0..rs0-2 at one version and FCV. */
export const threeMembers = (version: string, fcv: string, extra?: string): ExampleProcess[] =>
  [0, 1, 2].map((i) => ({ name: `rs0-${i}`, version, fcv, extra }));

/** The same processes with the first one changed: an example about one process. */
export const withFirst = (processes: ExampleProcess[], patch: Partial<ExampleProcess>): ExampleProcess[] =>
  processes.map((p, i) => (i === 0 ? { ...p, ...patch } : p));

/** One standalone mongod (no replica set) at a version and FCV. */
export function standaloneExample(version: string, fcv: string): string {
  return (
    `version: 12\noptions:\n  downloadBase: /var/lib/mongodb-mms-automation\nmongoDbVersions:\n${versionEntry(version)}processes:\n` +
    `  - name: standalone-0\n    hostname: db0.example.net\n    processType: mongod\n    version: ${version}\n    featureCompatibilityVersion: "${fcv}"\n    authSchemaVersion: 5\n` +
    `    args2_6:\n      net:\n        port: 27017\n      storage:\n        dbPath: /data/db\nreplicaSets: []\n`
  );
}
