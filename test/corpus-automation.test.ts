// The 65 real automation configurations of ../shared/corpus/automation-config: the diagnostics of
// the automation-config rules that each one really deserves, and no others. Complete documents
// (real GET/PUT captures, the operator's unit-test fixture with mongoDbVersions) get nothing above
// info. Schema and secret findings are other tests' business, so only these rules are compared.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintDoc, places } from './helpers';
import { describeWithCorpus } from './shared-corpus';

const DIR = path.resolve(__dirname, '../../shared/corpus/automation-config');

const RULE_IDS = new Set([
  'process-version-defined', 'duplicate-process', 'replica-set-members', 'replica-set-voting',
  'sharding-references', 'auth-schema-version', 'feature-compatibility-version', 'auth-keyfile',
  'download-base', 'log-rotate', 'write-concern-wtimeout', 'build-platform-fields', 'agent-versions-urls',
  'tls-client-certificate', 'tls-mode-spelling',
]);

type Expected = [ruleId: string, line: number][];

// Findings that recur across the operator's migration fixtures (hand-written test inputs):
/** auth.disabled: false without auth.keyfile (autoUser present): info, keyfile is documented as required. */
const keyfileInfo = (line: number): Expected => [['auth-keyfile', line]];
/** net.tls.mode written requireSSL/preferSSL: info with the TLS spelling as fix. */
const sslSpelling = (...lines: number[]): Expected => lines.map((l) => ['tls-mode-spelling', l]);
/** A mongos without `cluster`: OM needs it to tie the mongos to sharding[].name. */
const mongosWithoutCluster = (...lines: number[]): Expected => lines.map((l) => ['sharding-references', l]);
/** A process version while mongoDbVersions is [] (a PUT of it would be refused). */
const versionUndefined = (...lines: number[]): Expected => lines.map((l) => ['process-version-defined', l]);

/** Files whose every field is real: a GET, the PUT derived from it, the operator's own fixture. */
const COMPLETE = new Set([
  'mck__bug-hunt__artifacts__current-ac.json',
  'mck__bug-hunt__artifacts__fixed-ac.json',
  'mck__controllers__om__testdata__automation_config.json',
]);

