import rule from '../../rules/duplicate-integration';
import { ruleTester } from '../rule-tester';

const slack = (channel: string) => `type: SLACK\napiToken: \${SLACK_BOT_TOKEN}\nteamName: Example\nchannelName: ${channel}\n`;
const pagerDuty = 'type: PAGER_DUTY\nserviceKey: ${PD_KEY}\n';

ruleTester(rule, {
  valid: [{ name: 'one integration per type', fileName: 'slack.yaml', code: slack('ops'), scope: { 'pagerduty.yaml': pagerDuty } }],
  invalid: [
    {
      name: 'the later of two integrations of one type, naming and relating to the other',
      fileName: 'a-slack.yaml',
      code: slack('ops'),
      scope: { 'b-slack.yaml': slack('db') },
      errors: [{ messageId: 'duplicate', file: 'b-slack.yaml', line: 1, column: 7, severity: 'error', message: /a-slack\.yaml/, related: [{ file: 'a-slack.yaml', pointer: '/type' }] }],
    },
    {
      name: 'two in one multi-document file',
      fileName: 'integrations.yaml',
      code: `${slack('ops')}---\n${pagerDuty}---\n${slack('db')}`,
      errors: [{ messageId: 'duplicate', line: 9, column: 7 }],
    },
  ],
});
