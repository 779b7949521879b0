// The version lives in package.json alone; `npm version` copies it (scripts/sync-version.ts) to
// `omlint --version` and to the VS Code extension: the three agree, and the copy script keeps them so.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { VERSION } from '../src/core/version';
import { cliProcess } from './cli/run';

const ROOT = path.join(__dirname, '..');
const versionOf = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')).version as string;

it('package.json, omlint --version (sources and the built CLI) and extension/package.json agree', () => {
  const version = versionOf('package.json');
  expect(VERSION).toBe(version);
  expect(cliProcess(['--version']).stdout.trim()).toBe(version);
  expect(versionOf('extension/package.json')).toBe(version);
});

it('scripts/sync-version.ts copies package.json\'s version to the other two', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-version-'));
  for (const f of ['src/core/version.ts', 'extension/package.json', 'scripts/sync-version.ts']) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    cpSync(path.join(ROOT, f), path.join(dir, f));
  }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'omlint', version: '9.8.7-rc.1' }));
  execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, 'scripts/sync-version.ts')], { cwd: ROOT, encoding: 'utf8' });
  expect(readFileSync(path.join(dir, 'src/core/version.ts'), 'utf8')).toContain("export const VERSION = '9.8.7-rc.1';");
  expect(JSON.parse(readFileSync(path.join(dir, 'extension/package.json'), 'utf8')).version).toBe('9.8.7-rc.1');
});
