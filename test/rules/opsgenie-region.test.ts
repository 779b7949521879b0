import rule from '../../rules/opsgenie-region';
import { ruleTester } from '../rule-tester';

ruleTester(rule, {
  valid: [
    { name: 'region US', code: 'type: OPS_GENIE\napiKey: ${K}\nregion: US\n' },
    { name: 'no region (US by default)', code: 'type: OPS_GENIE\napiKey: ${K}\n' },
    { name: 'EU on another type', code: 'type: DATADOG\napiKey: ${K}\nregion: EU\n' },
  ],
  invalid: [{ name: 'region EU', code: 'type: OPS_GENIE\napiKey: ${K}\nregion: EU\n', errors: [{ messageId: 'euNeedsSetting', line: 3, column: 9, severity: 'info' }] }],
});
