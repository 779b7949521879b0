// The real documents of ../shared/corpus through the schema layer. Each file's findings are
// listed below as "ruleId pointer" (for required-field: the pointer of the missing field); a file
// not listed must have none. A change in what the schema layer says about real documents shows up
// here. Skipped when the corpus is absent.
//
// Judgement calls (see also src/types/automation-config.ts):
// - Responses (GET fixtures) carry response-only fields: read-only-field (info) is right for them
//   as PUT bodies.
// - typeName of alert configurations is deprecated and ignored: deprecated-field is right.
// - The complete real automation configs (current-ac.json, fixed-ac.json, the operator fixture
//   automation_config.json, the migrate inputs that carry mongoDbVersions) have no finding but
//   the obsolete monitoringVersions/backupVersions lists where they are not empty.
// - Automation configs without mongoDbVersions (most migrate-plugin inputs: OBSERVED in MANIFEST)
//   really lack it: the docs require it and process-version-defined needs it.
// - version, sharding[].name (two plugin fixtures carry only an undocumented _id) and mongod
//   featureCompatibilityVersion are documented as required: their absence is reported.
// - Genuine fixture oddities: the Atlas Teams integration's PascalCase keys
//   MicrosoftTeamsWebhookURL (case-only near-miss, renamed by the fix) and Name; the Prometheus
//   integration's serviceDiscovery "112233" (accepted values: http, file).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKind, type Kind } from '../../src/core/kinds';
import { validateSchema } from '../../src/schema/validate';
import { describeWithCorpus } from '../shared-corpus';

const CORPUS = path.resolve(__dirname, '../../../shared/corpus');
const KINDS_CHECKED = ['alert-config', 'global-alert-config', 'maintenance-window', 'integration', 'automation-config'];

const RESPONSE = ['read-only-field /id', 'read-only-field /groupId', 'read-only-field /created', 'read-only-field /updated'];
const GLOBAL_RESPONSE = ['read-only-field /id', 'read-only-field /created', 'read-only-field /updated'];
const NO_VERSIONS = ['required-field /mongoDbVersions'];

