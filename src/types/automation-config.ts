// Automation configuration: the desired-state document of a project (GET/PUT
// /groups/{PROJECT-ID}/automationConfig). Sources: API-SPEC "Automation configuration document",
// DOMAIN §1 (the Go client's structs, the docs' R/O/C marks) and the 65 real documents of
// corpus/automation-config.
//
// A PUT body is an edited copy of a GET, which carries many keys no document describes, so the
// published schema keeps unknown keys everywhere (scripts/gen-schemas.ts generates this kind with
// additionalProperties: true). The validator is stricter only to find near-misses of known keys
// (src/schema/validate.ts reports nothing else as unknown).
//
// Where the documentation and real documents disagree, the documents win: builds[].modules and
// processes[].authSchemaVersion are not required (real GETs and operator fixtures omit them),
// featureCompatibilityVersion is required for mongod only (mongos processes omit it), and
// numbers that real data writes in several ways are loose (priority, protocolVersion, w).

/** Log rotation of the agent, a process's log, or a process's audit log. */
export interface LogRotate {
  /** Maximum size in MB of a log file before it is rotated. */
  sizeThresholdMB: number;
  /**
   * Maximum age in hours of a log file before it is rotated.
   * @asType integer
   */
  timeThresholdHrs: number;
  /**
   * Number of rotated files kept uncompressed (default 5).
   * @asType integer
   */
  numUncompressed?: number;
  /**
   * Earlier name of numUncompressed, still recognized.
   * @asType integer
   * @deprecated use numUncompressed.
   */
  maxUncompressed?: number;
  /**
   * Maximum number of rotated files kept (default 0: determined by the other settings).
   * @asType integer
   */
  numTotal?: number;
  /** Maximum share of the disk the rotated files may use, in (0, 1] (default 0.02). */
  percentOfDiskspace?: number;
  /** Rotate the audit log together with the MongoDB log (set by the Kubernetes operator). */
  includeAuditLogsWithMongoDBLogs?: boolean;
}

/** Options of the automation agent. */
export interface AutomationOptions {
  /** Directory on Linux and UNIX for version downloads and startup scripts, an absolute path. */
  downloadBase: string;
  /** Directory on Windows for version downloads and startup scripts. */
  downloadBaseWindows?: string;
}

/** One build (platform, architecture, flavor) of a MongoDB version. */
export interface MongoDbBuild {
  /** Platform: linux, osx or windows. */
  platform: string;
  /** Download URL of the build. */
  url: string;
  /** Commit identifier of the build. */
  gitVersion: string;
  /**
   * CPU architecture. The reference lists amd64 and ppc64le; real GET responses also carry aarch64
   * and s390x. Not required: GETs of OM 2.x/3.x deployments (MongoDB 3.0/3.2 builds) omit it, and
   * build-platform-fields warns about a build without it.
   */
  architecture?: 'amd64' | 'ppc64le' | 'aarch64' | 's390x';
  /**
   * Word size of the build. Deprecated by the server, which says: do not remove or change it.
   * @asType integer
   */
  bits?: number;
  /** Linux distribution of the build, e.g. rhel, ubuntu, amazon2, debian, suse. */
  flavor?: string;
  /** Lowest OS version the build supports. */
  minOsVersion?: string;
  /** Version above the highest OS version the build supports. */
  maxOsVersion?: string;
  /** Modules of the build, e.g. ["enterprise"]. */
  modules?: string[];
  /** Windows: true for a build needing Windows 7 or Server 2008 R2 or later. */
  win2008plus?: boolean;
  /** Windows: download URL of the Visual C++ redistributable. */
  winVCRedistUrl?: string;
  /** Windows: installer command-line options of the redistributable, one per string. */
  winVCRedistOptions?: string[];
  /** Windows: runtime DLL checked to decide whether the redistributable must be installed. */
  winVCRedistDll?: string;
  /** Windows: minimum DLL version that allows skipping the installation. */
  winVCRedistVersion?: string;
}

/** A MongoDB version the agents may install; processes[].version names one. */
export interface MongoDbVersion {
  /** Version name, e.g. "7.0.12" or "7.0.12-ent"; referenced by processes[].version. */
  name: string;
  /** Available builds of the version. Never null. */
  builds: MongoDbBuild[];
  /** Set by the server for special long-term-support versions. */
  isSpecialLTSVersion?: boolean;
}

