// The default severity of every rule, against an explicit table (issue 32: `opsgenie-region`'s could
// change with no test failing). A severity is a decision: changing one means editing this table in
// the same commit. Each rule's own meta (its module, or the defineBuiltin copy the registry inlines)
// and the registry's line must both say what the table says; a rule added or removed changes it too.
import { describe, expect, it } from 'vitest';
import { REGISTRY } from '../../rules/registry';

const DEFAULT_SEVERITY: Record<string, 'error' | 'warning' | 'info'> = {
  'access-list-address': 'error',
  'access-list-duplicate': 'warning',
  'acknowledgement-until': 'warning',
  'agent-versions-urls': 'error',
  'alert-enabled-flipped': 'info',
  'api-key-role-scope': 'error',
  'auth-keyfile': 'error',
  'auth-schema-version': 'error',
  'automation-field-level': 'warning',
  'base-unusable': 'warning',
  'build-platform-fields': 'warning',
  'config-version-changed': 'warning',
  'deprecated-field': 'warning',
  'deprecated-integration-type': 'warning',
  'deprecated-notification-type': 'warning',
  'download-base': 'error',
  'duplicate-alert-config': 'warning',
  'duplicate-integration': 'error',
  'duplicate-key': 'error',
  'duplicate-process': 'error',
  'empty-document': 'warning',
  'empty-update': 'error',
  'enabled-omitted': 'warning',
  'event-type-name': 'warning',
  'fcv-raised-early': 'error',
  'feature-compatibility-version': 'error',
  'for-all-groups': 'error',
  'integration-field-not-applicable': 'warning',
  'integration-required-field': 'error',
  'internal-error': 'error',
  'invalid-type': 'error',
  'invalid-value': 'error',
  'limit-exceeded': 'error',
  'keyfile-replaced': 'warning',
  'log-rotate': 'error',
  'matcher-field-name': 'error',
  'matcher-value': 'error',
  'matchers-not-allowed': 'error',
  'member-id-reused': 'warning',
  'metric-name': 'error',
  'metric-threshold-not-applicable': 'warning',
  'metric-threshold-required': 'error',
  'metric-units': 'warning',
  'mixed-versions': 'info',
  'notification-field-not-applicable': 'warning',
  'notification-interval': 'error',
  'notification-required-field': 'error',
  'notification-role': 'error',
  'notification-type': 'error',
  'notifications-required': 'error',
  'opsgenie-region': 'info',
  'plaintext-secret': 'warning',
  'process-identity-changed': 'error',
  'process-renamed': 'warning',
  'process-version-defined': 'error',
  'prometheus-listen-address': 'error',
  'prometheus-tls': 'error',
  'read-only-field': 'info',
  'redacted-secret': 'error',
  'replica-set-members': 'error',
  'replica-set-voting': 'error',
  'required-field': 'error',
  'round-trip-loss': 'warning',
  'secret-masked': 'error',
  'sharding-references': 'error',
  'snmp-address': 'error',
  'syntax-error': 'error',
  'template-value': 'info',
  'threshold-not-applicable': 'warning',
  'threshold-required': 'error',
  'tls-client-certificate': 'error',
  'tls-mode-spelling': 'info',
  'unknown-field': 'warning',
  'unknown-kind': 'error',
  'unused-disable-directive': 'warning',
  'upgrade-path': 'error',
  'utc-timestamp': 'warning',
  'voting-majority-removed': 'error',
  'webhook-default-url': 'warning',
  'webhook-secret-without-url': 'error',
  'window-alert-type': 'error',
  'window-date-order': 'error',
  'window-in-past': 'warning',
  'write-concern-wtimeout': 'warning',
};

describe('default severities', () => {
  it('the registry lists exactly the rules of the table, each with its severity', () => {
    expect(Object.fromEntries(REGISTRY.map((r) => [r.id, r.severity]))).toEqual(DEFAULT_SEVERITY);
  });

  it('each rule\'s own meta says the same (the module, not only the generated registry)', async () => {
    const metas = await Promise.all(REGISTRY.map(async (r) => [r.id, (await r.load()).meta.defaultSeverity] as const));
    expect(Object.fromEntries(metas)).toEqual(DEFAULT_SEVERITY);
  });
});
