// The HTTP server of `omlint serve` (node:http): each request is authenticated (digest), routed,
// its body read within the size limit and judged by the engine, handled, redacted and answered
// with the spec's headers. No request can crash it: every failure is an answer.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { DigestAuth } from './digest';
import { ApiError, commonHeaders, errorBody, isoSeconds, renderBody, type Reply } from './http';
import { callerAddress } from './access';
import { admitPrincipal } from './key-access';
import { maskDeep, redactDoc } from './redact';
import { maskSecrets } from '../engine/mask';
import { SecretsNet } from './secrets-net';
import { groupFor, principalOf } from './roles';
import { outputFlags, ROUTES, type Request } from './routes';
import { RouteIndex, type RouteMatch } from './route-index';
import { AnswerCache } from './answer-cache';
import { emulatorNow, type ApiKey, type State } from './state';
import { BodyJudge, bodyKinds, parseJsonBody, warningsHeader } from './validate';
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
  /** The secrets masked in answers and log lines (main.ts masks its own lines with the same net). */
  net?: SecretsNet;
  /** HTTPS with this certificate and key (PEM). */
  tls?: TlsFiles;
  /**
   * Called before the answer to a request that changed the state (a non-GET answered below 400, a
   * call counted on an access list): `--state-dir` writes it there. A throw answers 500.
   */
  saveState?: () => void;
  /**
   * Called after the answer to a request that changed the state without saving it (a GET that found
   * processes converged or live alerts moved) and when a webhook's delivery was recorded:
   * `--state-dir` saves it soon after.
   */
  stateChanged?: () => void;
}

export interface TlsFiles {
  cert: string | Buffer;
  key: string | Buffer;
}

/** An HTTP server, or an HTTPS one when given a certificate and key (both limited to 16 KB of headers). */
export function listener(tls: TlsFiles | undefined, handler: RequestListener): Server {
  return tls ? createTlsServer({ maxHeaderSize: 16 * 1024, cert: tls.cert, key: tls.key }, handler) : createServer({ maxHeaderSize: 16 * 1024 }, handler);
}

/** Answers a malformed request (Node's parser refused it) with a bare 400, or 431 for headers over 16 KB, and closes. */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (e: NodeJS.ErrnoException, socket) => {
    const status = e.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  });
}

export const PREFIXES = { api: '/api/public/v1.0', prometheus: '/prometheus/v1.0', control: '/__omlint' } as const;
export const HAS_BODY = new Set(['POST', 'PUT', 'PATCH']);

const ROUTE_INDEX = new RouteIndex(ROUTES);

export function match(method: string, prefix: keyof typeof PREFIXES, rest: string[]): RouteMatch {
  return ROUTE_INDEX.match(method, prefix, rest);
}

