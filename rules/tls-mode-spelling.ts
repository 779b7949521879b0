// net.tls.mode spelled the SSL way (requireSSL…). Real operator fixtures do this and the agent
// accepts it, so this is information only; the fix writes the TLS spelling.
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { topologyOf, isObject } from '../src/model/automation-topology';
import { NET_TLS_SINCE, compareMajorMinor, parseMajorMinor, tlsSpellingOf } from '../src/model/automation';

export default defineRule({
  meta: {
    id: 'tls-mode-spelling',
    kinds: ['automation-config'],
    defaultSeverity: 'info',
    fixable: true,
    hasSuggestions: true,
    description: 'net.tls.mode with an SSL-era spelling (requireSSL, preferSSL, allowSSL). Fix: the TLS spelling.',
    messages: {
      spelling: 'net.tls.mode {{mode}} is the SSL-era spelling; net.tls spells it {{tls}} (the agent accepts both). Write {{tls2}}.',
    },
    docs: {
      fixes: 'Safe: the net.tls spelling for a process known to run 4.2 or later. Suggestion: the same where the version is unknown or older.',
      versions: 'net.tls exists from MongoDB 4.2: the automatic fix applies only to processes known to run 4.2 or later; others get it as a suggestion.',
      why:
        'Since MongoDB 4.2 the `net.tls` options spell the modes `allowTLS`, `preferTLS` and `requireTLS`; the ' +
        '`…SSL` spellings belong to the older `net.ssl` options. The agent accepts both (the operator\'s own ' +
        'fixtures write `requireSSL` inside `net.tls`), so this is only a consistency hint. The fix is applied ' +
        'automatically for processes of 4.2 or later and offered as a quick fix otherwise.',
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
tls:
  CAFilePath: /etc/mongodb/tls/ca.pem
  clientCertificateMode: OPTIONAL
processes:
  - name: standalone-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
        tls:
          mode: requireSSL
          certificateKeyFile: /etc/mongodb/tls/server.pem
      storage:
        dbPath: /data/db
      systemLog:
        destination: file
        path: /data/db/mongod.log
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
tls:
  CAFilePath: /etc/mongodb/tls/ca.pem
  clientCertificateMode: OPTIONAL
processes:
  - name: standalone-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
        tls:
          mode: requireTLS
          certificateKeyFile: /etc/mongodb/tls/server.pem
      storage:
        dbPath: /data/db
      systemLog:
        destination: file
        path: /data/db/mongod.log
replicaSets: []
sharding: []
`,
    },
  },
  check(ctx) {
    for (const p of topologyOf(ctx.facts).processes) {
      const args = p.value.args2_6;
      if (!isObject(args) || !isObject(args.net) || !isObject(args.net.tls)) continue;
      const mode = args.net.tls.mode;
      if (typeof mode !== 'string') continue;
      const tls = tlsSpellingOf(mode);
      if (!tls) continue;
      const pointer = joinPointer(p.pointer, 'args2_6', 'net', 'tls', 'mode');
      const fix = { title: `Write ${tls}`, ops: [{ op: 'replace' as const, pointer, value: tls }] };
      // Only processes known to run 4.2+ (where net.tls exists natively) get the automatic fix.
      const version = p.version === undefined ? undefined : parseMajorMinor(p.version);
      const safe = version !== undefined && compareMajorMinor(version, NET_TLS_SINCE) >= 0;
      ctx.report({
        pointer,
        messageId: 'spelling',
        data: { mode: JSON.stringify(mode), tls: JSON.stringify(tls), tls2: tls },
        ...(safe ? { fix } : { suggestions: [fix] }),
      });
    }
  },
});
