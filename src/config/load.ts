// Config validation (from its text) and per-file resolution; no file system, so that the
// playground's browser bundle has them (config/discover.ts finds and reads config files).
import path from 'node:path';
import picomatch from 'picomatch';
import { parseText } from '../syntax/index';
import { KINDS, isKind, type Kind } from '../core/kinds';
import type { SeveritySetting } from '../core/types';
import { isObject } from '../core/is-object';
import type { OmlintConfig } from './types';
import { absolutePath, pathBelow } from '../core/normal-paths';
import { didYouMean } from './did-you-mean';
import { compilePlaceholderPattern, PlaceholderPatternError, type PlaceholderPattern } from '../model/placeholders';
import type { Rule } from '../core/types';
import { loadPolicySet, parseConfigLike, type ExtendsFiles } from './extends';
import { SEVERITY_SPELLINGS, severitySetting, severitySettings } from './severity';

export const CONFIG_NAMES = ['omlint.config.yaml', 'omlint.config.yml', 'omlint.config.json'];

/** A configuration problem: the CLI exits 2 with this message. */
export class ConfigError extends Error {
  /** Each problem, `file:line:column: message` (one for most errors; all of a config's at once). */
  readonly problems: readonly string[];
  constructor(message: string, problems: readonly string[] = [message]) {
    super(message);
    this.name = 'ConfigError';
    this.problems = problems;
  }

  /** One error of several problems: each on its own line, after their count. */
  static of(problems: readonly string[]): ConfigError {
    return new ConfigError(problems.length === 1 ? problems[0] : `${problems.length} problems\n${problems.join('\n')}`, problems);
  }
}

export interface LoadedConfig {
  filePath: string;
  dir: string;
  config: OmlintConfig;
  ignore: PathMatcher | undefined;
  overrides: { match: PathMatcher; kind?: Kind; rules?: Record<string, SeveritySetting>; scope?: string }[];
  secretPlaceholders: PlaceholderPattern[];
  /** The policies of the config and the files it extends, with the files each applies to. */
  policies: { rule: Rule; source: string; match?: PathMatcher; scopeName?: string }[];
  /** Severities of the config, over those of the files it extends, in omlint's words (ESLint's read once here). */
  rules: Record<string, SeveritySetting>;
}

/** What the config says about one file. */
export interface FileSettings {
  config?: LoadedConfig;
  ignored: boolean;
  kind?: Kind;
  rules: Record<string, SeveritySetting>;
  /** Project scope key for cross-document rules. */
  scope: string;
  targetVersion?: string;
  secretPlaceholders: readonly PlaceholderPattern[];
  /** The policies (as rules) that apply to the file; absent: none. */
  policies?: Rule[];
}

type PathMatcher = (relativePath: string) => boolean;

