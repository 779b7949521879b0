// `omlint serve`: starts the emulator of the Public API (docs/serve.md). Loaded lazily by the CLI
// (its own chunk), so that a plain check never pays for it.
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { createServeServer, type TlsFiles } from './server';
import { defaultState, ownerKey, type ApiKey, type State } from './state';
import { loadSeedChecked, SeedError } from './seed';
import { StateDirError, StateStore } from './persist';
import { createProxyServer, parseUpstream } from './proxy';
import { BatchedLog } from './log';
import { SecretsNet } from './secrets-net';

export interface ServeCliOptions {
  port: number;
  host: string;
  seed?: string;
  user?: string[];
  maxBodySize: number;
  /** Nonce lifetime in seconds (default 300). */
  nonceLifetime?: number;
  /** The control API under /__omlint/ (off by default). */
  control?: boolean;
  /** Seconds a process takes to reach a new automation goal (emulator clock). */
  automationDelay?: number;
  stateDir?: string;
  tlsCert?: string;
  tlsKey?: string;
  proxy?: string;
  proxyMode?: 'block' | 'warn';
}

export interface ServeIO {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
  cwd: string;
}

/** A usage problem of `serve`: exit 2 with the message. */
export class ServeUsageError extends Error {}

/** `--user pub:priv` → the two halves, or a usage error. */
export function parseUser(v: string): [string, string] {
  const i = v.indexOf(':');
  if (i <= 0 || i === v.length - 1) throw new ServeUsageError('--user takes <publicKey>:<privateKey>, both non-empty.');
  return [v.slice(0, i), v.slice(i + 1)];
}

/** The certificate and key of `--tls-cert`/`--tls-key`, read and checked to be a pair (a usage error otherwise). */
export function readTls(o: { tlsCert?: string; tlsKey?: string }, cwd: string): TlsFiles | undefined {
  if (o.tlsCert === undefined && o.tlsKey === undefined) return undefined;
  if (o.tlsCert === undefined || o.tlsKey === undefined) throw new ServeUsageError(`--tls-cert and --tls-key go together: give both (a PEM certificate and its private key), not ${o.tlsCert === undefined ? '--tls-key' : '--tls-cert'} alone.`);
  const read = (option: string, file: string) => {
    try {
      return readFileSync(path.resolve(cwd, file));
    } catch (e) {
      throw new ServeUsageError(`${option} ${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
    }
  };
  const tls = { cert: read('--tls-cert', o.tlsCert), key: read('--tls-key', o.tlsKey) };
  try {
    createSecureContext(tls);
  } catch (e) {
    // OpenSSL's words name the problem (no PEM, a key of another certificate), never the key's bytes.
    const why = (e as Error).message;
    if (/key values mismatch/i.test(why)) throw new ServeUsageError(`--tls-key ${o.tlsKey} is not the private key of the certificate in --tls-cert ${o.tlsCert}.`);
    throw new ServeUsageError(`--tls-cert ${o.tlsCert} and --tls-key ${o.tlsKey} are not a PEM certificate and its private key (${why}).`);
  }
  return tls;
}

export async function initialState(o: ServeCliOptions, cwd: string, now: Date, resumed?: State): Promise<{ state: State; generated: boolean; users: ApiKey[] }> {
  let state: State;
  let generated = false;
  if (resumed) state = resumed;
  else if (o.seed) {
    const file = path.resolve(cwd, o.seed);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new ServeUsageError(`--seed ${o.seed}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
    }
    try {
      state = await loadSeedChecked(text, o.seed, now);
    } catch (e) {
      if (e instanceof SeedError) throw new ServeUsageError(`invalid seed: ${e.message}`);
      throw e;
    }
  } else {
    state = defaultState(now);
    generated = true;
  }
  const users: ApiKey[] = [];
  for (const u of o.user ?? []) {
    const [pub, priv] = parseUser(u);
    const known = state.apiKeys.find((k) => k.publicKey === pub);
    // A resumed state holds the keys of earlier --user options: the same key again is no change.
    if (resumed && known?.privateKey === priv && known.roles.some((r) => r.roleName === 'GLOBAL_OWNER')) {
      users.push(known);
      continue;
    }
    if (known) throw new ServeUsageError(`--user ${pub}: that public key is already in the ${resumed ? 'resumed ' : ''}state${resumed ? ' with another private key or role' : ''}.`);
    users.push(ownerKey(pub, priv, `--user ${pub}`));
    state.apiKeys.push(users[users.length - 1]);
  }
  if (o.automationDelay !== undefined) state.automationDelaySeconds = o.automationDelay;
  return { state, generated, users };
}

/** Starts the server; resolves once it listens (the CLI then keeps running: exit code -1). */
export async function runServe(o: ServeCliOptions, io: ServeIO): Promise<{ server: Server; port: number }> {
  const tls = readTls(o, io.cwd);
  if (o.proxy !== undefined) return runProxy(o, io, tls);
  if (o.proxyMode !== undefined) throw new ServeUsageError('--proxy-mode applies with --proxy only.');
  let store: StateStore | undefined;
  let resumed: State | undefined;
  try {
    store = o.stateDir === undefined ? undefined : new StateStore(path.resolve(io.cwd, o.stateDir));
    resumed = store?.load();
  } catch (e) {
    store?.release();
    throw e instanceof StateDirError ? new ServeUsageError(e.message) : e;
  }
  let state: State;
  let generated: boolean;
  let users: ApiKey[];
  try {
    ({ state, generated, users } = await initialState(o, io.cwd, new Date(), resumed));
    // Written at once: a restart resumes the same keys and ids, the generated ones included.
    store?.save(state);
  } catch (e) {
    store?.release();
    throw e instanceof StateDirError ? new ServeUsageError(e.message) : e;
  }
  const requestLog = new BatchedLog((text) => io.stderr.write(text), debugMs('OMLINT_DEBUG_LOG_FLUSH_MS'));
  const net = new SecretsNet(state);
  // The server's own lines go through the batch too, masked by the same net: in order with the requests'.
  const note = (line: string) => requestLog.line(net.maskText(`omlint serve: ${line}`));
  const server = createServeServer(state, {
    control: o.control ? { initial: state, users } : undefined,
    maxBodyBytes: o.maxBodySize,
    nonceLifetimeMs: (o.nonceLifetime ?? 300) * 1000,
    now: () => new Date(),
    log: (line) => requestLog.line(line),
    net,
    tls,
    saveState: store && (() => store.save(state)),
    stateChanged: store && (() => store.saveSoon(state, (e) => note(`the state changed by a read is not saved: ${e.message}`), debugMs('OMLINT_DEBUG_SAVE_SOON_MS'))),
  });
  requestLog.flushOn(server);
  const port = await listen(server, o, () => store?.release());
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  const lines = [`omlint serve: listening on ${tls ? 'https' : 'http'}://${host}:${port}/api/public/v1.0 (port ${port})`];
  // The state file holds every key: named, never printed.
  if (resumed) lines.push(`  resumed the state in ${store!.file}${o.seed ? ` (--seed ${o.seed} not read: the state directory holds a state)` : ''}`);
  else if (store) lines.push(`  state saved in ${store.file} after each change`);
  if (generated) {
    // The default deployment's key is made up at start-up for this process: printing it is what lets a newcomer call at once.
    const key = state.apiKeys[0];
    lines.push(`  project ${state.groups[0].name}: ${state.groups[0].id}`, `  owner key (GLOBAL_OWNER): ${key.publicKey}:${key.privateKey}`, `  try: curl --digest -u ${key.publicKey}:${key.privateKey} ${tls ? 'https' : 'http'}://${host}:${port}/api/public/v1.0/groups/${state.groups[0].id}/alertConfigs`);
  }
  for (const u of o.user ?? []) lines.push(`  --user ${u.slice(0, u.indexOf(':'))} (GLOBAL_OWNER)`);
  if (o.control) lines.push(`  control API: ${tls ? 'https' : 'http'}://${host}:${port}/__omlint/ (reset, seed, clock, automation errors; a GLOBAL_OWNER key)`);
  io.stdout.write(lines.join('\n') + '\n');
  stopOnSignals(server, () => {
    try {
      store?.flush(state);
    } catch (e) {
      note(`the last change is not saved: ${(e as Error).message}`);
    }
    store?.release();
  });
  return { server, port };
}

/**
 * A delay a test stretches (README "Development"): `OMLINT_DEBUG_LOG_FLUSH_MS` for the request log's
 * batch, `OMLINT_DEBUG_SAVE_SOON_MS` for the save after a read; undefined (the default) unless a positive number.
 */
function debugMs(name: string): number | undefined {
  const ms = Number(process.env[name]);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 2 ** 31 - 1) : undefined;
}