/** Deployment-wide TLS settings of the agents. */
export interface AgentTlsSettings {
  /**
   * Absolute path of the CA file the agents use; requires clientCertificateMode.
   * @nullable
   */
  CAFilePath?: string;
  /**
   * Windows path of the CA file.
   * @nullable
   */
  CAFilePathWindows?: string;
  /** Absolute path of the PEM file the agents present. */
  autoPEMKeyFilePath?: string;
  /** Password of the agents' PEM file. Secret. */
  autoPEMKeyFilePwd?: string;
  /** Whether clients must present a certificate; requires CAFilePath. */
  clientCertificateMode?: 'OPTIONAL' | 'REQUIRE';
}

/** Version of the obsolete monitoring or backup agent on one host. */
export interface AgentVersionEntry {
  /** Agent version name (read-only on the server). */
  name?: string;
  /** Fully qualified host name where the agent runs. */
  hostname?: string;
  /** Download URLs by platform; each platform maps build names to URLs and has a `default` key. */
  urls?: Record<string, Record<string, string>>;
  /**
   * Base URL the agent reports to; real GETs return null (OM 2.x-8.x alike).
   * @nullable
   */
  baseUrl?: string;
  /** Path of the agent's log (default /dev/null). */
  logPath?: string;
  /** Log rotation of the agent's log. */
  logRotate?: LogRotate;
}

/** The automation agent version to run. */
export interface AgentVersion {
  /** Agent version name. */
  name?: string;
  /** URL of the directory the agent downloads from. */
  directoryUrl?: string;
}

/** A role granted to a database user. */
export interface UserRole {
  /** Role name, e.g. readWrite, clusterAdmin. */
  role: string;
  /** Database of the role. */
  db: string;
}

/** SCRAM credentials of a database user (computed from the password). */
export interface ScramCredentials {
  /**
   * Iteration count (10000 for SHA-1, 15000 for SHA-256 by default).
   * @asType integer
   */
  iterationCount?: number;
  /** Salt, base64. */
  salt?: string;
  /** Server key, base64. */
  serverKey?: string;
  /** Stored key, base64. */
  storedKey?: string;
}

/** Restriction of where a user may authenticate from. */
export interface AuthenticationRestriction {
  /** Client addresses or CIDR ranges allowed to authenticate. */
  clientSource?: string[];
  /** Server addresses or CIDR ranges the client may connect to. */
  serverAddress?: string[];
}

/** A database user the automation creates and keeps. */
export interface DatabaseUser {
  /** Authentication database of the user. */
  db: string;
  /** User name. */
  user: string;
  /** Roles of the user. */
  roles?: UserRole[];
  /** Password (one of pwd, initPwd, userSource). Secret. */
  pwd?: string;
  /** Cleartext password to assign to the user. Secret. */
  initPwd?: string;
  /** Database holding the user's credentials (legacy). */
  userSource?: string;
  /** Authentication mechanisms of the user, e.g. SCRAM-SHA-256. */
  mechanisms?: string[];
  /** Where the user may authenticate from. */
  authenticationRestrictions?: AuthenticationRestriction[];
  /**
   * SCRAM-SHA-1 credentials.
   * @nullable
   */
  scramSha1Creds?: ScramCredentials;
  /**
   * SCRAM-SHA-256 credentials.
   * @nullable
   */
  scramSha256Creds?: ScramCredentials;
  /** Any custom data stored with the user. */
  customData?: unknown;
  /** Roles on other databases (legacy). */
  otherDBRoles?: Record<string, unknown>;
}

/** A user to delete. */
export interface DeletedUser {
  /** User name. */
  user?: string;
  /** Databases to delete the user from. */
  dbs?: string[];
}

/** Authentication settings of the deployment. */
export interface AuthSettings {
  /** True disables authentication. */
  disabled?: boolean;
  /** True: users not in usersWanted are removed from the deployment. */
  authoritativeSet?: boolean;
  /** User name of the automation agent. */
  autoUser?: string;
  /** Password of the automation agent; needed when going from disabled=false to true. Secret. */
  autoPwd?: string;
  /** New password the automation switches to. Secret. */
  newAutoPwd?: string;
  /** Mechanism the agent currently authenticates with (read-only on the server); may be empty. */
  autoAuthMechanism?: string;
  /** Mechanisms the agent may authenticate with. */
  autoAuthMechanisms?: string[];
  /** Authentication restrictions of the agent user. */
  autoAuthRestrictions?: unknown[];
  /**
   * Mechanisms the deployment accepts: SCRAM-SHA-1, SCRAM-SHA-256, MONGODB-CR, MONGODB-X509, PLAIN,
   * GSSAPI, MONGODB-OIDC.
   */
  deploymentAuthMechanisms?: string[];
  /** Contents of the keyfile for internal authentication. Secret. */
  key?: string;
  /**
   * New keyfile contents for a rolling rotation: Ops Manager writes it beside the old key, and once
   * every agent uses it replaces `key` with it and removes `newKey` ("Rotate a Key File with the API"). Secret.
   */
  newKey?: string;
  /** Path of the keyfile; required when authentication is enabled. */
  keyfile?: string;
  /** Windows path of the keyfile; required when authentication is enabled, even if unused. */
  keyfileWindows?: string;
  /** Path of the agent's Kerberos keytab. */
  autoKerberosKeytabPath?: string;
  /** LDAP group DN of the agent. */
  autoLdapGroupDN?: string;
  /** Users the automation creates and keeps. */
  usersWanted?: DatabaseUser[];
  /** Users to delete. */
  usersDeleted?: DeletedUser[];
}

