// Config for the server: the CLI's ConfigResolver for what is on disk, and the unsaved text of an
// open omlint.config.* buffer when it differs from the disk (so editing the config re-lints the
// open documents at once). The buffer path mirrors loadConfigFile/settingsFor of
// src/config/load.ts, which read only from disk.
import { existsSync, readFileSync } from 'node:fs';
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import path from 'node:path';
import picomatch from 'picomatch';
import { CONFIG_NAMES, ConfigError, ConfigResolver, checkConfig, type FileSettings, type LoadedConfig } from '../config/load';
import { parseText } from '../parse/index';

export function isConfigFile(filePath: string): boolean {
  return CONFIG_NAMES.includes(path.basename(filePath));
}

function globMatcher(patterns: string[]): (p: string) => boolean {
  const withSlash = patterns.filter((p) => p.includes('/'));
  const bare = patterns.filter((p) => !p.includes('/'));
  const a = withSlash.length ? picomatch(withSlash.map((p) => p.replace(/^\.\//, '')), { dot: true }) : undefined;
  const b = bare.length ? picomatch(bare, { dot: true, basename: true }) : undefined;
  return (p: string) => Boolean(a?.(p) || b?.(p));
}

/** A config from text (an editor buffer). Throws ConfigError like loadConfigFile. */
export function loadConfigText(filePath: string, text: string, knownRules: Set<string>): LoadedConfig {
  const parsed = parseText(text, filePath);
  const problem = parsed.problems.find((p) => p.ruleId !== 'empty-document');
  if (problem) {
    const pos = parsed.lines.position(problem.span.start);
    throw new ConfigError(`${filePath}:${pos.line}:${pos.column}: ${problem.message}`);
  }
  const doc = parsed.documents[0];
  const value = doc && !doc.empty ? doc.value : {};
  const where = (pointer: string) => {
    const loc = doc?.locate(pointer);
    const span = loc?.key ?? loc?.value;
    if (!span) return `${filePath}${pointer ? ` (${pointer})` : ''}`;
    const pos = parsed.lines.position(span.start);
    return `${filePath}:${pos.line}:${pos.column}`;
  };
  const config = checkConfig(value, knownRules, where);
  return {
    filePath,
    dir: path.dirname(filePath),
    config,
    ignore: config.ignore?.length ? globMatcher(config.ignore) : undefined,
    overrides: (config.overrides ?? []).map((o) => ({ match: globMatcher(o.files), kind: o.kind, rules: o.rules, scope: o.scope })),
    secretPlaceholders: (config.secretPlaceholders ?? []).map((r) => new RegExp(r)),
  };
}

function defaultSettings(filePath: string): FileSettings {
  return { ignored: false, rules: {}, scope: path.dirname(path.resolve(filePath)), secretPlaceholders: [] };
}

function applyConfig(filePath: string, config: LoadedConfig): FileSettings {
  const abs = path.resolve(filePath);
  const settings: FileSettings = {
    config,
    ignored: false,
    rules: { ...(config.config.rules ?? {}) },
    scope: path.dirname(abs),
    targetVersion: config.config.targetVersion,
    secretPlaceholders: config.secretPlaceholders,
  };
  const rel = path.relative(config.dir, abs).split(path.sep).join('/');
  if (rel.startsWith('..')) return settings;
  settings.ignored = Boolean(config.ignore?.(rel));
  for (const o of config.overrides) {
    if (!o.match(rel)) continue;
    if (o.kind) settings.kind = o.kind;
    if (o.rules) Object.assign(settings.rules, o.rules);
    if (o.scope) settings.scope = `scope:${config.filePath}#${o.scope}`;
  }
  return settings;
}

function readDisk(filePath: string): string | undefined {
  try {
    return readFileSync(filePath, 'utf8');
  } catch {
    return undefined;
  }
}

/** Per-file settings, cached until a config changes. */
export class ServerConfig {
  private resolver: ConfigResolver;
  private readonly cache = new Map<string, FileSettings>();
  private readonly configPaths = new Map<string, string | null>();

  constructor(
    private readonly knownRules: Set<string>,
    /** The text of an open buffer, by file path. */
    private readonly bufferText: (filePath: string) => string | undefined,
    /** A configuration problem (reported once per message by the caller). */
    private readonly onError: (message: string) => void = () => {},
  ) {
    this.resolver = new ConfigResolver(knownRules);
  }

  /** Forget everything read from configs (a config changed). */
  invalidate(): void {
    this.resolver = new ConfigResolver(this.knownRules);
    this.cache.clear();
    this.configPaths.clear();
  }

  /** The config file that governs a directory (open buffers count as existing files). */
  configPathFor(dir: string): string | null {
    const hit = this.configPaths.get(dir);
    if (hit !== undefined) return hit;
    let found: string | null = null;
    for (const name of CONFIG_NAMES) {
      const p = path.join(dir, name);
      if (existsSync(p)) {
        found = p;
        break;
      }
    }
    if (!found) {
      const parent = path.dirname(dir);
      found = parent !== dir ? this.configPathFor(parent) : null;
    }
    this.configPaths.set(dir, found);
    return found;
  }

  settingsFor(filePath: string): FileSettings {
    const abs = path.resolve(filePath);
    const hit = this.cache.get(abs);
    if (hit) return hit;
    const settings = this.compute(abs);
    this.cache.set(abs, settings);
    return settings;
  }

  private compute(abs: string): FileSettings {
    const configPath = this.configPathFor(path.dirname(abs));
    if (!configPath) return defaultSettings(abs);
    const buffer = this.bufferText(configPath);
    try {
      if (buffer !== undefined && buffer !== readDisk(configPath)) {
        return applyConfig(abs, loadConfigText(configPath, buffer, this.knownRules));
      }
      return this.resolver.settingsFor(abs);
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      // A broken config: lint as if there were none, and say why once.
      this.onError(e.message);
      return defaultSettings(abs);
    }
  }
}

/** The problem of an open config document, where ConfigError places it. */
export function configFileDiagnostics(doc: TextDocument, filePath: string, text: string, knownRules: Set<string>): LspDiagnostic[] {
  try {
    loadConfigText(filePath, text, knownRules);
    return [];
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    let message = e.message;
    let line = 0;
    let character = 0;
    if (message.startsWith(filePath)) {
      message = message.slice(filePath.length);
      const m = /^:(\d+):(\d+): /.exec(message);
      if (m) {
        line = Number(m[1]) - 1;
        character = Number(m[2]) - 1 + (line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0);
        message = message.slice(m[0].length);
      } else message = message.replace(/^(?: \([^)]*\))?: /, '');
    }
    const start = { line, character };
    const lineEnd = doc.positionAt(doc.offsetAt({ line: line + 1, character: 0 }) - 1);
    const end = lineEnd.line === line && lineEnd.character > character ? lineEnd : start;
    return [{ range: { start, end }, severity: DiagnosticSeverity.Error, source: 'omlint', message: `Configuration error: ${message}` }];
  }
}