function listen(server: Server, o: ServeCliOptions, onError: () => void): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      onError();
      reject(new ServeUsageError(`cannot listen on ${o.host}:${o.port} (${e.code ?? e.message}).`));
    });
    server.listen(o.port, o.host, () => {
      const a = server.address();
      resolve(typeof a === 'object' && a ? a.port : o.port);
    });
  });
}

function stopOnSignals(server: Server, release: () => void): void {
  // Idle keep-alive connections would hold close() open: they are ended with it.
  const stop = () => {
    release();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** How long the upstream of --proxy may take to answer, or stay silent while answering. */
const PROXY_TIMEOUT_MS = 30_000;

/** `--proxy URL`: the validating proxy (no state of its own: the upstream holds it). */
async function runProxy(o: ServeCliOptions, io: ServeIO, tls: TlsFiles | undefined): Promise<{ server: Server; port: number }> {
  const own = [o.seed !== undefined && '--seed', o.stateDir !== undefined && '--state-dir', (o.user ?? []).length > 0 && '--user', o.control && '--control', o.automationDelay !== undefined && '--automation-delay'].filter(Boolean);
  if (own.length > 0) throw new ServeUsageError(`--proxy forwards to another server, which holds the state and the keys: ${own.join(', ')} ${own.length === 1 ? 'does' : 'do'} not apply.`);
  let upstream: URL;
  try {
    upstream = parseUpstream(o.proxy!);
  } catch (e) {
    throw new ServeUsageError((e as Error).message);
  }
  const mode = o.proxyMode ?? 'block';
  const server = createProxyServer({ upstream, mode, maxBodyBytes: o.maxBodySize, timeoutMs: PROXY_TIMEOUT_MS, now: () => new Date(), log: (line) => io.stderr.write(`${line}\n`), tls });
  const port = await listen(server, o, () => {});
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  io.stdout.write(`omlint serve: listening on ${tls ? 'https' : 'http'}://${host}:${port}/api/public/v1.0 (port ${port}), forwarding to ${upstream.origin} (--proxy-mode ${mode})\n`);
  stopOnSignals(server, () => {});
  return { server, port };
}