/** TLS settings of a mongod or mongos (net.tls; net.ssl is the pre-4.2 spelling). */
export interface ProcessTls {
  /**
   * TLS mode: disabled, allowTLS, preferTLS, requireTLS. The SSL-era spellings (allowSSL,
   * preferSSL, requireSSL) are still accepted.
   */
  mode?: 'disabled' | 'allowTLS' | 'preferTLS' | 'requireTLS' | 'allowSSL' | 'preferSSL' | 'requireSSL';
  /** PEM file with the process's certificate and key. */
  certificateKeyFile?: string;
  /** Password of certificateKeyFile. Secret. */
  certificateKeyFilePassword?: string;
  /** Pre-4.2 name of certificateKeyFile. */
  PEMKeyFile?: string;
  /** Pre-4.2 name of certificateKeyFilePassword. Secret. */
  PEMKeyPassword?: string;
  /** CA file. */
  CAFile?: string;
  /** Certificate revocation list. */
  CRLFile?: string;
  /** CA file for the cluster certificates. */
  clusterCAFile?: string;
  /** PEM file for internal cluster authentication. */
  clusterFile?: string;
  /** Password of clusterFile. Secret. */
  clusterPassword?: string;
  /** Certificate selector (Windows, macOS). */
  certificateSelector?: string;
  /** Cluster certificate selector (Windows, macOS). */
  clusterCertificateSelector?: string;
  /** Protocols to disable, e.g. "TLS1_0,TLS1_1". */
  disabledProtocols?: string;
  /** Whether to use the FIPS mode of the TLS library. */
  FIPSMode?: boolean;
  /** Accept clients without a certificate. */
  allowConnectionsWithoutCertificates?: boolean;
  /** Skip certificate validation. */
  allowInvalidCertificates?: boolean;
  /** Skip host name validation. */
  allowInvalidHostnames?: boolean;
}

/** Network options of a process (mongod --net…). */
export interface ProcessNet {
  /**
   * Port the process listens on.
   * @asType integer
   */
  port?: number;
  /** Addresses to bind to, comma-separated. */
  bindIp?: string;
  /** Bind to all addresses. */
  bindIpAll?: boolean;
  /** Enable IPv6. */
  ipv6?: boolean;
  /**
   * Maximum number of simultaneous connections.
   * @asType integer
   */
  maxIncomingConnections?: number;
  /** Wire compression, e.g. {compressors: "zlib,zstd"}. */
  compression?: { compressors?: string };
  /** TLS settings. */
  tls?: ProcessTls;
  /** TLS settings, pre-4.2 name. */
  ssl?: ProcessTls;
  /** Unix domain socket options. */
  unixDomainSocket?: Record<string, unknown>;
  /** Listen backlog. */
  listenBacklog?: string | number;
  /** Service executor (removed in 5.0). */
  serviceExecutor?: string;
  /** Transport layer. */
  transportLayer?: string;
  /** HTTP interface (removed in 3.6). */
  http?: Record<string, unknown>;
}

/** Logging options of a process. */
export interface ProcessSystemLog {
  /** Where the log goes: file or syslog. */
  destination?: string;
  /** Log file path. */
  path?: string;
  /** Append to the log file on restart. */
  logAppend?: boolean;
  /**
   * Verbosity level.
   * @asType integer
   */
  verbosity?: number;
  /** Quiet mode. */
  quiet?: boolean;
  /** Syslog facility. */
  syslogFacility?: string;
  /** Log rotation behaviour of the server: rename or reopen. */
  logRotate?: string;
  /** Timestamp format. */
  timeStampFormat?: string;
  /** Verbosity per component. */
  component?: Record<string, unknown>;
}

