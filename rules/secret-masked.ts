// A secret that the base holds in clear and the new document holds as a redaction mask: the
// document was copied from a GET response, and the PUT would write the mask over the secret.
import { defineTransitionRule } from '../src/core/rule';
import { getAt } from '../src/core/pointer';
import { fieldPath, findSecrets, isRedactionMask, KINDS_WITH_SECRETS } from '../src/model/secrets';

/** Kinds whose GET responses redact secrets as documented; elsewhere the mask format is not confirmed. */
const DOCUMENTED_MASKS = new Set(['alert-config', 'global-alert-config', 'integration']);

export default defineTransitionRule({
  meta: {
    id: 'secret-masked',
    kinds: KINDS_WITH_SECRETS,
    scope: 'transition',
    defaultSeverity: 'error',
    description: 'A secret that the base holds is a redaction mask in the new document: the change would overwrite the secret with the mask.',
    messages: {
      masked:
        '{{fieldPath}} holds a secret in the base ({{baseLabel}}) and a redaction mask here; the change writes the mask over the secret and {{what}} stops authenticating. Keep the secret (or a placeholder your deployment fills in).',
    },
    docs: {
      versions:
        'Every Ops Manager version. An error for alert configurations and integrations (their GET redaction is documented); a warning for automation configurations and API keys, whose masks omlint recognises by shape only.',
      why:
        'GET responses return notification keys, tokens and webhook URLs "partially redacted" and webhook secrets "completely redacted" (Ops Manager Alert Configurations and Third-Party ' +
        'Integration Settings API). A document taken from such a response and written back replaces the real secret with the mask, and the notification or integration stops working. ' +
        'The base (the last state, or the git version) shows that a real secret was there. For automation configurations, Cloud Manager documents a `noSecrets` GET with "sensitive ' +
        'information redacted" but not the mask it writes, so there the rule warns. Sources: https://www.mongodb.com/docs/ops-manager/current/reference/api/alert-configurations/, ' +
        'https://www.mongodb.com/docs/cloud-manager/reference/api/automation-config/get-automation-config-no-secrets/.',
      kind: 'alert-config',
      // The mask itself is what redacted-secret reports; this rule adds that the base had the secret.
      alsoReports: ['redacted-secret'],
      base: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: PAGER_DUTY\n    serviceKey: ${PAGERDUTY_SERVICE_KEY}\n    delayMin: 0\n',
      bad: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: PAGER_DUTY\n    serviceKey: "****************************3f9a"\n    delayMin: 0\n',
      good: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: PAGER_DUTY\n    serviceKey: ${PAGERDUTY_SERVICE_KEY}\n    delayMin: 0\n',
    },
  },
  check(ctx) {
    const severity = DOCUMENTED_MASKS.has(ctx.kind) ? 'error' : 'warning';
    for (const secret of findSecrets(ctx.kind, ctx.value)) {
      if (!isRedactionMask(secret.value)) continue;
      const before = getAt(ctx.base, secret.pointer);
      if (typeof before !== 'string' || before === '' || isRedactionMask(before)) continue;
      ctx.report({
        pointer: secret.pointer,
        severity,
        messageId: 'masked',
        data: { fieldPath: fieldPath(secret.pointer), baseLabel: ctx.baseLabel, what: ctx.kind === 'automation-config' ? 'the process or agent' : 'the notification or integration' },
        basePointer: secret.pointer,
      });
    }
  },
});