export function createServeServer(state: State, options: ServeOptions): Server {
  const digest = new DigestAuth({ nonceLifetimeMs: options.nonceLifetimeMs, maxNonces: 10_000, now: () => options.now().getTime() });
  const net = options.net ?? new SecretsNet(state);
  const secrets = () => net.get();
  // Through the net's memo: a PUT's warning lines repeat from request to request.
  const log = (line: string) => options.log(net.maskText(line));
  const answers = new AnswerCache();
  const judge = new BodyJudge(bodyKinds(ROUTES));
  const hooks = webhooks(log, (url) => net.maskUrl(url), () => {
    answers.clear();
    options.stateChanged?.();
  });
  const control: ControlContext | undefined = options.control && {
    initial: structuredClone(options.control.initial), users: structuredClone(options.control.users), hostNow: options.now,
    // A webhook carries the alert as the API answers it: redacted and masked like every answer.
    live: { cache: new Map(), deliver: (n, url, secret, alert) => hooks.deliver(n, url, secret, maskDeep(redactDoc(alert), net) as typeof alert), webhooks: hooks },
  };
  // Requests whose call counted on an access list (a user's, a key's): the state changed even if nothing else did.
  const counted = new WeakSet<IncomingMessage>();
  // Requests before which the state moved on by itself (processes converged, live alerts' timers).
  const moved = new WeakSet<IncomingMessage>();
  // GETs whose answer may be kept: its key and the cache's generation when it was computed.
  const cacheable = new WeakMap<IncomingMessage, { key: string; generation: number }>();
  const server = listener(options.tls, (req, res) => {
    const started = Date.now();
    handle(req, res).then(
      (status) => options.log(`${req.method} ${net.maskUrl(req.url ?? '')} ${status} ${Date.now() - started}ms`),
      (e) => {
        answers.clear();
        // Never expected (handle answers every failure): the request ends, the server goes on.
        options.log(`${req.method} ${net.maskUrl(req.url ?? '')} internal error: ${maskSecrets(e instanceof Error ? e.message : String(e), secrets())}`);
        if (!res.headersSent) send(res, { status: 500, body: errorBody(new ApiError(500, 'UNEXPECTED_ERROR', 'Unexpected error.')) }, false, false);
        else res.destroy();
      },
    );
  });
  answerClientErrors(server);

  /**
   * `wrote`: what the request brought (its parsed body) and whether it replaced the whole state;
   * `warnings`: the X-Omlint-Warnings header of a judged body.
   */
  function send(res: ServerResponse, reply: Reply, envelope: boolean, pretty: boolean, wrote?: { body: unknown; replaced?: boolean }, warnings?: string): number {
    const method = res.req.method ?? 'GET';
    // Only a write that was carried out can bring a new secret (a 401 or a refused body changes nothing).
    const changed = method !== 'GET' && method !== 'HEAD' && reply.status < 400;
    // Any other method may have changed something, even when refused: nothing kept is answered again.
    if (method !== 'GET' && method !== 'HEAD') answers.clear();
    if (changed) {
      if (wrote?.replaced) net.collectAll();
      else net.addWrite(wrote?.body, reply.body);
    }
    const saveNow = options.saveState !== undefined && (changed || counted.has(res.req));
    if (saveNow) {
      try {
        options.saveState!();
      } catch (e) {
        // The change stays in memory but is not on disk: the client is told, the log says why.
        log(`${method} state not saved: ${e instanceof Error ? e.message : String(e)}`);
        reply = { status: 500, body: errorBody(new ApiError(500, 'STATE_NOT_SAVED', 'The change was made but could not be saved to --state-dir.')) };
      }
    }
    const body = reply.body === undefined ? reply.body : maskDeep(redactDoc(reply.body), net);
    // No object spreads on this path: on Node 20 a spread's copy outlived young-generation collections (bench/README.md, serveput).
    const out = renderBody(reply, envelope, pretty, body);
    const headers: Record<string, string> = Object.assign(commonHeaders(), reply.headers);
    if (warnings) headers['X-Omlint-Warnings'] = warnings;
    if (out !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(out));
    }
    const keep = cacheable.get(res.req);
    if (keep && reply.status === 200) answers.set(keep.key, keep.generation, { status: reply.status, headers, body: out });
    res.writeHead(reply.status, headers);
    res.end(out);
    if (!saveNow && moved.has(res.req)) options.stateChanged?.();
    return reply.status;
  }

  /** A counted call saved as send() would; false when the save failed (send() then tries again and answers 500). */
  function countSaved(req: IncomingMessage): boolean {
    if (!counted.has(req) || !options.saveState) return true;
    try {
      options.saveState();
      return true;
    } catch {
      return false;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const url = requestUrl(req, options.tls ? 'https' : 'http');
    let flags = { pretty: false, envelope: false };
    try {
      flags = outputFlags(url.searchParams);
      const pathname = rawPathname(req.url ?? '/');
      // Without --control, /__omlint/ is no path at all: 404 before authentication, as for any unknown path.
      const prefix = pathname.startsWith(`${PREFIXES.api}/`) ? 'api' : pathname.startsWith(`${PREFIXES.prometheus}/`) ? 'prometheus' : control && pathname.startsWith(`${PREFIXES.control}/`) ? 'control' : undefined;
      if (!prefix) throw new ApiError(404, 'RESOURCE_NOT_FOUND', `No resource at ${pathname}: the API is under ${PREFIXES.api}.`);
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
      if (admitPrincipal(state, principal, caller, isoSeconds(options.now()))) counted.add(req);
      // Segments decoded one by one (`%2F` stays inside its segment); a trailing slash is the same path.
      const rest = pathname.slice(PREFIXES[prefix].length + 1).replace(/\/$/, '').split('/').map(decodeSegment);
      const m = match(req.method ?? 'GET', prefix, rest);
      if (!m.route) {
        if (m.allowed.length > 0) throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed here: ${m.allowed.join(', ')}.`, [], { allow: m.allowed });
        throw new ApiError(404, 'RESOURCE_NOT_FOUND', `No resource at ${pathname}.`);
      }
      const now = emulatorNow(state, options.now());
      // Processes whose delay has passed reach their goal before anything reads or changes the state.
      if (settle(state, now)) moved.add(req);
      // Live alerts' timers fire on the emulator clock before anything reads the alerts.
      if (control && syncLive(state, control.live, now)) moved.add(req);
      // A counted call changes only its access list entry, which no kept answer shows.
      if (moved.has(req)) answers.clear();
      if (m.route.cache && req.method === 'GET') {
        // The caller and the Host (the links) are part of the answer; the query is in the URL.
        const key = `${principal.kind} ${principal.name}\n${req.headers.host ?? ''}\n${req.url ?? ''}`;
        const kept = answers.get(key);
        if (kept && countSaved(req)) {
          res.writeHead(kept.status, kept.headers);
          res.end(kept.body);
          return kept.status;
        }
        cacheable.set(req, { key, generation: answers.generation });
      }
      // One object, its body filled in below (not a spread copy per request: see send()).
      const request: Request = { state, principal, params: m.params, query: url.searchParams, url, base: `${url.origin}${PREFIXES[prefix]}`, now, caller, control, body: undefined, text: undefined, pairs: undefined };
      // Who may write, and whether the path names something, before the body is judged.
      if (HAS_BODY.has(req.method ?? '') && m.params.groupId !== undefined && prefix !== 'control') groupFor(state, principal, m.params.groupId, m.route.access ?? true);
      m.route.pre?.(request);
      let warnings: ReturnType<typeof warningsHeader>;
      if (HAS_BODY.has(req.method ?? '') && (m.route.kind || m.route.body || m.route.text)) {
        const text = (request.text = await readBody(req, options.maxBodyBytes, m.route.text ?? ['application/json']));
        if (m.route.kind) {
          const judged = await judge.judge(text, m.route.kind, now, m.route.baseOf?.(request));
          request.body = judged.value;
          request.pairs = judged.pairs;
          warnings = warningsHeader(judged.warnings);
          for (const w of judged.warnings) log(`warning ${w.ruleId} at ${w.line}:${w.column} ${w.pointer}: ${w.message}`);
        } else if (m.route.body) request.body = parseJsonBody(text);
      }
      const reply = await m.route.handle(request);
      return send(res, reply, flags.envelope, flags.pretty, { body: request.body, replaced: m.route.replacesState }, warnings);
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

/** The request's URL for its query and links (a Host header that names no host: 127.0.0.1). */
export function requestUrl(req: IncomingMessage, scheme: 'http' | 'https'): URL {
  try {
    return new URL(req.url ?? '/', `${scheme}://${req.headers.host ?? '127.0.0.1'}`);
  } catch {
    return new URL(req.url ?? '/', `${scheme}://127.0.0.1`);
  }
}

/**
 * The path as sent, without its query. A URL parser resolves `..` and `%2e%2e` (`/alertConfigs/%2e%2e`
 * would name the project): a dot segment names no resource here, so it is refused instead.
 */
export function rawPathname(target: string): string {
  const pathname = target.split(/[?#]/)[0];
  if (pathname.split('/').some((seg) => /^(\.|%2e){1,2}$/i.test(seg))) throw new ApiError(400, 'INVALID_PATH', 'A path segment is "." or "..": paths are not resolved; name the resource.');
  return pathname;
}

export function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new ApiError(400, 'INVALID_PATH', `The path segment "${s}" is not valid percent-encoding.`);
  }
}

/** The body as text: 415 unless of `types` (JSON), 413 beyond the limit (stopped reading there), 400 unless UTF-8. */
async function readBody(req: IncomingMessage, max: number, types: string[]): Promise<string> {
  if (Number(req.headers['content-length'] ?? NaN) > max) throw tooLarge(max);
  checkJsonType(req, types);
  return utf8(await readRaw(req, max));
}

/** 415 unless the body is declared of `types` (JSON by default; an empty body may declare nothing). */
export function checkJsonType(req: IncomingMessage, types: string[] = ['application/json']): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!types.includes(type) && !(Number(req.headers['content-length'] ?? NaN) === 0 && type === '')) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type ${type ? `"${type}"` : '(none)'} is not supported: send ${types.join(' or ')}.`);
  }
}

/** Bytes as UTF-8 text, or a 400. */
export function utf8(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw new ApiError(400, 'INVALID_JSON', 'The body is not UTF-8 text.');
  }
}

/** The body's bytes, or a 413 as soon as they pass `max` (a declared length beyond it: before reading any). */
export function readRaw(req: IncomingMessage, max: number): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? NaN) > max) return Promise.reject(tooLarge(max));
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
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function tooLarge(max: number): ApiError {
  return new ApiError(413, 'REQUEST_TOO_LARGE', `The body is larger than ${max} bytes (--max-body-size).`);
}