/** WiredTiger options. */
export interface WiredTigerOptions {
  /** Engine options. */
  engineConfig?: {
    /** Cache size in GB. */
    cacheSizeGB?: number;
    /** Journal compressor: none, snappy, zlib, zstd. */
    journalCompressor?: string;
    /** Store indexes in a separate directory. */
    directoryForIndexes?: boolean;
    /** Zstandard compression level. */
    zstdCompressionLevel?: number;
    /** Raw WiredTiger configuration string. */
    configString?: string;
  };
  /** Collection options. */
  collectionConfig?: {
    /** Block compressor: none, snappy, zlib, zstd. */
    blockCompressor?: string;
    /** Raw WiredTiger configuration string. */
    configString?: string;
  };
  /** Index options. */
  indexConfig?: {
    /** Prefix compression of indexes. */
    prefixCompression?: boolean;
    /** Raw WiredTiger configuration string. */
    configString?: string;
  };
}

/** Storage options of a mongod (config servers may omit them). */
export interface ProcessStorage {
  /** Data directory. */
  dbPath?: string;
  /** Storage engine, e.g. wiredTiger or inMemory. */
  engine?: string;
  /** One directory per database. */
  directoryPerDB?: boolean;
  /** Retry index builds on restart. */
  indexBuildRetry?: boolean;
  /** Journal options. */
  journal?: {
    /** Whether journaling is on. */
    enabled?: boolean;
    /** Journal commit interval in ms. */
    commitIntervalMs?: number;
  };
  /** WiredTiger options. */
  wiredTiger?: WiredTigerOptions;
  /** In-memory engine options. */
  inMemory?: Record<string, unknown>;
  /** Seconds between flushes to disk. */
  syncPeriodSecs?: number;
  /** Minimum oplog retention in hours. */
  oplogMinRetentionHours?: number;
  /** Repair directory. */
  repairPath?: string;
  /** Small files (MMAPv1). */
  smallFiles?: boolean;
  /** Namespace file size (MMAPv1). */
  nsSize?: number;
  /** Preallocate data files (MMAPv1). */
  preallocDataFiles?: boolean;
  /** Quota options (MMAPv1). */
  quota?: Record<string, unknown>;
}

/** Replication options of a mongod. */
export interface ProcessReplication {
  /** Replica set name; must equal the `_id` of the process's replica set. */
  replSetName?: string;
  /** Oplog size in MB. */
  oplogSizeMB?: number;
  /** Enable majority read concern. */
  enableMajorityReadConcern?: boolean;
}

/** Sharding options of a mongod or mongos. */
export interface ProcessSharding {
  /** Role of the mongod in a sharded cluster. */
  clusterRole?: 'configsvr' | 'shardsvr';
  /** Keep documents of migrated chunks. */
  archiveMovedChunks?: boolean;
  /** Automatic chunk splitting. */
  autoSplit?: boolean;
  /** Chunk size in MB. */
  chunkSize?: number;
}

/** Audit log options (MongoDB Enterprise). */
export interface ProcessAuditLog {
  /** Destination: file, syslog or console. */
  destination?: string;
  /** Audit log path (destination file). */
  path?: string;
  /** Format of the file: JSON or BSON. */
  format?: string;
  /** Filter of the audited events, as a JSON document string. */
  filter?: string;
}

/** Profiler options. */
export interface ProcessOperationProfiling {
  /** Profiler mode: off, slowOp or all. */
  mode?: string;
  /** Threshold of a slow operation, in ms. */
  slowOpThresholdMs?: number;
  /** Share of slow operations profiled. */
  slowOpSampleRate?: number;
  /** Filter of profiled operations. */
  filter?: unknown;
}

/** Security options of a process. */
export interface ProcessSecurity {
  /** Authorization: enabled or disabled. */
  authorization?: string;
  /** Internal authentication mode: keyFile, sendKeyFile, sendX509, x509. */
  clusterAuthMode?: string;
  /** Keyfile path. */
  keyFile?: string;
  /** Server-side JavaScript. */
  javascriptEnabled?: boolean;
  /** Redact client data from logs. */
  redactClientLogData?: boolean;
  /** Encryption at rest (Enterprise). */
  enableEncryption?: boolean;
  /** Cipher mode of encryption at rest. */
  encryptionCipherMode?: string;
  /** Local key file of encryption at rest. Secret. */
  encryptionKeyFile?: string;
  /** KMIP options of encryption at rest. */
  kmip?: Record<string, unknown>;
  /** SASL options. */
  sasl?: Record<string, unknown>;
  /** LDAP options. */
  ldap?: Record<string, unknown>;
}

