import rule from '../../rules/webhook-default-url';
import { ruleTester } from '../rule-tester';

const alert = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    intervalMin: 15
${notification}`;
const webhookWithoutUrl = '  - typeName: WEBHOOK\n    intervalMin: 5\n';
const webhookWithUrl = '  - typeName: WEBHOOK\n    webhookUrl: ${OPS_WEBHOOK_URL}\n';
const webhookIntegration = 'type: WEBHOOK\nurl: ${OPS_WEBHOOK_URL}\n';
const slackIntegration = 'type: SLACK\napiToken: ${SLACK_BOT_TOKEN}\nteamName: Example\n';
/** The WEBHOOK notification's typeName value is on line 7, column 15. */
const noUrl = (file?: string) => ({ messageId: 'noUrl', line: 7, column: 15, severity: 'warning' as const, ...(file ? { file } : {}) });

ruleTester(rule, {
  valid: [
    { name: 'a notification with its own webhookUrl', fileName: 'alert.yaml', code: alert(webhookWithUrl) },
    { name: 'a WEBHOOK integration in the scope', fileName: 'alert.yaml', code: alert(webhookWithoutUrl), scope: { 'webhook.yaml': webhookIntegration } },
    { name: 'no WEBHOOK notification', fileName: 'alert.yaml', code: alert(''), scope: { 'slack.yaml': slackIntegration } },
  ],
  invalid: [
    { name: 'no integration at all', fileName: 'alert.yaml', code: alert(webhookWithoutUrl), errors: [noUrl()] },
    { name: 'only other integrations', fileName: 'alert.yaml', code: alert(webhookWithoutUrl), scope: { 'slack.yaml': slackIntegration }, errors: [noUrl()] },
    { name: 'every alert configuration of the scope', fileName: 'a.yaml', code: alert(webhookWithoutUrl), scope: { 'b.yaml': alert(webhookWithoutUrl) }, errors: [noUrl(), noUrl('b.yaml')] },
  ],
});
