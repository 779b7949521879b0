// Shared by the robustness tests: the built bundle run as a real process under a probe that
// measures peak memory and records every module and process/network call it makes; seeded data.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(__dirname, '..', '..');
export const BIN = path.join(ROOT, 'dist', 'omlint.js');

/** Builds dist/ when it is missing (npm test builds first; a lone vitest run may not have). */
export function ensureBuilt(): void {
  if (!existsSync(BIN)) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
}

/** A fresh directory for generated hostile files (never committed: generated at test time). */
export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `omlint-${prefix}-`));
}

/** Seeded PRNG (mulberry32): the same bytes on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomBytes(n: number, seed: number): Buffer {
  const next = prng(seed);
  const b = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(next() * 256);
  return b;
}

/** Modules that would let linting reach the network or run programs. */
export const NETWORK_MODULES = ['http', 'https', 'http2', 'net', 'dns', 'tls', 'dgram', 'undici'];
export const PROCESS_MODULES = ['child_process', 'cluster'];

// The probe, loaded with --import before omlint: CommonJS loads (Module._load, which the bundle's
// createRequire uses), ESM resolutions (a resolve hook, off-thread in Node 20: it appends to a
// file), process.getBuiltinModule, and calls that start processes or open connections.
const PROBE = String.raw`
import Module, { register } from 'node:module';
import { appendFileSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import cp from 'node:child_process';
import net from 'node:net';
import dns from 'node:dns';
const out = process.env.OMLINT_PROBE;
const loaded = new Set();
const calls = [];
const bare = (s) => String(s).replace(/^node:/, '');
const load = Module._load;
Module._load = function (request, ...rest) {
  loaded.add(bare(request));
  return load.call(this, request, ...rest);
};
if (typeof process.getBuiltinModule === 'function') {
  const get = process.getBuiltinModule.bind(process);
  process.getBuiltinModule = (id) => (loaded.add(bare(id)), get(id));
}
const spy = (obj, names, label) => {
  for (const n of names) {
    const f = obj[n];
    if (typeof f !== 'function') continue;
    obj[n] = function (...args) {
      calls.push(label + '.' + n);
      return f.apply(this, args);
    };
  }
};
spy(cp, ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'], 'child_process');
spy(net, ['connect', 'createConnection', 'createServer'], 'net');
spy(net.Socket.prototype, ['connect'], 'net.Socket');
spy(dns, ['lookup', 'resolve', 'resolve4', 'resolve6'], 'dns');
spy(globalThis, ['fetch', 'WebSocket', 'EventSource'], 'global');
const hooks = 'import { appendFileSync } from "node:fs"; let file;' +
  'export function initialize(d) { file = d.file; }' +
  'export async function resolve(s, c, next) { appendFileSync(file, s + "\\n"); return next(s, c); }';
register('data:text/javascript,' + encodeURIComponent(hooks), { data: { file: out + '.esm' } });
process.on('exit', () => {
  const u = process.resourceUsage();
  writeFileSync(out + '.' + threadId + '.json', JSON.stringify({ maxRssKB: u.maxRSS, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, loaded: [...loaded], calls }));
});
`;

let probeFile: string | undefined;
function probe(): string {
  if (!probeFile) {
    const dir = tempDir('probe');
    probeFile = path.join(dir, 'probe.mjs');
    writeFileSync(probeFile, PROBE);
  }
  return probeFile;
}

export interface ProcessRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall time of the whole process. */
  ms: number;
  /** Peak resident set size of the process (all threads), in MB. */
  maxRssMB: number;
  /** CPU time of the process, in ms. */
  cpuMs: number;
  /** Builtins and packages loaded by omlint (CommonJS requests and ESM specifiers, without node:). */
  modules: string[];
  /** Calls that start processes or open connections. */
  calls: string[];
}

/** Runs the built CLI (or `script`, to test the probe) as a real process, asynchronously. */
export function runBundle(args: string[], opts: { cwd?: string; input?: string | Buffer; env?: NodeJS.ProcessEnv; timeoutMs?: number; script?: string } = {}): Promise<ProcessRun> {
  const dir = tempDir('run');
  mkdirSync(dir, { recursive: true });
  const report = path.join(dir, 'probe');
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', pathToFileURL(probe()).href, opts.script ?? BIN, ...args], {
      cwd: opts.cwd ?? ROOT,
      env: { PATH: process.env.PATH, OMLINT_PROBE: report, ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = Date.now() - started;
      const reports = readdirSync(dir).filter((f) => /^probe\.\d+\.json$/.test(f)).map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { maxRssKB: number; cpuMs: number; loaded: string[]; calls: string[] });
      const esm = existsSync(`${report}.esm`) ? readFileSync(`${report}.esm`, 'utf8').split('\n').filter(Boolean) : [];
      const main = reports.reduce((m, r) => Math.max(m, r.maxRssKB), 0);
      rmSync(dir, { recursive: true, force: true });
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        ms,
        maxRssMB: main / 1024,
        cpuMs: reports.reduce((m, r) => Math.max(m, r.cpuMs), 0),
        modules: [...new Set([...reports.flatMap((r) => r.loaded), ...esm.map((s) => s.replace(/^node:/, ''))])].sort(),
        calls: reports.flatMap((r) => r.calls),
      });
    });
    child.stdin.on('error', () => {}); // the child may exit before reading all of it
    child.stdin.end(opts.input ?? '');
  });
}

/** The JSON report of a run (`--format json`), as diagnostics per file. */
export function jsonReport(stdout: string): { filePath: string; diagnostics: { ruleId: string; severity: string; message: string }[] }[] {
  return JSON.parse(stdout);
}
