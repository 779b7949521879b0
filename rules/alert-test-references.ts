import { defineRule } from '../src/core/rule';
import { checkAlertTest } from '../src/model/alert-test-file';

const GOOD = `start: "2026-01-05T00:00:00Z"
load:
  alertConfigs: [cpu-high.alert-config.yaml]
deployment:
  hosts:
    - { id: db1, hostname: db1.example.com, typeName: PRIMARY }
series:
  db1:
    NORMALIZED_SYSTEM_CPU_USER: "50 90x10"
cases:
  - name: pages
    at: 10m
    alerts: [{ config: cpu-high, host: db1, status: OPEN }]
`;

export default defineRule({
  meta: {
    id: 'alert-test-references',
    kinds: ['alert-test'],
    defaultSeverity: 'error',
    description: 'An alert test names hosts, configurations and windows it declares, and writes readable series and times.',
    messages: {
      badSeries: 'This series cannot be read: {{reason}}.',
      unknownHost: 'No host of the deployment has the id "{{id}}" (hosts: {{hosts}}); use one of them or add it.',
      unknownConfig: 'No loaded configuration is named "{{name}}" (loaded: {{names}}); a configuration is named by its file name without the kind and extension.',
      unknownWindow: 'No loaded maintenance window is named "{{name}}" (loaded: {{names}}).',
      duplicateHost: 'Another host already has the id "{{id}}"; give each host its own id.',
      badTime: '"{{value}}" is no time: write a duration after start (10m, 1h30m) or an ISO 8601 UTC timestamp.',
      beforeStart: '{{value}} is before the test\'s start; nothing happens before it.',
    },
    docs: {
      why:
        'An alert test (`omlint test`, docs/alert-tests.md) refers to its hosts by id and to the ' +
        'configurations and windows it loads by their file names. A name that resolves to nothing, ' +
        'or a series or time that cannot be read, would make the test check something else than ' +
        'what it says: `omlint test` refuses to run it, and `omlint check` points at it.',
      bad: GOOD.replace('series:\n  db1:', 'series:\n  db2:'),
      good: GOOD,
    },
  },
  check(ctx) {
    for (const p of checkAlertTest(ctx.value)) ctx.report({ pointer: p.pointer, messageId: p.messageId, data: p.data });
  },
});