const EXPECTED: Record<string, string[]> = {
  'alert-config/atlas-goclient-2020__alert_configurations_test__L191_TestAlertConfiguration_GetAnAlertConfig.json': [...RESPONSE],
  'alert-config/atlas-goclient-2020__alert_configurations_test__L46_TestAlertConfiguration_Create.json': [...RESPONSE],
  'alert-config/atlas-goclient-2020__alert_configurations_test__L533_TestAlertConfiguration_Update.json': [...RESPONSE],
  'alert-config/atlas-goclient__alert_configurations_test__L210_TestAlertConfiguration_GetAnAlertConfig.json': [...RESPONSE],
  'alert-config/atlas-goclient__alert_configurations_test__L59_TestAlertConfiguration_Create.json': [...RESPONSE],
  'alert-config/atlas-goclient__alert_configurations_test__L692_TestAlertConfiguration_GetAnAlertConfigTeams.json': [...RESPONSE],
  'alert-config/atlas-goclient__alert_configurations_test__L776_TestAlertConfiguration_GetAnAlertConfigWebhook.json': [...RESPONSE],
  'alert-config/docs__alert-configurations__condition_request.json': ['deprecated-field /typeName'],
  'alert-config/docs__alert-configurations__condition_response.json': [...RESPONSE, 'deprecated-field /typeName', 'read-only-field /links'],
  'alert-config/docs__alert-configurations__metrics_request.json': ['deprecated-field /typeName'],
  'alert-config/docs__alert-configurations__metrics_response.json': [...RESPONSE, 'deprecated-field /typeName', 'read-only-field /links'],
  'alert-config/om-goclient__alert_configurations_test__L147_TestAlertConfiguration_EnableAnAlertConfig.json': [...RESPONSE],
  'alert-config/om-goclient__alert_configurations_test__L202_TestAlertConfiguration_GetAnAlertConfig.json': [...RESPONSE],
  'alert-config/om-goclient__alert_configurations_test__L543_TestAlertConfiguration_Update.json': [...RESPONSE],
  'alert-config/om-goclient__alert_configurations_test__L60_TestAlertConfiguration_Create.json': [...RESPONSE],
  'automation-config/mck__bug-hunt__artifacts__new-ac.json': ['required-field /options', 'required-field /mongoDbVersions'],
  'automation-config/mck__controllers__om__testdata__deployment_tls.json': ['required-field /mongoDbVersions', 'deprecated-field /monitoringVersions', 'deprecated-field /backupVersions'],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__additional_mongod_config__additional_mongod_config_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__authentication__disabled__disabled_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__authentication__ldap__ldap_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__authentication__oidc__oidc_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__authentication__scram_sha1__scram_sha1_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__authentication__scram_sha256__scram_sha256_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__authentication__x509__x509_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__authentication__x509_only__x509_only_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__complex_replicaset__complex_replicaset_input.json': ['deprecated-field /monitoringVersions', 'deprecated-field /backupVersions'],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__different_mongod_config__different_mongod_config_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__download_base__download_base_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__member_options__member_options_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__prometheus__prometheus_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__prometheus_https__prometheus_https_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__tls__allow__allow_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__tls__custom_ca_path__custom_ca_path_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__tls__disabled__disabled_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__replicaset__tls__require__require_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__authentication__disabled__disabled_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__authentication__ldap__ldap_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__authentication__oidc__oidc_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__authentication__prometheus__prometheus_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__authentication__scram_sha1__scram_sha1_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__authentication__scram_sha256__scram_sha256_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__authentication__x509__x509_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__authentication__x509_only__x509_only_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__complex_sharded__complex_sharded_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__prometheus_https__prometheus_https_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__tls__allow__allow_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__tls__disabled__disabled_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__singlecluster__shardedcluster__tls__require__require_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate-to-mck__validation__multi_replicaset.json': ['deprecated-field /monitoringVersions', 'deprecated-field /backupVersions'],
  'automation-config/mck__migrate-to-mck__validation__sharded_cluster.json': ['deprecated-field /monitoringVersions', 'deprecated-field /backupVersions'],
  'automation-config/mck__migrate__input__multicluster__replicaset__simple.json': ['deprecated-field /monitoringVersions', 'deprecated-field /backupVersions'],
  'automation-config/mck__migrate__input__singlecluster__replicaset__authentication__scram_empty_mechanisms.json': [...NO_VERSIONS],
  'automation-config/mck__migrate__input__singlecluster__replicaset__authentication__scram_only.json': [...NO_VERSIONS],
  'automation-config/mck__migrate__input__singlecluster__replicaset__authentication__x509.json': [...NO_VERSIONS],
  'automation-config/mck__migrate__input__singlecluster__replicaset__authentication__x509_only.json': [...NO_VERSIONS],
  'automation-config/mck__migrate__input__singlecluster__replicaset__full.json': ['deprecated-field /monitoringVersions', 'deprecated-field /backupVersions'],
  'automation-config/mck__migrate__input__singlecluster__replicaset__heterogeneous.json': [...NO_VERSIONS],
  'automation-config/mck__migrate__input__singlecluster__replicaset__member_options.json': ['required-field /mongoDbVersions', 'deprecated-field /replicaSets/0/members/1/slaveDelay'],
  'automation-config/mck__migrate__input__singlecluster__replicaset__tls__allow.json': [...NO_VERSIONS],
  'automation-config/mck__migrate__input__singlecluster__replicaset__tls__disabled.json': [...NO_VERSIONS],
  'automation-config/mck__migrate__input__singlecluster__replicaset__tls__require.json': [...NO_VERSIONS],
  'automation-config/mck__migrate__multi_rs_automation_config.json': ['required-field /version', 'required-field /processes/0/featureCompatibilityVersion', 'required-field /processes/1/featureCompatibilityVersion'],
  'automation-config/mck__migrate__replicaset_automation_config.json': ['required-field /version'],
  'automation-config/mck__migrate__sharded_with_rs_automation_config.json': ['required-field /version'],
  'automation-config/mck__migrate__singlecluster__replicaset__additional_mongod_config__additional_mongod_config_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate__singlecluster__replicaset__member_options__member_options_input.json': [...NO_VERSIONS],
  'automation-config/mck__migrate__singlecluster__shardedcluster__complex_sharded__complex_sharded_input.json': [...NO_VERSIONS],
  'automation-config/om-goclient__automation_config_test__L545_TestAutomation_MongoDBUserNoMechanism.json': ['required-field /version', 'required-field /options', 'required-field /mongoDbVersions', 'required-field /processes', 'required-field /auth/usersWanted/0/user'],
  'automation-config/om-goclient__automation_config_test__L586_TestAutomation_MongoDBUserEmptyMechanism.json': ['required-field /version', 'required-field /options', 'required-field /mongoDbVersions', 'required-field /processes', 'required-field /auth/usersWanted/0/user'],
  'automation-config/om-goclient__automation_config_test__L704_TestAutomation_GetTlsConfig.json': ['required-field /version', 'required-field /options', 'required-field /mongoDbVersions', 'required-field /processes'],
  'automation-config/om-goclient__automation_config_test__L737_TestAutomation_Sharding.json': ['required-field /version', 'required-field /options', 'required-field /mongoDbVersions', 'required-field /processes'],
  'automation-config/om-goclient__automation_config_test__L858_TestAutomation_GetPrometheusConfig.json': ['required-field /version', 'required-field /options', 'required-field /mongoDbVersions', 'required-field /processes'],
  'automation-config/om-goclient__automation_config_test__jsonBlob.json': ['required-field /options', 'required-field /mongoDbVersions'], // slaveDelay is the only name on MongoDB 4.2.2 (secondaryDelaySecs: 5.0+)
  'global-alert-config/docs__global-alert-configurations-create-one__request.json': ['deprecated-field /typeName'],
  'global-alert-config/docs__global-alert-configurations-create-one__response.json': [...GLOBAL_RESPONSE, 'deprecated-field /typeName', 'read-only-field /links'],
  'global-alert-config/docs__global-alert-configurations-get-all__results_0.json': [...GLOBAL_RESPONSE, 'deprecated-field /typeName', 'read-only-field /links'],
  'global-alert-config/docs__global-alert-configurations-get-all__results_1.json': [...GLOBAL_RESPONSE, 'deprecated-field /typeName', 'read-only-field /links'],
  'global-alert-config/docs__global-alert-configurations-get-all__results_2.json': [...GLOBAL_RESPONSE, 'deprecated-field /typeName', 'read-only-field /links'],
  'integration/atlas-goclient__third_party_integration_test__L19_TestThirdPartyIntegration_List__results_2.json': ['unknown-field /MicrosoftTeamsWebhookURL', 'unknown-field /Name'],
  'integration/atlas-goclient__third_party_integration_test__L19_TestThirdPartyIntegration_List__results_3.json': ['invalid-value /serviceDiscovery'],
  'maintenance-window/om-goclient__maintenance_test__L102_TestMaintenanceWindows_Get.json': [...RESPONSE],
  'maintenance-window/om-goclient__maintenance_test__L35_TestMaintenanceWindows_List__results_1.json': [...RESPONSE],
};

