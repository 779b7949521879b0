// Vocabulary of the automation configuration (DOMAIN.md §1, §2; RULES.md "Automation configuration").
// Where documentation and real documents disagree, the values real documents use are accepted too.

export const PROCESS_TYPES = ['mongod', 'mongos'] as const;
export type ProcessType = (typeof PROCESS_TYPES)[number];

/** args2_6.sharding.clusterRole. Real configsvr/shardsvr processes also carry `replication`. */
export const CLUSTER_ROLES = ['configsvr', 'shardsvr'] as const;

/** processes[].authSchemaVersion: the values OM writes (the operator always writes 5). */
export const AUTH_SCHEMA_VERSIONS = [3, 5] as const;

// --- TLS -------------------------------------------------------------------------------------

/** args2_6.net.tls.mode, as mongod spells it since 4.2. */
export const TLS_MODES = ['disabled', 'allowTLS', 'preferTLS', 'requireTLS'] as const;
/** The SSL-era spellings (net.ssl.mode); real operator fixtures also write them inside net.tls. */
export const SSL_MODES = ['disabled', 'allowSSL', 'preferSSL', 'requireSSL'] as const;
export type TlsMode = (typeof TLS_MODES)[number];

/** SSL-era spelling → TLS spelling, for the modes that differ. */
export const SSL_TO_TLS_MODE: Readonly<Record<string, TlsMode>> = {
  allowSSL: 'allowTLS',
  preferSSL: 'preferTLS',
  requireSSL: 'requireTLS',
};

/** The TLS spelling of an SSL-era mode, or undefined when the mode is not an SSL-era spelling. */
export function tlsSpellingOf(mode: string): TlsMode | undefined {
  return Object.prototype.hasOwnProperty.call(SSL_TO_TLS_MODE, mode) ? SSL_TO_TLS_MODE[mode] : undefined;
}

/** Every mode value accepted in net.tls.mode (both spellings; DOMAIN §1). */
export const NET_TLS_MODE_VALUES = [...TLS_MODES, 'allowSSL', 'preferSSL', 'requireSSL'] as const;

/** MongoDB version from which net.tls (and its TLS spellings) exists. */
export const NET_TLS_SINCE: MajorMinor = { major: 4, minor: 2 };

/** Top-level tls/ssl clientCertificateMode. */
export const CLIENT_CERTIFICATE_MODES = ['OPTIONAL', 'REQUIRE'] as const;

// --- Builds ----------------------------------------------------------------------------------

/** mongoDbVersions[].builds[].platform values seen in real GET responses. */
export const BUILD_PLATFORMS = ['linux', 'osx', 'windows'] as const;
/** The reference lists amd64 and ppc64le; real GET responses also carry aarch64 and s390x. */
export const BUILD_ARCHITECTURES = ['amd64', 'ppc64le', 'aarch64', 's390x'] as const;
/** Build fields that only mean something on Windows builds. */
export const WINDOWS_ONLY_BUILD_FIELDS = [
  'win2008plus', 'winVCRedistUrl', 'winVCRedistOptions', 'winVCRedistDll', 'winVCRedistVersion',
] as const;

export function isWindowsPlatform(platform: string): boolean {
  return platform.toLowerCase().startsWith('win');
}

// --- Replica sets ----------------------------------------------------------------------------

/** MongoDB limits: at most 7 voting members and 50 members per replica set. */
export const MAX_VOTING_MEMBERS = 7;
export const MAX_REPLICA_SET_MEMBERS = 50;
/** Member defaults when the field is absent (MongoDB replica set configuration). */
export const DEFAULT_MEMBER_VOTES = 1;

// --- Auth ------------------------------------------------------------------------------------

/** Defaults mongocli writes when it enables auth (atmcfg/auth.go). */
export const DEFAULT_AUTO_USER = 'mms-automation';
export const DEFAULT_KEYFILE = '/var/lib/mongodb-mms-automation/keyfile';
export const DEFAULT_KEYFILE_WINDOWS = '%SystemDrive%\\MMSAutomation\\versions\\keyfile';

export const DEPLOYMENT_AUTH_MECHANISMS = [
  'SCRAM-SHA-1', 'SCRAM-SHA-256', 'MONGODB-CR', 'MONGODB-X509', 'PLAIN', 'GSSAPI', 'MONGODB-OIDC',
] as const;

// --- Log rotation ----------------------------------------------------------------------------

/** Objects that share the logRotate shape: top level, and per process. */
export const LOG_ROTATE_KEYS = ['logRotate', 'auditLogRotate'] as const;
/** numUncompressed's earlier name, still recognised by the server. */
export const LEGACY_NUM_UNCOMPRESSED = 'maxUncompressed';

// --- Versions and feature compatibility -------------------------------------------------------

