// The playground's core: the browser entry of the same engine, rules and precompiled validators
// as the CLI (scripts/build-site.ts bundles it for platform "browser", with no Node built-in on the
// way: the build fails if one comes in). Pages load it as a classic script (file:// has no ES
// modules), which sets the global `OmlintCore`.
import { lintProject, projectOf, type LintRunOptions } from '../../src/engine/lint';
import { applyConfig, ConfigError, defaultSettings, loadConfigText, type FileSettings, type LoadedConfig } from '../../src/config/load';
import { formatJson } from '../../src/format/json';
import { KNOWN_RULE_IDS, REGISTRY } from '../../rules/registry';
import { KINDS, isKind, type Kind } from '../../src/core/kinds';
import { applyEdits } from '../../src/syntax/fix';
import type { Diagnostic, LintInput, TextEdit } from '../../src/core/types';
import { VERSION } from '../../src/core/version';
import { maskText } from '../../src/engine/mask';

export { KINDS, VERSION };

/** Every rule id with its default severity and one line of description (the rule links of the list). */
export const RULES = REGISTRY.map((e) => ({ id: e.id, severity: e.severity, summary: e.summary }));

export interface CoreFile extends LintInput {
  /** The config (a key of `configs`) that governs this file, as the CLI's upward search finds it. */
  config?: string;
  /** The kind of this file alone (a rule example's kind). */
  kind?: Kind;
}

export interface CoreRequest {
  files: CoreFile[];
  /** Config texts by their path. */
  configs?: Record<string, string>;
  /** The kind of every file (the CLI's --kind; the playground's kind selector). */
  kind?: string;
  /** The CLI's --target-version. */
  targetVersion?: string;
  /** ISO date: the clock of the date rules (default now). */
  now?: string;
  cwd?: string;
  /** Files with no document of a known kind are left out, as the CLI does with a directory's files. */
  skipUnknown?: boolean;
  /** Scope of every file: one scope, as a rule example's documents. */
  scope?: string;
}

export interface CoreResult {
  /** `omlint check --format json` of the run. */
  json: string;
  /** Per file: the diagnostics with their offsets, fixes and suggestions. */
  files: { filePath: string; diagnostics: Diagnostic[] }[];
  /** A config that does not load: the CLI exits 2 with this message. */
  configError?: string;
}

export async function lintFiles(req: CoreRequest): Promise<CoreResult> {
  if (req.kind !== undefined && req.kind !== '' && !isKind(req.kind)) return { json: '[]', files: [], configError: `unknown kind "${req.kind}"` };
  const loaded = new Map<string, LoadedConfig>();
  try {
    for (const [p, text] of Object.entries(req.configs ?? {})) loaded.set(p, loadConfigText(p, text, KNOWN_RULE_IDS));
  } catch (e) {
    if (e instanceof ConfigError) return { json: '[]', files: [], configError: e.message };
    throw e;
  }
  const byPath = new Map(req.files.map((f) => [f.filePath, f]));
  const settingsFor = (filePath: string): FileSettings => {
    const f = byPath.get(filePath);
    const s = f?.config ? applyConfig(filePath, loaded.get(f.config)) : defaultSettings(filePath);
    return { ...s, ...(f?.kind ? { kind: f.kind } : {}), ...(req.scope ? { scope: req.scope } : {}) };
  };
  const opts: LintRunOptions = {
    now: req.now ? new Date(req.now) : new Date(),
    targetVersion: req.targetVersion || undefined,
    kind: (req.kind || undefined) as Kind | undefined,
    settingsFor,
    cwd: req.cwd ?? '/',
    ...(req.skipUnknown ? { skipUnknown: () => true } : {}),
  };
  // As the CLI's file walk: a file the config ignores is never linted.
  const inputs: LintInput[] = req.files
    .filter((f) => !settingsFor(f.filePath).ignored)
    .map(({ filePath, text, problem, encoding }) => ({ filePath, text, ...(problem ? { problem } : {}), ...(encoding ? { encoding } : {}) }));
  const run = await lintProject(projectOf(opts), inputs, opts);
  return { json: formatJson(run), files: run.results.map((r) => ({ filePath: r.filePath, diagnostics: r.diagnostics })) };
}

/** A fix's edits applied to a text, as --fix applies them. */
export function applyFix(text: string, edits: TextEdit[]): string {
  return applyEdits(text, [edits]).text;
}

/**
 * A text with its secrets masked in place (engine/mask.ts, as every output of the CLI): what the
 * share link may carry, since a URL ends up in histories, chats and logs.
 */
export function maskForShare(text: string): string {
  return maskText(text, []);
}