function globMatcher(patterns: string[]): PathMatcher {
  // Like .gitignore: a pattern without a slash matches the base name in any directory.
  const withSlash = patterns.filter((p) => p.includes('/'));
  const bare = patterns.filter((p) => !p.includes('/'));
  const a = withSlash.length ? picomatch(withSlash.map((p) => p.replace(/^\.\//, '')), { dot: true }) : undefined;
  const b = bare.length ? picomatch(bare, { dot: true, basename: true }) : undefined;
  return (p: string) => Boolean(a?.(p) || b?.(p));
}

/**
 * Validates a parsed config value. Hand-written checks with exact paths (the config is small and
 * this keeps config loading free of schema machinery on the cold-start path). Every problem is
 * collected, so that a config with three errors gets three lines in one run, not one per run.
 * `knownRules` undefined: rule ids are not checked (the policies that would add theirs did not load).
 */
export function checkConfig(value: unknown, knownRules: Set<string> | undefined, where: (pointer: string) => string, earlier: readonly string[] = []): OmlintConfig {
  const problems = [...earlier];
  const fail = (pointer: string, msg: string): void => {
    problems.push(`${where(pointer)}: ${msg}`);
  };
  if (!isObject(value)) {
    fail('', 'the configuration must be a mapping (object)');
    throw ConfigError.of(problems);
  }
  const v = value as Record<string, unknown>;
  const allowed = ['$schema', 'extends', 'policies', 'rules', 'overrides', 'ignore', 'targetVersion', 'secretPlaceholders'];
  for (const k of Object.keys(v)) if (!allowed.includes(k)) fail(`/${k}`, `unknown setting "${k}";${didYouMean(k, allowed)} settings: ${allowed.slice(1).join(', ')}`);
  const checkRules = (rules: unknown, at: string) => {
    if (rules === undefined) return;
    if (!isObject(rules)) return fail(at, `"rules" must map rule ids to severities: ${SEVERITY_SPELLINGS}`);
    for (const [id, sev] of Object.entries(rules as object)) {
      if (knownRules && !knownRules.has(id)) fail(`${at}/${id}`, `unknown rule id "${id}".${didYouMean(id, knownRules)} (omlint rules lists them)`);
      if (severitySetting(sev) === undefined) fail(`${at}/${id}`, `severity of "${id}" must be one of ${SEVERITY_SPELLINGS}, not ${JSON.stringify(sev)}`);
    }
  };
  const checkGlobs = (globs: unknown, at: string, nonEmpty: boolean) => {
    if (!Array.isArray(globs) || globs.some((g) => typeof g !== 'string' || g === '')) fail(at, 'must be a list of glob patterns (non-empty strings)');
    else if (nonEmpty && globs.length === 0) fail(at, 'must list at least one glob pattern');
  };
  checkRules(v.rules, '/rules');
  if (v.ignore !== undefined) checkGlobs(v.ignore, '/ignore', false);
  if (v.targetVersion !== undefined && (typeof v.targetVersion !== 'string' || !/^\d+\.\d+(\.\d+)?$/.test(v.targetVersion))) {
    fail('/targetVersion', `must be a version string such as "7.0", not ${JSON.stringify(v.targetVersion)}`);
  }
  if (v.secretPlaceholders !== undefined) {
    if (!Array.isArray(v.secretPlaceholders)) fail('/secretPlaceholders', 'must be a list of regular expressions');
    else v.secretPlaceholders.forEach((r: unknown, i) => {
      if (typeof r !== 'string') return fail(`/secretPlaceholders/${i}`, 'must be a string (a regular expression)');
      // RE2 (linear-time) rather than RegExp: a pattern such as ^(a+)+$ must not hang a run.
      try {
        compilePlaceholderPattern(r as string);
      } catch (e) {
        if (!(e instanceof PlaceholderPatternError)) throw e;
        fail(`/secretPlaceholders/${i}`, `invalid regular expression: ${e.message}`);
      }
    });
  }
  if (v.overrides !== undefined) {
    if (!Array.isArray(v.overrides)) fail('/overrides', 'must be a list of {files, kind?, rules?, scope?}');
    else v.overrides.forEach((o: unknown, i) => {
      const at = `/overrides/${i}`;
      if (!isObject(o)) return fail(at, 'must be a mapping {files, kind?, rules?, scope?}');
      const ov = o as Record<string, unknown>;
      for (const k of Object.keys(ov)) if (!['files', 'kind', 'rules', 'scope'].includes(k)) fail(`${at}/${k}`, `unknown setting "${k}" in an override;${didYouMean(k, ['files', 'kind', 'rules', 'scope'])} settings: files, kind, rules, scope`);
      if (ov.files === undefined) fail(at, 'an override needs "files" (glob patterns)');
      else checkGlobs(ov.files, `${at}/files`, true);
      if (ov.kind !== undefined && !isKind(ov.kind)) fail(`${at}/kind`, `unknown kind ${JSON.stringify(ov.kind)};${typeof ov.kind === 'string' ? didYouMean(ov.kind, KINDS) : ''} kinds: ${KINDS.join(', ')}`);
      checkRules(ov.rules, `${at}/rules`);
      if (ov.scope !== undefined && (typeof ov.scope !== 'string' || ov.scope === '')) fail(`${at}/scope`, 'must be a non-empty string');
    });
  }
  if (problems.length) throw ConfigError.of(problems);
  return v as OmlintConfig;
}

/** A config from its text (a file, or an editor's unsaved buffer). Throws ConfigError. */
/** `files`: how `extends:` reads the files it names (config/extends-disk.ts); without, `extends` is refused. */
export function loadConfigText(filePath: string, text: string, knownRules: Set<string>, files?: ExtendsFiles): LoadedConfig {
  const error = (message: string): never => {
    throw new ConfigError(message);
  };
  const { value, where } = parseConfigLike(filePath, text, error);
  // Policies first: the config's `rules:` may set their severities.
  const isMapping = isObject(value);
  // A problem of the policies (or of what they extend) is reported with the rest of the config's.
  let policyProblems: readonly string[] = [];
  let set: ReturnType<typeof loadPolicySet> = { policies: [], rules: {} };
  try {
    if (isMapping) set = loadPolicySet(value as Record<string, unknown>, filePath, where, knownRules, error, files);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    policyProblems = e.problems;
  }
  const known = policyProblems.length ? undefined : set.policies.length ? new Set([...knownRules, ...set.policies.map((p) => p.rule.meta.id)]) : knownRules;
  const config = checkConfig(value, known, where, policyProblems);
  const dir = path.dirname(filePath);
  return {
    filePath,
    dir,
    config,
    ignore: config.ignore?.length ? globMatcher(config.ignore) : undefined,
    overrides: (config.overrides ?? []).map((o) => ({ match: globMatcher(o.files), kind: o.kind, rules: o.rules && severitySettings(o.rules), scope: o.scope })),
    secretPlaceholders: (config.secretPlaceholders ?? []).map(compilePlaceholderPattern),
    policies: set.policies.map((p) => ({ rule: p.rule, source: p.source, match: p.files ? globMatcher(p.files) : undefined, scopeName: p.scopeName })),
    rules: { ...set.rules, ...severitySettings(config.rules ?? {}) },
  };
}

/** Settings of a file that no config governs. */
export function defaultSettings(filePath: string): FileSettings {
  return defaultsOf(absolutePath(filePath));
}

function defaultsOf(abs: string): FileSettings {
  return { ignored: false, rules: {}, scope: path.dirname(abs), secretPlaceholders: [] };
}

/** What a config says about one file. */
export function applyConfig(filePath: string, config: LoadedConfig | undefined): FileSettings {
  return applyToResolved(absolutePath(filePath), config);
}

// Paths resolved once per file: path.resolve was a tenth of a 2,000-file run's own time.
export function applyToResolved(abs: string, config: LoadedConfig | undefined): FileSettings {
  if (!config) return defaultsOf(abs);
  const settings: FileSettings = {
    config,
    ignored: false,
    rules: { ...config.rules },
    scope: path.dirname(abs),
    targetVersion: config.config.targetVersion,
    secretPlaceholders: config.secretPlaceholders,
  };
  const rel = pathBelow(config.dir, abs) ?? path.relative(config.dir, abs).split(path.sep).join('/');
  if (rel.startsWith('..')) return withPolicies(settings, config, undefined, undefined);
  settings.ignored = Boolean(config.ignore?.(rel));
  let scopeName: string | undefined;
  for (const o of config.overrides) {
    if (!o.match(rel)) continue;
    if (o.kind) settings.kind = o.kind;
    if (o.rules) Object.assign(settings.rules, o.rules);
    if (o.scope) {
      settings.scope = `scope:${config.filePath}#${o.scope}`;
      scopeName = o.scope;
    }
  }
  return withPolicies(settings, config, rel, scopeName);
}

/** The policies of a config that apply to a file: its `files` globs (none match a file outside the config's directory) and `scope` name. */
function withPolicies(settings: FileSettings, config: LoadedConfig, rel: string | undefined, scopeName: string | undefined): FileSettings {
  const policies = config.policies.filter((p) => (!p.match || (rel !== undefined && p.match(rel))) && (p.scopeName === undefined || p.scopeName === scopeName)).map((p) => p.rule);
  if (policies.length) settings.policies = policies;
  return settings;
}
