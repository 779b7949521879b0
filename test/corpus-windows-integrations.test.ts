// Real documents of maintenance windows, integrations and other request bodies (../shared/corpus):
// the diagnostics of the window, integration and request-body rules that each one really
// deserves, and no others. Other rules' findings (schema, secrets) are their own tests' business.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Kind } from '../src/core/kinds';
import { lintDoc, lintFiles } from './helpers';
import { describeWithCorpus } from './shared-corpus';

const CORPUS = path.resolve(__dirname, '../../shared/corpus');
const NOW = '2026-11-21T00:00:00Z';

const RULE_IDS = new Set([
  'window-date-order', 'window-in-past', 'window-alert-type', 'utc-timestamp', 'empty-update',
  'integration-required-field', 'integration-field-not-applicable', 'prometheus-tls',
  'prometheus-listen-address', 'opsgenie-region', 'deprecated-integration-type', 'access-list-address',
  'access-list-duplicate', 'acknowledgement-until', 'duplicate-alert-config', 'duplicate-integration',
  'webhook-default-url',
]);

interface Case {
  file: string;
  kind: Kind;
  /** [ruleId, line], in file order. */
  expected: [string, number][];
}

const CASES: Case[] = [
  {
    file: 'maintenance-window/om-goclient__maintenance_test__L102_TestMaintenanceWindows_Get.json',
    kind: 'maintenance-window',
    // endDate 2015-10-23T23:30:00Z ended long before now: as a body to send, it silences nothing.
    expected: [['window-in-past', 5]],
  },
  {
    file: 'maintenance-window/om-goclient__maintenance_test__L35_TestMaintenanceWindows_List__results_1.json',
    kind: 'maintenance-window',
    // Same 2015 endDate: a window that has ended.
    expected: [['window-in-past', 7]],
  },
  {
    file: 'integration/atlas-goclient__third_party_integration_test__L19_TestThirdPartyIntegration_List__results_0.json',
    kind: 'integration',
    expected: [], // DATADOG with apiKey (and the region DATADOG accepts)
  },
  {
    file: 'integration/atlas-goclient__third_party_integration_test__L19_TestThirdPartyIntegration_List__results_1.json',
    kind: 'integration',
    expected: [], // SLACK with apiToken, teamName and channelName
  },
  {
    file: 'integration/atlas-goclient__third_party_integration_test__L19_TestThirdPartyIntegration_List__results_2.json',
    kind: 'integration',
    // The Go fixture's PascalCase MicrosoftTeamsWebhookURL is not the API's microsoftTeamsWebhookUrl,
    // so the required URL really is missing (the message names the miscased key).
    expected: [['integration-required-field', 4]],
  },
  {
    file: 'integration/atlas-goclient__third_party_integration_test__L19_TestThirdPartyIntegration_List__results_3.json',
    kind: 'integration',
    // An Atlas PROMETHEUS integration has no listenAddress; Ops Manager requires one (API-SPEC).
    expected: [['integration-required-field', 7]],
  },
  {
    file: 'integration/docs__third-party-integration-settings-create__request_FLOWDOCK.json',
    kind: 'integration',
    // Flowdock is discontinued (DOMAIN §2: EOL); its own fields are all present.
    expected: [['deprecated-integration-type', 1]],
  },
  {
    file: 'other/docs__access-list-add-entries__request.json',
    kind: 'access-list-entries',
    expected: [], // a valid address and a valid /24 network block
  },
  {
    file: 'other/docs__alerts-acknowledge-alert__request.json',
    kind: 'alert-acknowledgement',
    expected: [
      // 2016-04-15 is long past: sent today, this body removes the acknowledgement.
      ['acknowledgement-until', 2],
      // -0400 is a non-UTC offset (written without a colon, which is still ISO-8601).
      ['utc-timestamp', 2],
    ],
  },
  {
    file: 'other/docs__update-one-global-api-key__request.json',
    kind: 'api-key-update',
    expected: [], // desc alone is a valid update
  },
];

describeWithCorpus('corpus: maintenance windows, integrations, request bodies', () => {
  it.each(CASES)('$file', async ({ file, kind, expected }) => {
    const text = readFileSync(path.join(CORPUS, file), 'utf8');
    const diagnostics = await lintDoc(text, { kind, fileName: path.basename(file), now: NOW });
    const found = diagnostics
      .filter((d) => RULE_IDS.has(d.ruleId))
      .map((d) => [d.ruleId, d.range.start.line])
      .sort((a, b) => (a[1] as number) - (b[1] as number) || String(a[0]).localeCompare(String(b[0])));
    expect(found).toEqual(expected);
  });

  it('finds no cross-document problem among the integrations (one per type)', async () => {
    const files = Object.fromEntries(
      CASES.filter((c) => c.kind === 'integration').map((c) => [path.basename(c.file), readFileSync(path.join(CORPUS, c.file), 'utf8')]),
    );
    expect(Object.keys(files).length).toBeGreaterThan(0);
    const results = await lintFiles(files, { kind: 'integration', now: NOW });
    const crossDocument = results.flatMap((r) =>
      r.diagnostics.filter((d) => ['duplicate-integration', 'webhook-default-url'].includes(d.ruleId)),
    );
    expect(crossDocument).toEqual([]);
  });
});
