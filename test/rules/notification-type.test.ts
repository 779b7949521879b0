import rule from '../../rules/notification-type';
import { ruleTester } from '../rule-tester';

const project = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
${notification}`;
const global = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
forAllGroups: true
notifications:
  - typeName: ADMIN
${notification}`;
/** The second notification's typeName value is on line 6, column 15. */
const at = (messageId: string, more: object = {}) => [{ messageId, line: 6, column: 15, severity: 'error' as const, ...more }];

ruleTester(rule, {
  valid: [
    { name: 'EMAIL', code: project('') },
    { name: 'HIPCHAT', code: project('  - typeName: HIPCHAT\n    notificationToken: ${HIPCHAT_TOKEN}\n    roomName: ops\n') },
    { name: 'HIP_CHAT', code: project('  - typeName: HIP_CHAT\n    notificationToken: ${HIPCHAT_TOKEN}\n    roomName: ops\n') },
    { name: 'TEAM', code: project('  - typeName: TEAM\n    teamId: 5e1d4c0f8f0f0a6b3c2d1e0f\n') },
    { name: 'OPS_GENIE', code: project('  - typeName: OPS_GENIE\n    opsGenieApiKey: ${OPSGENIE_KEY}\n') },
    { name: 'ADMIN globally', code: global(''), kind: 'global-alert-config' },
    { name: 'MICROSOFT_TEAMS globally', code: global('  - typeName: MICROSOFT_TEAMS\n    microsoftTeamsWebhookUrl: ${TEAMS_URL}\n'), kind: 'global-alert-config' },
  ],
  invalid: [
    {
      name: 'a typo (suggests the near type and lists the accepted ones)',
      code: project('  - typeName: SLAK\n'),
      errors: at('unknown', { message: /(?=.*Did you mean SLACK\?)(?=.*EMAIL)/, suggestions: [{ title: 'Replace with SLACK', output: project('  - typeName: SLACK\n') }] }),
      output: null,
    },
    { name: 'lower case', code: project('  - typeName: email\n    emailAddress: ops@example.com\n'), errors: at('unknown') },
    { name: 'ADMIN in a project (says where ADMIN belongs)', code: project('  - typeName: ADMIN\n'), errors: at('otherScope', { message: /only in global alert configurations/ }) },
    { name: 'TEAM globally', code: global('  - typeName: TEAM\n    teamId: 5e1d4c0f8f0f0a6b3c2d1e0f\n'), kind: 'global-alert-config', errors: at('otherScope') },
    { name: 'DATADOG globally', code: global('  - typeName: DATADOG\n    datadogApiKey: ${DD_KEY}\n'), kind: 'global-alert-config', errors: at('otherScope') },
  ],
});
