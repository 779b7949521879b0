import rule from '../../rules/deprecated-integration-type';
import { ruleTester } from '../rule-tester';

ruleTester(rule, {
  valid: ['SLACK', 'PAGER_DUTY', 'WEBHOOK', 'PROMETHEUS', 'MICROSOFT_TEAMS', 'CARRIER_PIGEON'].map((type) => ({ name: type, code: `type: ${type}\n` })),
  invalid: [
    ...['HIP_CHAT', 'FLOWDOCK', 'NEW_RELIC'].map((type) => ({ name: type, code: `type: ${type}\n`, errors: [{ messageId: 'endOfLife', data: { type }, line: 1, column: 7, severity: 'warning' as const }] })),
    {
      name: 'the docs example in JSON',
      fileName: 'flowdock.json',
      code: '{ "type": "FLOWDOCK", "flowName": "myFlowName", "apiToken": "112233", "orgName": "myOrg" }\n',
      errors: [{ messageId: 'endOfLife', data: { type: 'FLOWDOCK' }, line: 1, column: 11, severity: 'warning' }],
    },
  ],
});
