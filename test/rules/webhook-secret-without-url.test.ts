import rule from '../../rules/webhook-secret-without-url';
import { ruleTester } from '../rule-tester';

const doc = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: WEBHOOK
${notification}`;
const secretWithoutUrl = (line: number) => [{ messageId: 'secretWithoutUrl', line, column: 5, severity: 'error' as const }];

ruleTester(rule, {
  valid: [
    { name: 'a secret with its URL', code: doc('    webhookUrl: ${URL}\n    webhookSecret: ${SECRET}\n') },
    { name: 'a URL alone', code: doc('    webhookUrl: ${URL}\n') },
    { name: 'neither (the default URL and its secret are used)', code: doc('    intervalMin: 5\n') },
  ],
  invalid: [
    { name: 'a secret alone', code: doc('    webhookSecret: ${SECRET}\n'), errors: secretWithoutUrl(5) },
    { name: 'a secret with an empty URL', code: doc('    webhookUrl: ""\n    webhookSecret: ${SECRET}\n'), errors: secretWithoutUrl(6) },
    { name: 'a secret with a null URL', code: doc('    webhookUrl: null\n    webhookSecret: ${SECRET}\n'), errors: secretWithoutUrl(6) },
    // Whitespace is no URL (issue 18: a mutant dropping the trim() survived).
    { name: 'a secret with a whitespace-only URL', code: doc('    webhookUrl: "  \\t "\n    webhookSecret: ${SECRET}\n'), errors: secretWithoutUrl(6) },
    {
      name: 'a global configuration',
      kind: 'global-alert-config',
      code: 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: WEBHOOK\n    webhookSecret: ${S}\n',
      errors: secretWithoutUrl(6),
    },
  ],
});