const EXPECTED: Record<string, Expected> = {
  // Real GET of an empty project: 338 mongoDbVersions, tls with clientCertificateMode OPTIONAL alone
  // (accepted: it is what OM returns), no processes.
  'mck__bug-hunt__artifacts__current-ac.json': [],
  // Real PUT: 3-member rs0 on 7.0.12 with FCV 7.0, requireTLS, keyfile and autoUser, float priorities.
  'mck__bug-hunt__artifacts__fixed-ac.json': [],
  // Partial PUT (no mongoDbVersions/options): what is there is consistent.
  'mck__bug-hunt__artifacts__new-ac.json': [],
  // Operator unit-test fixture: Windows builds with win2008plus/winVCRedist* on platform windows only,
  // tls.CAFilePath null with OPTIONAL.
  'mck__controllers__om__testdata__automation_config.json': [],
  // 3.6.8 processes with requireSSL inside net.tls: info, and only a suggestion (before 4.2).
  'mck__controllers__om__testdata__deployment_tls.json': sslSpelling(52, 79, 106),
  'mck__migrate-to-mck__singlecluster__replicaset__additional_mongod_config__additional_mongod_config_input.json': keyfileInfo(5),
  // auth disabled: nothing to say.
  'mck__migrate-to-mck__singlecluster__replicaset__authentication__disabled__disabled_input.json': [],
  // keyfile present (LDAP autoUser DN).
  'mck__migrate-to-mck__singlecluster__replicaset__authentication__ldap__ldap_input.json': [],
  'mck__migrate-to-mck__singlecluster__replicaset__authentication__oidc__oidc_input.json': keyfileInfo(16),
  'mck__migrate-to-mck__singlecluster__replicaset__authentication__scram_sha1__scram_sha1_input.json': keyfileInfo(17),
  'mck__migrate-to-mck__singlecluster__replicaset__authentication__scram_sha256__scram_sha256_input.json': keyfileInfo(17),
  'mck__migrate-to-mck__singlecluster__replicaset__authentication__x509__x509_input.json': [...keyfileInfo(28), ...sslSpelling(45, 66, 87)],
  // keyfile present; CAFilePath with REQUIRE.
  'mck__migrate-to-mck__singlecluster__replicaset__authentication__x509_only__x509_only_input.json': [],
  // Full GET-like fixture (mongoDbVersions, monitoring logRotate): only the keyfile info and preferSSL.
  'mck__migrate-to-mck__singlecluster__replicaset__complex_replicaset__complex_replicaset_input.json': [...keyfileInfo(65), ...sslSpelling(210, 284, 358)],
  'mck__migrate-to-mck__singlecluster__replicaset__different_mongod_config__different_mongod_config_input.json': [],
  // downloadBase /opt/mongodb/automation is absolute.
  'mck__migrate-to-mck__singlecluster__replicaset__download_base__download_base_input.json': [],
  // A hidden member with secondaryDelaySecs and priority 0: valid.
  'mck__migrate-to-mck__singlecluster__replicaset__member_options__member_options_input.json': keyfileInfo(5),
  'mck__migrate-to-mck__singlecluster__replicaset__prometheus__prometheus_input.json': [],
  'mck__migrate-to-mck__singlecluster__replicaset__prometheus_https__prometheus_https_input.json': [],
  'mck__migrate-to-mck__singlecluster__replicaset__tls__allow__allow_input.json': keyfileInfo(5),
  'mck__migrate-to-mck__singlecluster__replicaset__tls__custom_ca_path__custom_ca_path_input.json': [...keyfileInfo(5), ...sslSpelling(22, 43, 64)],
  'mck__migrate-to-mck__singlecluster__replicaset__tls__disabled__disabled_input.json': keyfileInfo(5),
  'mck__migrate-to-mck__singlecluster__replicaset__tls__require__require_input.json': [...keyfileInfo(5), ...sslSpelling(22, 43, 64)],
  // The sharded migration fixtures: configsvr/shardsvr processes carry both replication and sharding
  // (fine), sharding[]._id next to name (fine), and the mongos has no `cluster` (an error for OM).
  'mck__migrate-to-mck__singlecluster__shardedcluster__authentication__disabled__disabled_input.json': mongosWithoutCluster(85),
  'mck__migrate-to-mck__singlecluster__shardedcluster__authentication__ldap__ldap_input.json': mongosWithoutCluster(109),
  'mck__migrate-to-mck__singlecluster__shardedcluster__authentication__oidc__oidc_input.json': [...keyfileInfo(16), ...mongosWithoutCluster(120)],
  'mck__migrate-to-mck__singlecluster__shardedcluster__authentication__prometheus__prometheus_input.json': mongosWithoutCluster(90),
  'mck__migrate-to-mck__singlecluster__shardedcluster__authentication__scram_sha1__scram_sha1_input.json': [...keyfileInfo(17), ...mongosWithoutCluster(97)],
  'mck__migrate-to-mck__singlecluster__shardedcluster__authentication__scram_sha256__scram_sha256_input.json': [...keyfileInfo(17), ...mongosWithoutCluster(97)],
  'mck__migrate-to-mck__singlecluster__shardedcluster__authentication__x509__x509_input.json': [
    ...keyfileInfo(28), ...sslSpelling(45, 67, 89, 111, 133), ...mongosWithoutCluster(142),
  ],
  'mck__migrate-to-mck__singlecluster__shardedcluster__authentication__x509_only__x509_only_input.json': mongosWithoutCluster(128),
  // Processes without authSchemaVersion are required-field's; the rest are consistent.
  'mck__migrate-to-mck__singlecluster__shardedcluster__complex_sharded__complex_sharded_input.json': [
    ...keyfileInfo(14), ...sslSpelling(25, 39, 53, 67, 81, 95, 109), ...mongosWithoutCluster(114),
  ],
  // These four carry mongoDbVersions but are still hand-written plugin inputs: two mongos without cluster.
  'mck__migrate-to-mck__singlecluster__shardedcluster__default_config_rs__default_config_rs_input.json': mongosWithoutCluster(145, 155),
  'mck__migrate-to-mck__singlecluster__shardedcluster__heterogeneous_shards__heterogeneous_shards_input.json': mongosWithoutCluster(256, 271),
  'mck__migrate-to-mck__singlecluster__shardedcluster__prometheus_https__prometheus_https_input.json': mongosWithoutCluster(90),
  'mck__migrate-to-mck__singlecluster__shardedcluster__search_per_shard_mongot__search_per_shard_mongot_input.json': mongosWithoutCluster(276, 299),
  'mck__migrate-to-mck__singlecluster__shardedcluster__split_shard_names__split_shard_names_input.json': mongosWithoutCluster(145),
  'mck__migrate-to-mck__singlecluster__shardedcluster__tls__allow__allow_input.json': [...keyfileInfo(5), ...mongosWithoutCluster(85)],
  'mck__migrate-to-mck__singlecluster__shardedcluster__tls__disabled__disabled_input.json': [...keyfileInfo(5), ...mongosWithoutCluster(85)],
  'mck__migrate-to-mck__singlecluster__shardedcluster__tls__require__require_input.json': [
    ...keyfileInfo(5), ...sslSpelling(19, 35, 51, 67, 83), ...mongosWithoutCluster(89),
  ],
  // Two single-member replica sets, consistent.
  'mck__migrate-to-mck__validation__multi_replicaset.json': [],
  // configServerReplica "config-rs" names no replica set (only shard-rs exists); the entry's missing
  // name is required-field's.
  'mck__migrate-to-mck__validation__sharded_cluster.json': [['sharding-references', 110]],
  // A 5-member set with one priority-0, votes-0 member: within the voting limits.
  'mck__migrate__input__multicluster__replicaset__simple.json': keyfileInfo(32),
  'mck__migrate__input__singlecluster__replicaset__authentication__scram_empty_mechanisms.json': keyfileInfo(25),
  'mck__migrate__input__singlecluster__replicaset__authentication__scram_only.json': keyfileInfo(25),
  'mck__migrate__input__singlecluster__replicaset__authentication__x509.json': [...keyfileInfo(36), ...sslSpelling(53, 74, 95)],
  'mck__migrate__input__singlecluster__replicaset__authentication__x509_only.json': [],
  'mck__migrate__input__singlecluster__replicaset__full.json': [...keyfileInfo(55), ...sslSpelling(180, 257, 334)],
  'mck__migrate__input__singlecluster__replicaset__heterogeneous.json': [],
  'mck__migrate__input__singlecluster__replicaset__member_options.json': keyfileInfo(14),
  'mck__migrate__input__singlecluster__replicaset__tls__allow.json': keyfileInfo(14),
  'mck__migrate__input__singlecluster__replicaset__tls__disabled.json': keyfileInfo(14),
  'mck__migrate__input__singlecluster__replicaset__tls__require.json': [...keyfileInfo(14), ...sslSpelling(31, 52, 73)],
  // mongoDbVersions: [] while both processes run 7.0.12-ent.
  'mck__migrate__multi_rs_automation_config.json': versionUndefined(12, 23),
  'mck__migrate__replicaset_automation_config.json': [
    ...keyfileInfo(49), ...sslSpelling(90, 138, 177), ...versionUndefined(130, 169, 208),
  ],
  // mongoDbVersions: [], and configServerReplica "config-rs" names no replica set.
  'mck__migrate__sharded_with_rs_automation_config.json': [...versionUndefined(24, 47), ['sharding-references', 73]],
  'mck__migrate__singlecluster__replicaset__additional_mongod_config__additional_mongod_config_input.json': keyfileInfo(14),
  'mck__migrate__singlecluster__replicaset__member_options__member_options_input.json': keyfileInfo(14),
  'mck__migrate__singlecluster__shardedcluster__complex_sharded__complex_sharded_input.json': [
    ...keyfileInfo(21), ...sslSpelling(32, 46, 60, 74, 88, 102, 116), ...mongosWithoutCluster(121),
  ],
  // Go client fragments (auth only, tls only, sharding only, prometheus only): nothing to resolve
  // against, so no reference is judged. The TLS one has CAFilePath with OPTIONAL.
  'om-goclient__automation_config_test__L545_TestAutomation_MongoDBUserNoMechanism.json': [],
  'om-goclient__automation_config_test__L586_TestAutomation_MongoDBUserEmptyMechanism.json': [],
  'om-goclient__automation_config_test__L704_TestAutomation_GetTlsConfig.json': [],
  'om-goclient__automation_config_test__L737_TestAutomation_Sharding.json': [],
  'om-goclient__automation_config_test__L858_TestAutomation_GetPrometheusConfig.json': [],
  // The Go client's jsonBlob: two processes on host0 with different ports, FCV 4.2 on 4.2.2.
  'om-goclient__automation_config_test__jsonBlob.json': [],
};

const byPosition = (a: [string, number], b: [string, number]) => a[1] - b[1] || a[0].localeCompare(b[0]);

describeWithCorpus('corpus: automation configurations', () => {
  const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith('.json')).sort() : [];

  it('has an expectation for every file', () => {
    expect(files).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)('%s', async (file) => {
    const text = readFileSync(path.join(DIR, file), 'utf8');
    const diagnostics = places(await lintDoc(text, { kind: 'automation-config', fileName: file })).filter((d) => RULE_IDS.has(d.ruleId));
    const got = diagnostics.map((d): [string, number] => [d.ruleId, d.range.start.line]).sort(byPosition);
    expect(got).toEqual([...(EXPECTED[file] ?? [])].sort(byPosition));
    // Findings on valid but unusual spellings never rise above info.
    for (const d of diagnostics) if (d.ruleId === 'auth-keyfile' || d.ruleId === 'tls-mode-spelling') expect(d.severity).toBe('info');
    if (COMPLETE.has(file)) expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });
});
