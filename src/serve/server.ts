// The HTTP server of `omlint serve` (node:http): each request is authenticated (digest), routed,
// its body read within the size limit and judged by the engine, handled, redacted and answered
// with the spec's headers. No request can crash it: every failure is an answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { DigestAuth } from './digest';
import { ApiError, commonHeaders, errorBody, isoSeconds, renderBody, type Reply } from './http';
import { admitCaller, callerAddress } from './access';
import { maskDeep, maskUrl, redactDoc } from './redact';
import { collectSecretValues, maskSecrets } from '../engine/mask';
import { groupFor, principalOf } from './roles';
import { outputFlags, ROUTES, type Route } from './routes';
import { emulatorNow, type ApiKey, type State } from './state';
import { judgeBody, parseJsonBody, warningsHeader } from './validate';
import { settle } from './automation';
import type { ControlContext } from './control';
import { syncLive } from './live-alerts';
import { webhooks } from './webhook';

export interface ServeOptions {
  /** Largest request body, in bytes. */
  maxBodyBytes: number;
  /** How long a digest nonce is accepted, in ms. */
  nonceLifetimeMs: number;
  /**
   * The host clock (tests move it): digest nonces age on it; everything else reads the emulator
   * clock, this one moved by the state's offset (the control API advances it).
   */
  now: () => Date;
  /** `--control`: the control API under /__omlint/, with the state to reset to and the `--user` keys. */
  control?: { initial: State; users: ApiKey[] };
  /** One line per request and per warning (already masked). */
  log: (line: string) => void;
}

const PREFIXES = { api: '/api/public/v1.0', prometheus: '/prometheus/v1.0', control: '/__omlint' } as const;
const HAS_BODY = new Set(['POST', 'PUT', 'PATCH']);

interface Match {
  route?: Route;
  params: Record<string, string>;
  /** Methods of the routes whose path matched (for a 405). */
  allowed: string[];
}

function match(method: string, prefix: keyof typeof PREFIXES, rest: string[]): Match {
  const allowed: string[] = [];
  let found: { route: Route; params: Record<string, string> } | undefined;
  for (const route of ROUTES) {
    if (route.prefix !== prefix) continue;
    const parts = route.path.split('/');
    if (parts.length !== rest.length) continue;
    const params: Record<string, string> = {};
    if (!parts.every((p, i) => (p.startsWith('{') ? ((params[p.slice(1, -1)] = rest[i]), rest[i] !== '') : p === rest[i]))) continue;
    allowed.push(route.method);
    if (route.method === method && !found) found = { route, params };
  }
  return { route: found?.route, params: found?.params ?? {}, allowed };
}

/** Every secret the state holds (the outgoing text's second net). */
function stateSecrets(state: State): string[] {
  const keys = [...state.apiKeys.map((k) => k.privateKey), ...state.users.flatMap((u) => (u.apiKey ? [u.apiKey] : []))];
  const docs = [state.hosts, state.alertConfigs, state.alerts, state.maintenanceWindows, state.integrations, state.globalAlertConfigs, state.orgEvents, state.globalEvents, state.automationStatus, state.automationConfigs.map((c) => c.config)].flat();
  // The engine's one collection of secret values (placeholders left out, secrets found by name too).
  const found = collectSecretValues(docs.map((value) => ({ value })), { wide: true });
  // A key's public half names the caller (events carry it as `publicKey`): an identifier, not a secret.
  const publicKeys = new Set(state.apiKeys.map((k) => k.publicKey));
  return [...new Set([...found.filter((v) => !publicKeys.has(v)), ...keys.filter((k) => k.length >= 4)])].sort((a, b) => b.length - a.length);
}

