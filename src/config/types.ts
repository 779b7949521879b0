// The omlint configuration file (omlint.config.yaml / omlint.config.json).
// This type is the source of schemas/omlint-config.schema.json.
import type { Kind } from '../core/kinds';
import type { PolicySpec } from '../policy/spec';

export type SeveritySetting = 'off' | 'info' | 'warning' | 'error';

/**
 * A rule's severity: off, info, warning or error; ESLint's warn, 0 (off), 1 (warning) and 2 (error) too.
 */
export type ConfigSeverity = SeveritySetting | 'warn' | 0 | 1 | 2;

/** Per-path settings. */
export interface OverrideConfig {
  /**
   * Glob patterns (relative to the config file's directory) that this override applies to.
   * @minItems 1
   */
  files: string[];
  /** Force the document kind of the matching files. */
  kind?: Kind;
  /** Rule severities for the matching files. */
  rules?: Record<string, ConfigSeverity>;
  /**
   * Project scope name for cross-document rules: files with the same scope name are one project,
   * wherever they live. Without it, a project scope is the files of one directory.
   * @minLength 1
   */
  scope?: string;
}

/**
 * omlint configuration.
 * @title omlint configuration
 */
export interface OmlintConfig {
  /** JSON Schema reference, for editors. */
  $schema?: string;
  /**
   * Files whose policies (and rule severities) this config takes: a relative path (./team.yaml),
   * a built-in pack (omlint:production, omlint:alerting) or an npm package name (its package.json
   * names a YAML/JSON file in "omlint"; nothing is ever run).
   */
  extends?: string | string[];
  /** The organization's own rules, declared as data (docs/policies.md). */
  policies?: PolicySpec[];
  /** Rule severities by rule id. */
  rules?: Record<string, ConfigSeverity>;
  /** Settings for some paths. Later entries win. */
  overrides?: OverrideConfig[];
  /** Glob patterns (relative to the config file's directory) of files never linted. */
  ignore?: string[];
  /**
   * The Ops Manager version the documents are for, e.g. "7.0" (`--target-version`; a patch counts as its
   * release series): features that release removed and fields it does not know yet are errors (docs/versions.md).
   * @pattern ^\d+\.\d+(\.\d+)?$
   */
  targetVersion?: string;
  /** Regular expressions matching values that are placeholders, not secrets (e.g. "^vault:"). */
  secretPlaceholders?: string[];
}
