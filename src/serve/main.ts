// `omlint serve`: starts the emulator of the Public API (docs/serve.md). Loaded lazily by the CLI
// (its own chunk), so that a plain check never pays for it.
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServeServer } from './server';
import { defaultState, ownerKey, type ApiKey, type State } from './state';
import { loadSeedChecked, SeedError } from './seed';

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

export async function initialState(o: ServeCliOptions, cwd: string, now: Date): Promise<{ state: State; generated: boolean; users: ApiKey[] }> {
  let state: State;
  let generated = false;
  if (o.seed) {
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
    if (state.apiKeys.some((k) => k.publicKey === pub)) throw new ServeUsageError(`--user ${pub}: that public key is already in the state.`);
    users.push(ownerKey(pub, priv, `--user ${pub}`));
    state.apiKeys.push(users[users.length - 1]);
  }
  if (o.automationDelay !== undefined) state.automationDelaySeconds = o.automationDelay;
  return { state, generated, users };
}

/** Starts the server; resolves once it listens (the CLI then keeps running: exit code -1). */
export async function runServe(o: ServeCliOptions, io: ServeIO): Promise<{ server: Server; port: number }> {
  const { state, generated, users } = await initialState(o, io.cwd, new Date());
  const server = createServeServer(state, {
    control: o.control ? { initial: state, users } : undefined,
    maxBodyBytes: o.maxBodySize,
    nonceLifetimeMs: (o.nonceLifetime ?? 300) * 1000,
    now: () => new Date(),
    log: (line) => io.stderr.write(`${line}\n`),
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => reject(new ServeUsageError(`cannot listen on ${o.host}:${o.port} (${e.code ?? e.message}).`)));
    server.listen(o.port, o.host, () => {
      const a = server.address();
      resolve(typeof a === 'object' && a ? a.port : o.port);
    });
  });
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  const lines = [`omlint serve: listening on http://${host}:${port}/api/public/v1.0 (port ${port})`];
  if (generated) {
    // The default deployment's key is made up at start-up for this process: printing it is what lets a newcomer call at once.
    const key = state.apiKeys[0];
    lines.push(`  project ${state.groups[0].name}: ${state.groups[0].id}`, `  owner key (GLOBAL_OWNER): ${key.publicKey}:${key.privateKey}`, `  try: curl --digest -u ${key.publicKey}:${key.privateKey} http://${host}:${port}/api/public/v1.0/groups/${state.groups[0].id}/alertConfigs`);
  }
  for (const u of o.user ?? []) lines.push(`  --user ${u.slice(0, u.indexOf(':'))} (GLOBAL_OWNER)`);
  if (o.control) lines.push(`  control API: http://${host}:${port}/__omlint/ (reset, seed, clock, automation errors; a GLOBAL_OWNER key)`);
  io.stdout.write(lines.join('\n') + '\n');
  // Idle keep-alive connections would hold close() open: they are ended with it.
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return { server, port };
}