/** Configuration options of a mongod or mongos (for MongoDB 2.6 and later), as in mongod.conf. */
export interface ProcessArgs {
  /** Network options. */
  net?: ProcessNet;
  /** Logging options. */
  systemLog?: ProcessSystemLog;
  /** Storage options (mongod; config servers may omit them). */
  storage?: ProcessStorage;
  /** Replication options (mongod). */
  replication?: ProcessReplication;
  /** Sharding options. */
  sharding?: ProcessSharding;
  /** Security options. */
  security?: ProcessSecurity;
  /** Server parameters (setParameter), by name. */
  setParameter?: Record<string, unknown>;
  /** Audit log options. */
  auditLog?: ProcessAuditLog;
  /** Profiler options. */
  operationProfiling?: ProcessOperationProfiling;
  /** Process management options. */
  processManagement?: Record<string, unknown>;
  /** SNMP options. */
  snmp?: Record<string, unknown>;
  /** Rosette Linguistics Platform options. */
  basisTech?: Record<string, unknown>;
}

/** Default read and write concerns of a cluster, set through one of its processes. */
export interface DefaultRWConcern {
  /** Default read concern. */
  defaultReadConcern?: {
    /** Read concern level, e.g. local, majority. */
    level?: string;
  };
  /** Default write concern. */
  defaultWriteConcern?: {
    /** Number of members that must acknowledge a write, "majority", or a tag set name. */
    w?: string | number;
    /** Whether acknowledgement needs the on-disk journal. */
    j?: boolean;
    /** Time limit in ms; applies only when w is greater than 1. */
    wtimeout?: number;
  };
}

/**
 * A mongod or mongos process of the deployment.
 * featureCompatibilityVersion is required of mongod from 3.4 on (FCV arrived in 3.4; OM's GET omits
 * it for 3.2 and older processes).
 * @if {"properties": {"processType": {"const": "mongod"}, "version": {"not": {"pattern": "^([0-2]|3\\.[0-3])\\."}}}, "required": ["processType"]}
 * @then {"required": ["featureCompatibilityVersion"]}
 */
export interface Process {
  /** Unique name of the process; replica set members refer to it. */
  name: string;
  /** Fully qualified host name of the server running the process. */
  hostname: string;
  /** mongod or mongos. */
  processType: 'mongod' | 'mongos';
  /** MongoDB version; must name a mongoDbVersions entry. */
  version: string;
  /** Configuration options of the process (MongoDB 2.6 and later). */
  args2_6: ProcessArgs;
  /**
   * Feature compatibility version, "major.minor": the process version or one release older.
   * Required for mongod 3.4 and later (MongoDB 3.2 and older have no FCV).
   */
  featureCompatibilityVersion?: string;
  /**
   * User-credential schema version (5 on current versions); the same for every process of a
   * cluster.
   * @asType integer
   */
  authSchemaVersion?: number;
  /** Sharded cluster of a mongos: the name of a sharding[] entry. */
  cluster?: string;
  /** True shuts the process down. */
  disabled?: boolean;
  /** True: the automation does not manage the process. */
  manualMode?: boolean;
  /** Host name alias preferred over `hostname` when connecting. */
  alias?: string;
  /**
   * Number of cores the process may use.
   * @asType integer
   */
  numCores?: number;
  /** CPUs the process is pinned to. */
  cpuAffinity?: number[];
  /** Log rotation of the process's log (needs OM 7.0.4 / 6.0.24 or later). */
  logRotate?: LogRotate;
  /** Log rotation of the process's audit log. */
  auditLogRotate?: LogRotate;
  /** Default read and write concerns. */
  defaultRWConcern?: DefaultRWConcern;
  /**
   * Set to an ISO 8601 time (newer than the last run) to trigger a compaction.
   * @format date-time
   */
  lastCompact?: string;
  /**
   * Set to an ISO 8601 time (newer than the last run) to trigger an initial sync.
   * @format date-time
   */
  lastResync?: string;
  /**
   * Set to an ISO 8601 time (newer than the last run) to trigger a restart.
   * @format date-time
   */
  lastRestart?: string;
  /**
   * Set to an ISO 8601 time (newer than the last run) to trigger a KMIP master key rotation.
   * @format date-time
   */
  lastKmipMasterKeyRotation?: string;
  /** Split-horizon names of the process (managed by the Kubernetes operator). */
  horizons?: Record<string, string>;
  /**
   * Port of the KMIP proxy.
   * @asType integer
   */
  kmipProxyPort?: number;
  /**
   * Version of the credentials.
   * @asType integer
   */
  credentialsVersion?: number;
  /**
   * Log level of the process.
   * @asType integer
   */
  logLevel?: number;
  /** Plan of the process (status). */
  plan?: string[];
  /** Last configuration version the process reached (status). */
  lastGoalVersionAchieved?: number;
  /** Full version information. */
  fullVersion?: unknown;
  /** Point-in-time restore type (set by the server during a restore). */
  backupPitRestoreType?: string;
  /** Set by the server during a restore. */
  backupRestoreCertificateValidationHostname?: string;
  /** Set by the server during a restore. */
  backupRestoreCheckpointTimestamp?: unknown;
  /** Set by the server during a restore. */
  backupRestoreDesiredTime?: unknown;
  /** Set by the server during a restore. */
  backupRestoreFilterList?: unknown;
  /** Set by the server during a restore. */
  backupRestoreJobId?: string;
  /** Restore delivery URL, set when a restore is created. */
  backupRestoreUrl?: string;
  /** Set by the server during a restore. */
  backupRestoreOplogBaseUrl?: string;
  /** Set by the server during a restore. */
  backupRestoreOplog?: unknown;
  /** Set by the server during a restore. */
  backupRestoreRsVersion?: number;
  /** Set by the server during a restore. */
  backupRestoreSourceGroupId?: string;
  /** Set by the server during a restore. */
  backupRestoreSourceRsId?: string;
  /** Set by the server during a restore. */
  backupRestoreSystemRolesUUID?: string;
  /** Set by the server during a restore. */
  backupRestoreSystemUsersUUID?: string;
  /** Set by the server during a restore. */
  backupRestoreVerificationKey?: string;
}

