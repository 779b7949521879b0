// The disk behind `extends:` for the CLI and the language server (config/extends.ts reads no
// file itself, so that the browser playground's lint path imports no Node file system).
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describeFsError } from '../io/fs-errors';
import { readRegularText } from '../io/read-input';
import { packageRoot } from '../core/paths';
import { POLICY_LIMITS } from '../policy/limits';
import type { ExtendsFiles } from './extends';

export const diskExtendsFiles: ExtendsFiles = {
  // Never blocks on a FIFO named (or planted) as a pack; a special file is refused.
  read: (file) => readRegularText(file, POLICY_LIMITS.maxFileBytes),
  exists: (file) => existsSync(file),
  real: (file) => {
    try {
      return realpathSync(file);
    } catch {
      return path.resolve(file);
    }
  },
  packsDir: () => path.join(packageRoot(), 'policies'),
  packs: () => {
    const dir = path.join(packageRoot(), 'policies');
    return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5)).sort() : [];
  },
  describe: (e) => describeFsError(e),
};
