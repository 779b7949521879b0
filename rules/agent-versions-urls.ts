// monitoringVersions[]/backupVersions[].urls maps a platform to {build name: URL} and must
// contain a `default` key, the download the agent falls back to (API-SPEC, monitoringVersions).
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { isObject } from '../src/model/automation-topology';

const AGENT_VERSION_KEYS = ['monitoringVersions', 'backupVersions'] as const;

export default defineRule({
  meta: {
    id: 'agent-versions-urls',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    description: 'monitoringVersions[]/backupVersions[].urls.<platform> without a default key.',
    messages: {
      noDefault: '{{key}}[{{i}}].urls.{{platform}} has no "default" entry{{detail}}; the agent falls back to it when no build name matches. Add default: <URL of the generic build>.',
    },
    docs: {
      versions: 'the monitoringVersions/backupVersions lists of OM before the unified agent; the rule reads no version.',
      why:
        'In `monitoringVersions[]` and `backupVersions[]`, `urls` maps each platform to an object of build names and ' +
        'download URLs. The agent looks up its own build there and falls back to the `default` entry, which the ' +
        'reference says must be present.',
      bad: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions: []
# omlint-disable-next-line deprecated-field -- returned by GET, kept in the PUT body
monitoringVersions:
  - name: 13.48.0.10348-1
    hostname: db0.example.net
    baseUrl: https://opsmanager.example.net:8443
    urls:
      linux:
        rhel8: https://opsmanager.example.net:8443/download/agent/monitoring/mongodb-mms-monitoring-agent-13.48.0.10348-1.rhel8_x86_64.tar.gz
processes: []
replicaSets: []
sharding: []
`,
      good: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions: []
# omlint-disable-next-line deprecated-field -- returned by GET, kept in the PUT body
monitoringVersions:
  - name: 13.48.0.10348-1
    hostname: db0.example.net
    baseUrl: https://opsmanager.example.net:8443
    urls:
      linux:
        default: https://opsmanager.example.net:8443/download/agent/monitoring/mongodb-mms-monitoring-agent-13.48.0.10348-1.linux_x86_64.tar.gz
        rhel8: https://opsmanager.example.net:8443/download/agent/monitoring/mongodb-mms-monitoring-agent-13.48.0.10348-1.rhel8_x86_64.tar.gz
processes: []
replicaSets: []
sharding: []
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc)) return;
    for (const key of AGENT_VERSION_KEYS) {
      const list = doc[key];
      if (!Array.isArray(list)) continue;
      list.forEach((entry, i) => {
        if (!isObject(entry) || !isObject(entry.urls)) return;
        for (const [platform, builds] of Object.entries(entry.urls)) {
          if (!isObject(builds) || Object.prototype.hasOwnProperty.call(builds, 'default')) continue;
          const keys = Object.keys(builds);
          ctx.report({
            pointer: joinPointer('/' + key, i, 'urls', platform),
            target: 'key',
            messageId: 'noDefault',
            data: { key, i, platform, detail: keys.length ? ` (it has ${keys.map((k) => JSON.stringify(k)).join(', ')})` : '' },
          });
        }
      });
    }
  },
});