/** A member of a replica set. */
export interface ReplicaSetMember {
  /**
   * Member identifier, unique in the replica set.
   * @asType integer
   */
  _id: number;
  /** Name of the member's process (a processes[].name). */
  host: string;
  /** Priority in elections; 0 for a member that cannot become primary. */
  priority?: number;
  /** Votes in elections: 0 or 1. */
  votes?: number;
  /** Arbiter: votes but holds no data. */
  arbiterOnly?: boolean;
  /** Whether the member builds indexes. */
  buildIndexes?: boolean;
  /** Hidden from clients. */
  hidden?: boolean;
  /** Replication delay in seconds (MongoDB 5.0 and later). */
  secondaryDelaySecs?: number;
  /**
   * Replication delay in seconds, pre-5.0 name.
   * @deprecated use secondaryDelaySecs.
   */
  slaveDelay?: number;
  /** Replica set tags of the member. */
  tags?: Record<string, string>;
  /** Split-horizon names of the member (managed by the Kubernetes operator). */
  horizons?: Record<string, string>;
}

/** A replica set of the deployment. */
export interface ReplicaSet {
  /** Replica set name; the members' processes have it as args2_6.replication.replSetName. */
  _id: string;
  /** Members of the replica set. */
  members: ReplicaSetMember[];
  /** Replication protocol version, "1" (a string in real documents; "0" before FCV 4.0). */
  protocolVersion?: string | number;
  /** Replica set settings. */
  settings?: Record<string, unknown>;
  /** Whether majority write concern waits for the journal. */
  writeConcernMajorityJournalDefault?: boolean | string;
  /** Force a reconfiguration: {currentVersion: -1}. */
  force?: {
    /** Replica set config version to force; -1 forces a reconfiguration. */
    currentVersion?: number;
  };
  /** Number of arbiters (written by the community operator). */
  numberArbiters?: number;
}

/** A shard of a sharded cluster. */
export interface Shard {
  /** Shard name. */
  _id: string;
  /** Replica set of the shard (a replicaSets[]._id). */
  rs: string;
  /** Zone tags of the shard. */
  tags?: string[];
}

/** A sharded collection. */
export interface ShardedCollection {
  /** Namespace "db.collection". */
  _id: string;
  /** Shard key, as [[field, direction]] pairs. */
  key?: (string | number)[][];
  /** Whether the shard key is unique. */
  unique?: boolean;
  /** Whether the collection was dropped. */
  dropped?: boolean;
  /** Pre-split hashed zones. */
  presplitHashedZones?: boolean;
}

/** A zone range of a sharded cluster. */
export interface ShardTagRange {
  /** Namespace "db.collection". */
  ns?: string;
  /** Lower bound of the range. */
  min?: unknown[];
  /** Upper bound of the range. */
  max?: unknown[];
  /** Zone name. */
  tag?: string;
}