/** Request bodies filed under other/ in MANIFEST, with their kind: no findings. */
const OTHER_REQUESTS: Record<string, Kind> = {
  'other/docs__access-list-add-entries__request.json': 'access-list-entries',
  'other/docs__alerts-acknowledge-alert__request.json': 'alert-acknowledgement',
  'other/docs__update-one-global-api-key__request.json': 'api-key-update',
};

function manifest(): { file: string; kind: string }[] {
  return readFileSync(path.join(CORPUS, 'MANIFEST.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [file, kind] = line.split('\t');
      return { file, kind };
    });
}

/** The documents of a file: itself, each element of an array, or each result of a list response. */
function documents(value: unknown): { prefix: string; doc: unknown }[] {
  if (Array.isArray(value)) return value.map((doc, i) => ({ prefix: `/${i}`, doc }));
  if (value && typeof value === 'object' && Array.isArray((value as { results?: unknown }).results)) {
    return (value as { results: unknown[] }).results.map((doc, i) => ({ prefix: `/results/${i}`, doc }));
  }
  return [{ prefix: '', doc: value }];
}

async function findingsOf(file: string, kind: Kind, wholeBody = false): Promise<string[]> {
  const value: unknown = JSON.parse(readFileSync(path.join(CORPUS, file), 'utf8'));
  const out: string[] = [];
  for (const { prefix, doc } of wholeBody ? [{ prefix: '', doc: value }] : documents(value)) {
    for (const f of await validateSchema(kind, doc)) {
      const pointer = prefix + f.pointer;
      const missing = f.ruleId === 'required-field' ? `/${/`([^`]+)`/.exec(f.message)?.[1]}` : '';
      out.push(`${f.ruleId} ${pointer}${missing}`);
    }
  }
  return out;
}

describeWithCorpus('schema layer on the real corpus', () => {
  const files = existsSync(CORPUS) ? manifest().filter((m) => KINDS_CHECKED.includes(m.kind)) : [];

  it('the expectations name corpus files', () => {
    const known = new Set(files.map((m) => m.file));
    expect(Object.keys(EXPECTED).filter((f) => !known.has(f))).toEqual([]);
  });

  it.each(files.map((m) => [m.file, m.kind]))('%s', async (file, kind) => {
    if (!isKind(kind)) throw new Error(`unknown kind ${kind}`);
    expect(await findingsOf(file, kind)).toEqual(EXPECTED[file] ?? []);
  }, 30_000);

  it.each(Object.entries(OTHER_REQUESTS))('%s', async (file, kind) => {
    // Each is one request body (the access list body is an array: the document itself).
    expect(await findingsOf(file, kind, true)).toEqual([]);
  });
});
