import { defineRule } from '../src/core/rule';
import { documentSecrets, fieldPath, isRedactionMask, KINDS_WITH_SECRETS } from '../src/model/secrets';

export default defineRule({
  meta: {
    id: 'redacted-secret',
    kinds: KINDS_WITH_SECRETS,
    defaultSeverity: 'error',
    description: 'A secret field holds a redaction mask copied from an API response.',
    messages: {
      redacted: '{{fieldPath}} is a redaction mask as the API returns it, not the secret; writing it back replaces the real secret with the mask. Put the real value (or a placeholder that your deployment tool fills in) here.',
    },
    docs: {
      versions: 'every version: the rule reads no version (Ops Manager GETs redact secrets the same way in every release).',
      why:
        'GET responses return keys, tokens and webhook URLs partially redacted (`****…abcd`, ' +
        '`********-****-****-<12 hex>`, `https://host/****`) and webhook secrets completely ' +
        'redacted. A document copied from a response and written back replaces the real secret ' +
        'with the mask, and the notification or integration stops working.',
      bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: PAGER_DUTY
    serviceKey: "****************************3f9a"
    delayMin: 0
`,
      good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: PAGER_DUTY
    serviceKey: \${PAGERDUTY_SERVICE_KEY}
    delayMin: 0
`,
    },
  },
  check(ctx) {
    for (const secret of documentSecrets(ctx.facts, ctx.kind)) {
      if (!isRedactionMask(secret.value)) continue;
      ctx.report({
        pointer: secret.pointer,
        messageId: 'redacted',
        data: { fieldPath: fieldPath(secret.pointer) },
      });
    }
  },
});