/** A sharded cluster of the deployment. */
export interface ShardedCluster {
  /**
   * Cluster name; mongos processes name it in `cluster`. The docs require it; real plugin
   * fixtures identify some clusters by the undocumented `_id` alone (rule sharding-references
   * reports an entry with neither).
   */
  name?: string;
  /** Undocumented identifier some real documents carry. */
  _id?: string;
  /** Replica set of the config servers (a replicaSets[]._id). */
  configServerReplica?: string;
  /** Mirrored config servers (legacy, before config server replica sets). */
  configServer?: string[];
  /** Shards of the cluster. */
  shards?: Shard[];
  /** Sharded collections. */
  collections?: ShardedCollection[];
  /** Zone ranges. */
  tags?: ShardTagRange[];
  /** Shards being drained. */
  draining?: string[];
  /** Whether the automation manages sharded collections and zones. */
  managedSharding?: boolean;
}

/** Prometheus metrics endpoint of the agents. */
export interface PrometheusSettings {
  /** Whether the endpoint is enabled. */
  enabled?: boolean;
  /** User name for HTTP basic authentication. */
  username?: string;
  /** Password for HTTP basic authentication. Secret. */
  password?: string;
  /** Hash of the password (set by the server). */
  passwordHash?: string;
  /** Salt of the password hash (set by the server). */
  passwordSalt?: string;
  /** http or https. */
  scheme?: 'http' | 'https';
  /** Absolute path of the PEM file for https. */
  tlsPemPath?: string;
  /** Password of the PEM file. Secret. */
  tlsPemPassword?: string;
  /** Mode of the endpoint, e.g. opsManager. */
  mode?: string;
  /** Address and port the endpoint listens on. */
  listenAddress?: string;
  /** Path of the metrics, e.g. /metrics. */
  metricsPath?: string;
  /** Rate limiting: token fill rate. */
  tokenFillRateSeconds?: number;
  /** Rate limiting: burst size. */
  burstTokenCount?: number;
}

/** An index the automation builds. */
export interface IndexConfig {
  /** Database of the index. */
  dbName?: string;
  /** Collection of the index. */
  collectionName?: string;
  /** Replica set the index is built on. */
  rsName?: string;
  /** Index keys, as [[field, type]] pairs; the order matters. */
  key?: (string | number)[][];
  /** Index options. */
  options?: Record<string, unknown>;
  /** Collation options. */
  collation?: Record<string, unknown>;
}

/** A custom database role. */
export interface CustomRole {
  /** Role name. */
  role?: string;
  /** Database of the role. */
  db?: string;
  /** Privileges of the role. */
  privileges?: {
    /** Resource the actions apply to. */
    resource?: {
      /** Database. */
      db?: string;
      /** Collection. */
      collection?: string;
      /**
       * The cluster resource; real GETs return null for a database resource.
       * @nullable
       */
      cluster?: boolean;
    };
    /** Allowed actions, e.g. find, insert. */
    actions?: string[];
  }[];
  /**
   * Roles this role inherits from; real GETs return null for none.
   * @nullable
   */
  roles?: UserRole[];
  /** Authentication restrictions of the role. */
  authenticationRestrictions?: AuthenticationRestriction[];
}

/** LDAP settings of the deployment. */
export interface LdapSettings {
  /** LDAP servers, comma-separated host:port. */
  servers?: string;
  /** Bind method: simple or sasl. */
  bindMethod?: string;
  /** SASL mechanisms for binding. */
  bindSaslMechanisms?: string;
  /** Bind user. */
  bindQueryUser?: string;
  /** Bind password. Secret. */
  bindQueryPassword?: string;
  /** Transport security: tls or none. */
  transportSecurity?: string;
  /** Timeout in ms. */
  timeoutMS?: number;
  /** User to DN mapping, as a JSON string. */
  userToDNMapping?: string;
  /** Authorization query template. */
  authzQueryTemplate?: string;
  /** Validate the LDAP server configuration. */
  validateLDAPServerConfig?: boolean;
  /** CA certificates of the LDAP servers (PEM). */
  CAFileContents?: string;
  /** User cache invalidation interval in seconds. */
  userCacheInvalidationInterval?: number;
}

