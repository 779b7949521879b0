// Runs the CLI in-process with captured output (fast), or the built bundle as a real process.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main';

/** --cache keeps its signing key under XDG_CACHE_HOME: tests give it a temporary one, never $HOME. */
export const TEST_CACHE_HOME = mkdtempSync(path.join(os.tmpdir(), 'omlint-cache-home-'));

export async function cli(args: string[], opts: { cwd?: string; stdin?: string; env?: NodeJS.ProcessEnv; tty?: boolean } = {}) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s), isTTY: opts.tty },
    stderr: { write: (s: string) => (stderr += s) },
    readStdin: async () => Buffer.from(opts.stdin ?? ''),
    cwd: opts.cwd ?? process.cwd(),
    env: { XDG_CACHE_HOME: TEST_CACHE_HOME, ...opts.env },
  });
  return { code, stdout, stderr };
}

export const BIN = path.join(__dirname, '..', '..', 'dist', 'omlint.js');

export function cliProcess(args: string[], opts: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: opts.cwd, input: opts.input, encoding: 'utf8', env: { PATH: process.env.PATH, XDG_CACHE_HOME: TEST_CACHE_HOME, ...opts.env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A temporary directory holding these files (relative path → text). */
export function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-cli-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
