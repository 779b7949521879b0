import rule from '../../rules/alert-test-references';
import { ruleTester } from '../rule-tester';

const err = (messageId: string, line: number, column: number) => ({ messageId, line, column, severity: 'error' as const });
const HEAD = 'start: "2026-01-05T00:00:00Z"\nload:\n  alertConfigs: [cpu-high.alert-config.yaml, team.alert-config.yaml]\n  maintenanceWindows: [upgrade.maintenance-window.yaml]\ndeployment:\n  hosts:\n    - { id: db1, hostname: db1.example.com, typeName: PRIMARY }\n    - { hostname: db2.example.com, typeName: SECONDARY }\n';
const CASE = 'cases:\n  - { name: c, at: 10m, alerts: [{ config: cpu-high, host: db1, status: OPEN }] }\n';

ruleTester(rule, {
  valid: [
    { name: 'names that resolve, readable series and times', fileName: 't.alert-test.yaml', code: `${HEAD}series:\n  db1: { CONNECTIONS: "1 2+3x4 _ _x2 5x3" }\n  db2.example.com: { CONNECTIONS: "7" }\nevents:\n  - { at: "2026-01-05T00:05:00Z", type: HOST_DOWN, host: db2.example.com }\nacknowledgements:\n  - { at: 1h, config: "team#1", host: db1, until: 1h30m }\nwindowDeletions:\n  - { at: 5m, window: upgrade }\n${CASE}` },
  ],
  invalid: [
    { name: 'a series that cannot be read', fileName: 't.alert-test.yaml', code: `${HEAD}series:\n  db1: { CONNECTIONS: "1 2 x" }\n${CASE}`, errors: [err('badSeries', 10, 23)] },
    { name: 'a host the deployment does not have', fileName: 't.alert-test.yaml', code: `${HEAD}series:\n  db3: { CONNECTIONS: "1" }\n${CASE}`, errors: [err('unknownHost', 10, 8)] },
    { name: 'a configuration that is not loaded', fileName: 't.alert-test.yaml', code: `${HEAD}cases:\n  - { name: c, at: 10m, alerts: [{ config: cpu, host: db1, status: OPEN }] }\n`, errors: [err('unknownConfig', 10, 44)] },
    { name: 'a window that is not loaded', fileName: 't.alert-test.yaml', code: `${HEAD}windowDeletions:\n  - { at: 5m, window: upgrade2 }\n${CASE}`, errors: [err('unknownWindow', 10, 23)] },
    { name: 'two hosts with one id', fileName: 't.alert-test.yaml', code: `${HEAD}    - { id: db1, hostname: db9.example.com, typeName: SECONDARY }\n${CASE}`, errors: [err('duplicateHost', 9, 7)] },
    { name: 'a time before start', fileName: 't.alert-test.yaml', code: `${HEAD}events:\n  - { at: "2026-01-04T00:00:00Z", type: HOST_DOWN, host: db1 }\n${CASE}`, errors: [err('beforeStart', 10, 11)] },
  ],
});
