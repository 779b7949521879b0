// Real alert configurations (../shared/corpus/alert-config and global-alert-config): the
// diagnostics of the alert and secret rules that each one really deserves, and no others. The
// kind comes from the directory name. Schema findings (read-only id/created/links, the Atlas
// notifierId, the deprecated typeName) are the schema tests' business.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Kind } from '../src/core/kinds';
import { lintDoc } from './helpers';
import { describeWithCorpus } from './shared-corpus';

const CORPUS = path.resolve(__dirname, '../../shared/corpus');

const RULE_IDS = new Set([
  'event-type-name', 'matchers-not-allowed', 'matcher-field-name', 'matcher-value',
  'metric-threshold-required', 'metric-threshold-not-applicable', 'threshold-required',
  'threshold-not-applicable', 'metric-name', 'metric-units', 'notifications-required',
  'notification-type', 'notification-required-field', 'notification-field-not-applicable',
  'notification-role', 'notification-interval', 'webhook-secret-without-url', 'snmp-address',
  'deprecated-notification-type', 'enabled-omitted', 'for-all-groups', 'redacted-secret',
  'plaintext-secret',
]);

/** Expected [ruleId, line] per file, in file order. */
const EXPECTED: Record<string, [string, number][]> = {
  // --- alert-config ---
  'atlas-goclient-2020__alert_configurations_test__L191_TestAlertConfiguration_GetAnAlertConfig.json': [],
  // GROUP without roles is valid (every role is notified).
  'atlas-goclient-2020__alert_configurations_test__L46_TestAlertConfiguration_Create.json': [],
  'atlas-goclient-2020__alert_configurations_test__L533_TestAlertConfiguration_Update.json': [],
  'atlas-goclient__alert_configurations_test__L210_TestAlertConfiguration_GetAnAlertConfig.json': [
    ['notification-field-not-applicable', 22], // roles on an SMS notification: dropped by the API
  ],
  'atlas-goclient__alert_configurations_test__L59_TestAlertConfiguration_Create.json': [
    ['notification-role', 16], // GROUP_CHARTS_ADMIN: an Atlas project role Ops Manager lacks (warning)
    ['notification-role', 16], // GROUP_CLUSTER_MANAGER: likewise
  ],
  'atlas-goclient__alert_configurations_test__L692_TestAlertConfiguration_GetAnAlertConfigTeams.json': [
    ['plaintext-secret', 20], // a literal microsoftTeamsWebhookUrl (a secret field) in the file
    ['notification-field-not-applicable', 21], // roles on a MICROSOFT_TEAMS notification
  ],
  'atlas-goclient__alert_configurations_test__L776_TestAlertConfiguration_GetAnAlertConfigWebhook.json': [
    ['plaintext-secret', 20], // cleartext webhookSecret "SECRET"
    ['plaintext-secret', 21], // literal webhookUrl (a secret field)
    ['notification-field-not-applicable', 22], // roles on a WEBHOOK notification
  ],
  'docs__alert-configurations__condition_request.json': [
    ['event-type-name', 2], // REPLICATION_OPLOG_WINDOW_RUNNING_OUT is Atlas-only; threshold rules stay silent
  ],
  'docs__alert-configurations__condition_response.json': [
    ['event-type-name', 4], // the same Atlas-only event
  ],
  // DISK_PARTITION_SPACE_USED_DATA in RAW: RAW fits every metric.
  'docs__alert-configurations__metrics_request.json': [],
  'docs__alert-configurations__metrics_response.json': [],
  'om-goclient__alert_configurations_test__L147_TestAlertConfiguration_EnableAnAlertConfig.json': [],
  'om-goclient__alert_configurations_test__L202_TestAlertConfiguration_GetAnAlertConfig.json': [
    ['notification-field-not-applicable', 21], // roles on an SMS notification (MANIFEST: fixture oddity)
  ],
  'om-goclient__alert_configurations_test__L543_TestAlertConfiguration_Update.json': [
    ['notification-role', 14], // GROUP_CHARTS_ADMIN: Atlas-only project role (warning)
    ['notification-role', 14], // GROUP_CLUSTER_MANAGER: Atlas-only project role (warning)
  ],
  'om-goclient__alert_configurations_test__L60_TestAlertConfiguration_Create.json': [
    ['notification-role', 15], // GROUP_CHARTS_ADMIN: Atlas-only project role (warning)
    ['notification-role', 15], // GROUP_CLUSTER_MANAGER: Atlas-only project role (warning)
  ],
  // --- global-alert-config: forAllGroups true with empty groupIds/tags, ADMIN notifications, and
  // the global-only backup events RS_BIND_ERROR, BACKUP_TOO_MANY_RETRIES, BACKUP_IN_UNEXPECTED_STATE.
  'docs__global-alert-configurations-create-one__request.json': [],
  'docs__global-alert-configurations-create-one__response.json': [],
  'docs__global-alert-configurations-get-all__results_0.json': [],
  'docs__global-alert-configurations-get-all__results_1.json': [],
  'docs__global-alert-configurations-get-all__results_2.json': [],
};

const DIRS: Kind[] = ['alert-config', 'global-alert-config'];
const files = existsSync(CORPUS)
  ? DIRS.flatMap((kind) => readdirSync(path.join(CORPUS, kind)).sort().map((name) => ({ kind, name })))
  : [];

describeWithCorpus('corpus: alert configurations', () => {
  it('has an expectation for every file', () => {
    expect(files.map((f) => f.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)('$kind/$name', async ({ kind, name }) => {
    const text = readFileSync(path.join(CORPUS, kind, name), 'utf8');
    const diagnostics = await lintDoc(text, { kind, fileName: name });
    const found = diagnostics
      .filter((d) => RULE_IDS.has(d.ruleId))
      .map((d) => [d.ruleId, d.range.start.line])
      .sort((a, b) => (a[1] as number) - (b[1] as number) || String(a[0]).localeCompare(String(b[0])));
    expect(found).toEqual(EXPECTED[name]);
    // No secret value is ever printed.
    for (const d of diagnostics) {
      for (const secret of ['SECRET', 'http://941a-47-225-212-178.ngrok.io']) {
        if (text.includes(`"${secret}"`)) expect(d.message).not.toContain(secret);
      }
    }
  });
});
