// The fields of each level of an automation configuration that a hand-written one may put at the
// wrong level (a top-level authSchemaVersion belongs to each process). Written out here for rules;
// test/model/automation-fields.test.ts holds them to the schema's definitions.

/** Top-level keys of the schema (AutomationConfig). */
export const AUTOMATION_TOP_LEVEL_FIELDS: ReadonlySet<string> = new Set([
  'agentVersion', 'atlasProxies', 'atlasUISes', 'auth', 'backupVersions', 'balancer', 'clusterWideConfigurations',
  'cpsModules', 'dbCheckModules', 'filebeat', 'indexConfigs', 'kerberos', 'ldap', 'lifecycleManagementModules',
  'logRotate', 'maintainedEnvoys', 'maintainedMonarchComponents', 'maintainedMongotunes', 'maintainedOplogInjectors', 'maintainedRamis',
  'mongoDbToolsVersion', 'mongoDbVersions', 'mongosqlds', 'mongots', 'monitoringVersions', 'oidcProviderConfigs',
  'onlineArchiveModules', 'options', 'processes', 'prometheus', 'replicaSets', 'roles',
  'serverlessStateCacheMaintainers', 'sharding', 'ssl', 'tls', 'uiBaseUrl', 'version',
]);

/** Fields of processes[] (Process). */
export const PROCESS_FIELDS: ReadonlySet<string> = new Set([
  'alias', 'args2_6', 'auditLogRotate', 'authSchemaVersion', 'backupPitRestoreType',
  'backupRestoreCertificateValidationHostname', 'backupRestoreCheckpointTimestamp', 'backupRestoreDesiredTime',
  'backupRestoreFilterList', 'backupRestoreJobId', 'backupRestoreOplog', 'backupRestoreOplogBaseUrl',
  'backupRestoreRsVersion', 'backupRestoreSourceGroupId', 'backupRestoreSourceRsId', 'backupRestoreSystemRolesUUID',
  'backupRestoreSystemUsersUUID', 'backupRestoreUrl', 'backupRestoreVerificationKey', 'cluster', 'cpuAffinity',
  'credentialsVersion', 'defaultRWConcern', 'disabled', 'featureCompatibilityVersion', 'fullVersion', 'horizons',
  'hostname', 'kmipProxyPort', 'lastCompact', 'lastGoalVersionAchieved', 'lastKmipMasterKeyRotation', 'lastRestart',
  'lastResync', 'logLevel', 'logRotate', 'manualMode', 'name', 'numCores', 'plan', 'processType', 'version',
]);

/** Fields of replicaSets[] (ReplicaSet). */
export const REPLICA_SET_FIELDS: ReadonlySet<string> = new Set([
  '_id', 'force', 'members', 'numberArbiters', 'protocolVersion', 'settings', 'writeConcernMajorityJournalDefault',
]);

/** Fields of replicaSets[].members[] (ReplicaSetMember). */
export const MEMBER_FIELDS: ReadonlySet<string> = new Set([
  '_id', 'arbiterOnly', 'buildIndexes', 'hidden', 'horizons', 'host', 'priority', 'secondaryDelaySecs', 'slaveDelay',
  'tags', 'votes',
]);

const LEVELS: readonly [label: string, path: string, fields: ReadonlySet<string>][] = [
  ['each process', 'processes[]', PROCESS_FIELDS],
  ['each replica set', 'replicaSets[]', REPLICA_SET_FIELDS],
  ['each replica set member', 'replicaSets[].members[]', MEMBER_FIELDS],
];

/**
 * The levels a key that is no top-level field belongs to (`each process`, `processes[]`), or
 * undefined: a top-level key of the schema, or a key of no level (an undocumented key of a GET).
 */
export function levelsOfTopLevelKey(key: string): { label: string; path: string }[] | undefined {
  if (AUTOMATION_TOP_LEVEL_FIELDS.has(key)) return undefined;
  const levels = LEVELS.filter(([, , fields]) => fields.has(key)).map(([label, path]) => ({ label, path }));
  return levels.length > 0 ? levels : undefined;
}