export function createServeServer(state: State, options: ServeOptions): Server {
  const digest = new DigestAuth({ nonceLifetimeMs: options.nonceLifetimeMs, maxNonces: 10_000, now: () => options.now().getTime() });
  const log = (line: string) => options.log(maskSecrets(line, stateSecrets(state)));
  const hooks = webhooks(log, (url) => maskUrl(url, stateSecrets(state)));
  const control: ControlContext | undefined = options.control && {
    initial: structuredClone(options.control.initial), users: structuredClone(options.control.users), hostNow: options.now,
    live: { cache: new Map(), deliver: hooks.deliver, webhooks: hooks },
  };
  const server = createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    const started = Date.now();
    handle(req, res).then(
      (status) => options.log(`${req.method} ${maskUrl(req.url ?? '', stateSecrets(state))} ${status} ${Date.now() - started}ms`),
      (e) => {
        // Never expected (handle answers every failure): the request ends, the server goes on.
        options.log(`${req.method} ${maskUrl(req.url ?? '', stateSecrets(state))} internal error: ${maskSecrets(e instanceof Error ? e.message : String(e), stateSecrets(state))}`);
        if (!res.headersSent) send(res, { status: 500, body: errorBody(new ApiError(500, 'UNEXPECTED_ERROR', 'Unexpected error.')) }, false, false);
        else res.destroy();
      },
    );
  });
  server.on('clientError', (_e, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  function send(res: ServerResponse, reply: Reply, envelope: boolean, pretty: boolean): number {
    const body = reply.body === undefined ? reply.body : maskDeep(redactDoc(reply.body), stateSecrets(state));
    const out = renderBody({ ...reply, body }, envelope, pretty);
    const headers: Record<string, string> = { ...commonHeaders(), ...reply.headers };
    if (out !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(out));
    }
    res.writeHead(reply.status, headers);
    res.end(out);
    return reply.status;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    let flags = { pretty: false, envelope: false };
    try {
      flags = outputFlags(url.searchParams);
      // Without --control, /__omlint/ is no path at all: 404 before authentication, as for any unknown path.
      const prefix = url.pathname.startsWith(`${PREFIXES.api}/`) ? 'api' : url.pathname.startsWith(`${PREFIXES.prometheus}/`) ? 'prometheus' : control && url.pathname.startsWith(`${PREFIXES.control}/`) ? 'control' : undefined;
      if (!prefix) throw new ApiError(404, 'RESOURCE_NOT_FOUND', `No resource at ${url.pathname}: the API is under ${PREFIXES.api}.`);
      const found = (name: string) => principalOf(state, name);
      const auth = digest.verify(req.headers.authorization, req.method ?? 'GET', req.url ?? '/', (name) => found(name)?.secret);
      if (!auth.ok) {
        return send(res, {
          status: 401,
          body: errorBody(new ApiError(401, 'UNAUTHORIZED', 'You are not authorized for this resource.')),
          headers: { 'WWW-Authenticate': digest.challenge(auth.stale), 'Content-Type': 'application/json;charset=ISO-8859-1' },
        }, false, flags.pretty);
      }
      const principal = found(auth.username)!.principal;
      const caller = callerAddress(req.socket.remoteAddress);
      const user = principal.kind === 'user' ? state.users.find((u) => u.id === principal.id) : undefined;
      if (user) admitCaller(user, caller, isoSeconds(options.now()));
      // Segments decoded one by one (`%2F` stays inside its segment); a trailing slash is the same path.
      const rest = url.pathname.slice(PREFIXES[prefix].length + 1).replace(/\/$/, '').split('/').map(decodeSegment);
      const m = match(req.method ?? 'GET', prefix, rest);
      if (!m.route) {
        if (m.allowed.length > 0) throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed here: ${m.allowed.join(', ')}.`, [], { allow: m.allowed });
        throw new ApiError(404, 'RESOURCE_NOT_FOUND', `No resource at ${url.pathname}.`);
      }
      const now = emulatorNow(state, options.now());
      // Processes whose delay has passed reach their goal before anything reads or changes the state.
      settle(state, now);
      // Live alerts' timers fire on the emulator clock before anything reads the alerts.
      if (control) syncLive(state, control.live, now);
      const request = { state, principal, params: m.params, query: url.searchParams, url, base: `${url.origin}${PREFIXES[prefix]}`, now, caller, control };
      // Who may write, and whether the path names something, before the body is judged.
      if (HAS_BODY.has(req.method ?? '') && m.params.groupId !== undefined && prefix !== 'control') groupFor(state, principal, m.params.groupId, m.route.access ?? true);
      m.route.pre?.(request);
      let body: unknown;
      let text: string | undefined;
      let pairs: Awaited<ReturnType<typeof judgeBody>>['pairs'];
      let warnings: ReturnType<typeof warningsHeader>;
      if (HAS_BODY.has(req.method ?? '') && (m.route.kind || m.route.body || m.route.text)) {
        text = await readBody(req, options.maxBodyBytes, m.route.text ?? ['application/json']);
        if (m.route.kind) {
          const judged = await judgeBody(text, m.route.kind, now, m.route.baseOf?.(request));
          body = judged.value;
          pairs = judged.pairs;
          warnings = warningsHeader(judged.warnings);
          for (const w of judged.warnings) log(`warning ${w.ruleId} at ${w.line}:${w.column} ${w.pointer}: ${w.message}`);
        } else if (m.route.body) body = parseJsonBody(text);
      }
      const reply = await m.route.handle({ ...request, body, text, pairs });
      if (warnings) reply.headers = { ...reply.headers, 'X-Omlint-Warnings': warnings };
      return send(res, reply, flags.envelope, flags.pretty);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const headers: Record<string, string> = {};
      if (e.status === 405) headers.Allow = (e.extra.allow as string[]).join(', ');
      const { allow: _, ...body } = errorBody(e);
      return send(res, { status: e.status, body, headers }, flags.envelope, flags.pretty);
    }
  }

  return server;
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new ApiError(400, 'INVALID_PATH', `The path segment "${s}" is not valid percent-encoding.`);
  }
}

/** The body as text: 415 unless of `types` (JSON), 413 beyond the limit (stopped reading there), 400 unless UTF-8. */
function readBody(req: IncomingMessage, max: number, types: string[]): Promise<string> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > max) return Promise.reject(tooLarge(max));
  if (!types.includes(type) && !(declared === 0 && type === '')) {
    return Promise.reject(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type ${type ? `"${type}"` : '(none)'} is not supported: send ${types.join(' or ')}.`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        // The rest is read and dropped (Node's requestTimeout bounds it): closing now would reset the
        // connection under a client still sending, which would never read the 413.
        req.removeAllListeners('data');
        req.resume();
        reject(tooLarge(max));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      const buf = Buffer.concat(chunks);
      try {
        resolve(new TextDecoder('utf-8', { fatal: true }).decode(buf));
      } catch {
        reject(new ApiError(400, 'INVALID_JSON', 'The body is not UTF-8 text.'));
      }
    });
    req.on('error', reject);
  });
}

function tooLarge(max: number): ApiError {
  return new ApiError(413, 'REQUEST_TOO_LARGE', `The body is larger than ${max} bytes (--max-body-size).`);
}
