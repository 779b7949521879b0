// Config for the server: the CLI's ConfigResolver for what is on disk, and the unsaved text of an
// open omlint.config.* buffer when it differs from the disk (so editing the config re-lints the
// open documents at once).
import { readRegularText } from '../io/read-input';
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import path from 'node:path';
import { CONFIG_NAMES, ConfigError, applyConfig, defaultSettings, loadConfigText, type FileSettings } from '../config/load';
import { ConfigResolver } from '../config/discover';
import { diskExtendsFiles } from '../config/extends-disk';

export function isConfigFile(filePath: string): boolean {
  return CONFIG_NAMES.includes(path.basename(filePath));
}

function readDisk(filePath: string): string | undefined {
  try {
    return readRegularText(filePath); // never blocks on a FIFO named like a config
  } catch {
    return undefined;
  }
}

/** Per-file settings, cached until a config changes. */
export class ServerConfig {
  private resolver: ConfigResolver;
  private readonly cache = new Map<string, FileSettings>();

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
  }

  /** The config file that governs a directory. */
  configPathFor(dir: string): string | null {
    return this.resolver.findUp(dir);
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
        return applyConfig(abs, loadConfigText(configPath, buffer, this.knownRules, diskExtendsFiles));
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

/** The problems of an open config document, each where ConfigError places it. */
export function configFileDiagnostics(doc: TextDocument, filePath: string, text: string, knownRules: Set<string>): LspDiagnostic[] {
  try {
    loadConfigText(filePath, text, knownRules, diskExtendsFiles);
    return [];
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return e.problems.map((problem) => {
      let message = problem;
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
      return { range: { start, end }, severity: DiagnosticSeverity.Error, source: 'omlint', message: `Configuration error: ${message}` };
    });
  }
}
