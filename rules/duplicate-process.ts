// Process names identify processes everywhere (replica set members, status, alerts), and two
// processes cannot listen on one host and port.
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { topologyOf, sharedAddresses } from '../src/model/automation-topology';

export default defineRule({
  meta: {
    id: 'duplicate-process',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    description: 'Two processes with one name, or two on the same hostname and args2_6.net.port.',
    messages: {
      samePort: 'Process {{detail}} listens on {{hostname}}:{{port}}, like processes[{{index}}]{{detail2}}; two processes cannot bind one port. Give one of them another args2_6.net.port.',
      sameName: 'Process name {{name}} is already used by processes[{{index}}]; process names must be unique. Rename one of them (and its replica set member host).',
    },
    docs: {
      versions: 'every version: the rule reads no version.',
      why:
        'A process `name` is the key by which replica set members, automation status and the agent find a process; ' +
        'two processes with one name make the configuration ambiguous and OM rejects it. Two processes on the same ' +
        '`hostname` and `args2_6.net.port` cannot both start: the second fails to bind the port.',
      bad: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions:
  - name: 7.0.12
    builds:
      - platform: linux
        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-7.0.12.tgz
        gitVersion: b6513ce0781db6818e24619e8a461eae90bc94fc
        architecture: amd64
        modules: []
processes:
  - name: reports-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
      storage:
        dbPath: /data/reports
      systemLog:
        destination: file
        path: /data/reports/mongod.log
  - name: billing-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
      storage:
        dbPath: /data/billing
      systemLog:
        destination: file
        path: /data/billing/mongod.log
replicaSets: []
sharding: []
`,
      good: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions:
  - name: 7.0.12
    builds:
      - platform: linux
        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-7.0.12.tgz
        gitVersion: b6513ce0781db6818e24619e8a461eae90bc94fc
        architecture: amd64
        modules: []
processes:
  - name: reports-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
      storage:
        dbPath: /data/reports
      systemLog:
        destination: file
        path: /data/reports/mongod.log
  - name: billing-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27018
      storage:
        dbPath: /data/billing
      systemLog:
        destination: file
        path: /data/billing/mongod.log
replicaSets: []
sharding: []
`,
    },
  },
  check(ctx) {
    const t = topologyOf(ctx.facts);
    for (const p of t.processes) {
      if (p.name === undefined) continue;
      // The topology keeps the first process of each name.
      const first = t.processesByName.get(p.name)!;
      if (first !== p) {
        ctx.report({
          pointer: joinPointer(p.pointer, 'name'),
          messageId: 'sameName',
          data: { name: JSON.stringify(p.name), index: first.index },
        });
      }
    }
    for (const atAddress of sharedAddresses(ctx.facts)) {
      const first = atAddress[0];
      for (let i = 1; i < atAddress.length; i++) {
        const p = atAddress[i];
        ctx.report({
          pointer: joinPointer(p.pointer, 'args2_6', 'net', 'port'),
          messageId: 'samePort',
          data: { detail: JSON.stringify(p.name ?? `processes[${p.index}]`), hostname: p.hostname, port: p.port, index: first.index, detail2: first.name === undefined ? '' : ` (${JSON.stringify(first.name)})` },
        });
      }
    }
  },
});