/** An OpenID Connect identity provider. */
export interface OidcProviderConfig {
  /** Unique prefix of the provider's user names. */
  authNamePrefix?: string;
  /** Issuer URI of the provider. */
  issuerUri?: string;
  /** Audience of the tokens. */
  audience?: string;
  /**
   * Client identifier (human flows).
   * @nullable
   */
  clientId?: string;
  /** Requested scopes. */
  requestedScopes?: string[];
  /** Claim holding the user name. */
  userClaim?: string;
  /**
   * Claim holding the groups.
   * @nullable
   */
  groupsClaim?: string;
  /** Seconds between key set polls. */
  JWKSPollSecs?: number;
  /** Whether the provider supports human (interactive) flows. */
  supportsHumanFlows?: boolean;
  /** Whether authorization comes from the groups claim. */
  useAuthorizationClaim?: boolean;
  /** Match pattern of user names for this provider. */
  matchPattern?: string;
}

/**
 * The automation configuration of a project: processes, replica sets, sharded clusters, users and
 * the versions the agents install. A PUT body should be an edited copy of a GET: keep the keys
 * you do not change.
 * @title Ops Manager automation configuration
 */
export interface AutomationConfig {
  /**
   * Revision of the configuration, as the GET returned it.
   * @asType integer
   * @nullable
   */
  version: number;
  /** Options of the automation agent. */
  options: AutomationOptions;
  /** MongoDB versions the agents may install; every processes[].version must name one. */
  mongoDbVersions: MongoDbVersion[];
  /** The mongod and mongos processes of the deployment. */
  processes: Process[];
  /** Replica sets (required if there are any). */
  replicaSets?: ReplicaSet[];
  /** Sharded clusters (required if there are any). */
  sharding?: ShardedCluster[];
  /** Authentication settings and database users. */
  auth?: AuthSettings;
  /** TLS settings of the agents. */
  tls?: AgentTlsSettings;
  /**
   * TLS settings of the agents, earlier name of `tls`.
   * @deprecated use tls.
   */
  ssl?: AgentTlsSettings;
  /** Log rotation of the automation agent's log. */
  logRotate?: LogRotate;
  /** The automation agent version to run. */
  agentVersion?: AgentVersion;
  /**
   * Versions of the monitoring agents.
   * @deprecated the list is obsolete (the automation agent does the monitoring) and changing it has no effect.
   */
  monitoringVersions?: AgentVersionEntry[];
  /**
   * Versions of the backup agents.
   * @deprecated the list is obsolete (the automation agent does the backups) and changing it has no effect.
   */
  backupVersions?: AgentVersionEntry[];
  /** Version of the MongoDB database tools the agents install. */
  mongoDbToolsVersion?: Record<string, unknown>;
  /** Prometheus metrics endpoint of the agents. */
  prometheus?: PrometheusSettings;
  /** Indexes the automation builds. */
  indexConfigs?: IndexConfig[];
  /** Balancer settings, by sharded cluster name. */
  balancer?: Record<string, unknown>;
  /** Cluster-wide settings, by replica set or cluster name. */
  clusterWideConfigurations?: Record<string, unknown>;
  /** Custom database roles. */
  roles?: CustomRole[];
  /** Kerberos settings. */
  kerberos?: {
    /** Kerberos service name, e.g. mongodb. */
    serviceName?: string;
  };
  /** LDAP settings. */
  ldap?: LdapSettings;
  /** OpenID Connect identity providers. */
  oidcProviderConfigs?: OidcProviderConfig[];
  /** Filebeat settings. */
  filebeat?: Record<string, unknown>;
  /**
   * Base URL of the Ops Manager UI.
   * @nullable
   */
  uiBaseUrl?: string;
  /** Managed by the server. */
  atlasProxies?: unknown[];
  /** Managed by the server. */
  atlasUISes?: unknown[];
  /** Managed by the server. */
  cpsModules?: unknown[];
  /** Managed by the server. */
  dbCheckModules?: unknown[];
  /** Managed by the server. */
  maintainedEnvoys?: unknown[];
  /** BI Connector processes. */
  mongosqlds?: unknown[];
  /** mongot (search) processes. */
  mongots?: unknown[];
  /** Managed by the server. */
  onlineArchiveModules?: unknown[];
  /** Managed by the server. */
  lifecycleManagementModules?: unknown[];
  /** Managed by the server. */
  maintainedMonarchComponents?: unknown[];
  /** Managed by the server. */
  maintainedMongotunes?: unknown[];
  /** Managed by the server. */
  maintainedRamis?: unknown[];
  /** Managed by the server (the Go client's AutomationConfig since mongodb/go-client-mongodb-ops-manager PR #267). */
  maintainedOplogInjectors?: unknown[];
  /** Managed by the server. */
  serverlessStateCacheMaintainers?: unknown[];
}