export interface MajorMinor {
  major: number;
  minor: number;
}

/** "7.0.12-ent" → {7, 0}; undefined when the text does not start with major.minor. */
export function parseMajorMinor(version: string): MajorMinor | undefined {
  const m = /^(\d+)\.(\d+)(?=$|[.\-+])/.exec(version);
  return m ? Object.freeze({ major: Number(m[1]), minor: Number(m[2]) }) : undefined;
}

/** featureCompatibilityVersion must be exactly "major.minor" (the operator's ValidateFCV). */
export const FCV_PATTERN = /^\d+\.\d+$/;

export function compareMajorMinor(a: MajorMinor, b: MajorMinor): number {
  return a.major !== b.major ? a.major - b.major : a.minor - b.minor;
}

export function formatMajorMinor(v: MajorMinor): string {
  return `${v.major}.${v.minor}`;
}

/**
 * Annual (major) releases before 5.0, in order; from 5.0 on every x.0 is a major release and
 * x.1, x.2… are rapid releases. FCV exists since 3.4.
 */
const MAJOR_RELEASES_BEFORE_5: MajorMinor[] = [
  { major: 3, minor: 2 }, { major: 3, minor: 4 }, { major: 3, minor: 6 },
  { major: 4, minor: 0 }, { major: 4, minor: 2 }, { major: 4, minor: 4 },
];
export const FCV_SINCE: MajorMinor = { major: 3, minor: 4 };
/** members[].secondaryDelaySecs replaced slaveDelay in MongoDB 5.0. */
export const SECONDARY_DELAY_SECS_SINCE: MajorMinor = { major: 5, minor: 0 };
/** From 3.2 on a non-voting member must have priority 0 (the 3.4 manual: "Changed in version 3.2"). */
export const NON_VOTING_PRIORITY_ZERO_SINCE: MajorMinor = { major: 3, minor: 2 };
/** From 3.6 on mongod gives arbiters priority 0 (up to 3.4 the manual documents 1 as their default). */
export const ARBITER_PRIORITY_ZERO_SINCE: MajorMinor = { major: 3, minor: 6 };

/**
 * Whether a process version is older than a release: true/false when the version starts with
 * major.minor, undefined when it cannot be read (a placeholder, a missing version).
 */
export function isBefore(version: unknown, release: MajorMinor): boolean | undefined {
  const mm = typeof version === 'string' ? parseMajorMinor(version) : undefined;
  return mm === undefined ? undefined : compareMajorMinor(mm, release) < 0;
}

/** The major release before `v` (for a rapid release, the major release of its series). */
export function previousMajorRelease(v: MajorMinor): MajorMinor | undefined {
  if (v.major >= 5) return v.minor > 0 ? { major: v.major, minor: 0 } : v.major === 5 ? { major: 4, minor: 4 } : { major: v.major - 1, minor: 0 };
  let prev: MajorMinor | undefined;
  for (const r of MAJOR_RELEASES_BEFORE_5) {
    if (compareMajorMinor(r, v) >= 0) break;
    prev = r;
  }
  return prev;
}

export type FcvVerdict =
  | { ok: true }
  | { ok: false; reason: 'format' }
  | { ok: false; reason: 'newer'; binary: MajorMinor }
  | { ok: false; reason: 'too-old'; binary: MajorMinor; oldest: MajorMinor };

/**
 * Whether an FCV suits a binary version: equal to the binary's major.minor, or at most one major
 * release older (DOMAIN §2: "equal to or one release older"). Rapid releases between the previous
 * major release and the binary are accepted, as mongod accepts them as lastContinuous.
 */
export function checkFcv(fcv: string, binaryVersion: string | undefined): FcvVerdict {
  if (!FCV_PATTERN.test(fcv)) return { ok: false, reason: 'format' };
  const f = parseMajorMinor(fcv)!;
  const binary = binaryVersion === undefined ? undefined : parseMajorMinor(binaryVersion);
  if (!binary) return { ok: true };
  if (compareMajorMinor(f, binary) > 0) return { ok: false, reason: 'newer', binary };
  if (compareMajorMinor(binary, FCV_SINCE) < 0) return { ok: true };
  const oldest = previousMajorRelease(binary);
  if (oldest && compareMajorMinor(f, oldest) < 0) return { ok: false, reason: 'too-old', binary, oldest };
  return { ok: true };
}

// --- Write concern ---------------------------------------------------------------------------

/** A write concern `w` for which wtimeout has no effect (0 or 1 acknowledgements). */
export function isSingleNodeWriteConcern(w: unknown): boolean {
  if (typeof w === 'number') return w === 0 || w === 1;
  if (typeof w === 'string') return w.trim() === '0' || w.trim() === '1';
  return false;
}
