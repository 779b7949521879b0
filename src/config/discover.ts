// Config discovery (upward from each linted file) and reading config files.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeFsError } from '../io/fs-errors';
import { readRegularText } from '../io/read-input';
import { absolutePath } from '../core/paths';
import { POLICY_LIMITS } from '../policy/limits';
import { diskExtendsFiles } from './extends-disk';
import { applyToResolved, loadConfigText, ConfigError, CONFIG_NAMES, type FileSettings, type LoadedConfig } from './load';

export function loadConfigFile(filePath: string, knownRules: Set<string>): LoadedConfig {
  let text: string;
  try {
    // Never blocks on a FIFO named (or planted) as a config; a special file is refused.
    text = readRegularText(filePath, POLICY_LIMITS.maxFileBytes);
  } catch (e) {
    throw new ConfigError(`${filePath}: cannot read the configuration (${describeFsError(e)})`);
  }
  return loadConfigText(filePath, text, knownRules, diskExtendsFiles);
}

/** Finds configs upward from directories, once per directory. */
export class ConfigResolver {
  private readonly byDir = new Map<string, string | null>();
  private readonly loaded = new Map<string, LoadedConfig>();
  private readonly settings = new Map<string, FileSettings>();
  private readonly defaultsByDir = new Map<string, FileSettings>();

  constructor(
    private readonly knownRules: Set<string>,
    /** An explicit config (--config): used for every file. */
    private readonly explicit?: string,
    /** Put on top of each file's settings (the command line's --rule: ruleOverrides). */
    private readonly overrides?: (base: FileSettings) => FileSettings,
  ) {}

  /** The config file that governs a directory (the nearest upward), cached per directory. */
  findUp(dir: string): string | null {
    const hit = this.byDir.get(dir);
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
      found = parent !== dir ? this.findUp(parent) : null;
    }
    this.byDir.set(dir, found);
    return found;
  }

  configFor(filePath: string): LoadedConfig | undefined {
    return this.configOfDir(path.dirname(absolutePath(filePath)));
  }

  /** The config of the files of directory `dir` (absolute). */
  private configOfDir(dir: string): LoadedConfig | undefined {
    const p = this.explicit ? path.resolve(this.explicit) : this.findUp(dir);
    if (!p) return undefined;
    let c = this.loaded.get(p);
    if (!c) {
      c = loadConfigFile(p, this.knownRules);
      this.loaded.set(p, c);
    }
    return c;
  }

  /** Asked several times per file in a run (discovery, scopes, linting): computed once. */
  settingsFor(filePath: string): FileSettings {
    let s = this.settings.get(filePath);
    if (!s) {
      const abs = absolutePath(filePath);
      const dir = path.dirname(abs);
      const config = this.configOfDir(dir);
      if (config) s = applyToResolved(abs, config);
      else {
        // Without a config, a file's settings are its directory's: one object per directory (a run
        // of 50,000 files held 50,000 equal copies).
        s = this.defaultsByDir.get(dir);
        if (!s) this.defaultsByDir.set(dir, (s = applyToResolved(abs, undefined)));
      }
      if (this.overrides) s = this.overrides(s);
      this.settings.set(filePath, s);
    }
    return s;
  }
}
