// Starting `omlint serve` for tests: as a real process (dist/omlint.js serve --port 0, the port read
// from its first line) or in process with a clock the test moves; and a digest client written
// from RFC 7616 for the in-process tests that must forge, replay or age a request.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createServeServer } from '../../src/serve/server';
import { loadSeed, SeedError } from '../../src/serve/seed';
import type { State } from '../../src/serve/state';

export const BIN = path.join(__dirname, '..', '..', 'dist', 'omlint.js');

export interface Running {
  port: number;
  pid: number;
  base: string;
  /** `pub:priv` of the default deployment's owner key (when no seed). */
  user?: string;
  groupId?: string;
  stdout: string;
  stderr(): string;
  stop(): Promise<void>;
}

/** Spawns `omlint serve --port 0 ...args` on 127.0.0.1 and waits (10 s at most) for its port. */
export function startProcess(args: string[] = [], cwd?: string, env?: NodeJS.ProcessEnv): Promise<Running> {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c) => (err += String(c)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`omlint serve did not start in 10 s: ${out}${err}`));
    }, 10_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`omlint serve exited ${code}: ${out}${err}`));
    });
    child.stdout!.on('data', (c) => {
      out += String(c);
      const m = /listening on (https?):\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      // The whole banner: the owner key line comes with the first when a default deployment is made.
      if (!m || (!args.includes('--seed') && !/try: |resumed the state|forwarding to/.test(out))) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const port = Number(m[2]);
      resolve({
        port,
        pid: child.pid!,
        base: `${m[1]}://127.0.0.1:${port}/api/public/v1.0`,
        user: /owner key \(GLOBAL_OWNER\): (\S+)/.exec(out)?.[1],
        groupId: /project Project 0: (\w+)/.exec(out)?.[1],
        stdout: out,
        stderr: () => err,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 3000).unref();
          }),
      });
    });
  });
}

export interface InProcess {
  base: string;
  state: State;
  clock: { now: Date };
  log: string[];
  close(): Promise<void>;
}

/** The server in this process on a free port, with a clock the test moves. */
export async function startInProcess(state: State, opts: { maxBodyBytes?: number; nonceLifetimeMs?: number; control?: boolean } = {}): Promise<InProcess> {
  const clock = { now: new Date('2026-06-01T12:00:00Z') };
  const log: string[] = [];
  const control = opts.control ? { initial: structuredClone(state), users: [] } : undefined;
  const server = createServeServer(state, { maxBodyBytes: opts.maxBodyBytes ?? 1 << 20, nonceLifetimeMs: opts.nonceLifetimeMs ?? 300_000, now: () => clock.now, log: (l) => log.push(l), control });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}/api/public/v1.0`,
    state,
    clock,
    log,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** The Authorization header answering a challenge (RFC 7616 §3.4, MD5, qop=auth). */
export function digestHeader(challenge: string, method: string, uri: string, user: string, secret: string, nc = 1, realm?: string): string {
  const nonce = /nonce="([^"]+)"/.exec(challenge)![1];
  const r = realm ?? /realm="([^"]+)"/.exec(challenge)![1];
  const cnonce = randomBytes(8).toString('hex');
  const ncHex = nc.toString(16).padStart(8, '0');
  const response = md5(`${md5(`${user}:${r}:${secret}`)}:${nonce}:${ncHex}:${cnonce}:auth:${md5(`${method}:${uri}`)}`);
  return `Digest username="${user}", realm="${r}", nonce="${nonce}", uri="${uri}", algorithm=MD5, qop=auth, nc=${ncHex}, cnonce="${cnonce}", response="${response}"`;
}

/** A request answered after its challenge: fetch, 401, then the digest (nc 1). */
export async function digestFetch(url: string, user: string, secret: string, init: RequestInit = {}): Promise<Response> {
  const first = await fetch(url, { ...init, body: undefined, headers: {} });
  await first.arrayBuffer();
  if (first.status !== 401) return first;
  const u = new URL(url);
  const auth = digestHeader(first.headers.get('www-authenticate')!, init.method ?? 'GET', u.pathname + u.search, user, secret);
  return fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: auth } });
}

/** The message of a seed's first problem (`file:line:column: …`), or 'loaded'. */
export function seedProblem(text: string, fileName: string): string {
  try {
    loadSeed(text, fileName);
  } catch (e) {
    if (e instanceof SeedError) return e.message;
    throw e;
  }
  return 'loaded';
}
