import rule from '../../rules/agent-versions-urls';
import { ruleTester } from '../rule-tester';

/** Platforms of `urls` from line 6, keys at column 7. */
const agent = (key: string, urls: string) =>
  `${key}:\n  - name: 13.48.0.10348-1\n    hostname: db0.example.net\n    baseUrl: https://om.example.net\n    urls:\n${urls}`;
const noDefault = (line: number) => ({ messageId: 'noDefault', line, column: 7, severity: 'error' as const });

ruleTester(rule, {
  valid: [
    { name: 'a platform with default', code: agent('monitoringVersions', '      linux:\n        default: https://om.example.net/a.tgz\n        rhel8: https://om.example.net/b.tgz\n') },
    { name: 'entries without urls (every real document)', code: 'monitoringVersions:\n  - {name: 13.48.0.10348-1, hostname: db0.example.net}\nbackupVersions: []\n' },
    { name: 'a platform of the wrong type (the schema reports it)', code: agent('backupVersions', '      linux: https://om.example.net/a.tgz\n') },
  ],
  invalid: [
    {
      name: 'monitoringVersions without default (names the builds that are there)',
      code: agent('monitoringVersions', '      linux:\n        rhel8: https://om.example.net/b.tgz\n'),
      errors: [{ ...noDefault(6), pointer: '/monitoringVersions/0/urls/linux', message: /^monitoringVersions\[0\]\.urls\.linux has no "default" entry \(it has "rhel8"\)/ }],
    },
    {
      name: 'backupVersions platforms without default',
      code: agent('backupVersions', '      linux:\n        default: https://om.example.net/a.tgz\n      windows: {}\n      osx:\n        x86: https://om.example.net/c.tgz\n'),
      errors: [noDefault(8), noDefault(9)],
    },
  ],
});
