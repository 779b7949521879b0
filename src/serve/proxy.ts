// `--proxy URL`: a validating proxy in front of a real Ops Manager. Each request is forwarded as it
// came, its digest exchange included (the client's Authorization and the upstream's
// WWW-Authenticate pass unchanged: the proxy never signs), after its body is judged by the engine
// as the emulator judges it: an error finding answers the emulator's 400 here (`--proxy-mode
// block`), or is forwarded with the findings in `X-Omlint-Findings` (`warn`). Bounded: bodies by
// --max-body-size, the upstream by a deadline for its answer and an idle limit on its bytes.
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { ApiError, commonHeaders, errorBody } from './http';
import { maskUrl } from './redact';
import { answerClientErrors, checkJsonType, decodeSegment, HAS_BODY, listener, match, PREFIXES, rawPathname, readRaw, utf8, type TlsFiles } from './server';
import { BodyJudge, bodyKinds, warningsHeader, type Finding } from './validate';
import { ROUTES } from './routes';

export type ProxyMode = 'block' | 'warn';

export interface ProxyOptions {
  /** The upstream's origin (scheme, host, port). */
  upstream: URL;
  mode: ProxyMode;
  maxBodyBytes: number;
  /** How long the upstream may take to answer, and to go silent while sending (ms). */
  timeoutMs: number;
  now: () => Date;
  log: (line: string) => void;
  tls?: TlsFiles;
}

/** Headers that belong to one connection (RFC 9110 §7.6.1), not forwarded either way. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** The upstream given to --proxy: an http(s) origin, nothing more (a path would change the digest's uri). */
export function parseUpstream(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--proxy ${value}: not a URL; give the Ops Manager's origin, e.g. https://opsmanager.example:8443.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--proxy ${value}: the scheme must be http or https.`);
  if (url.username || url.password) throw new Error(`--proxy ${value}: no credentials in the URL (the client's digest is forwarded).`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) throw new Error(`--proxy ${value}: give the origin only (scheme, host, port): the request's path is forwarded as it came.`);
  return url;
}

/** Raw header pairs without the hop-by-hop ones (and without `drop`). */
function forwardable(raw: string[], drop: Set<string>): string[] {
  const connection = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === 'connection') for (const t of raw[i + 1].split(',')) connection.add(t.trim().toLowerCase());
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (!HOP_BY_HOP.has(name) && !connection.has(name) && !drop.has(name)) out.push(raw[i], raw[i + 1]);
  }
  return out;
}

/** Findings (or the error code when there are none) as one header line, as `X-Omlint-Warnings` writes them. */
function findingsHeader(e: ApiError): string {
  const findings = e.extra.findings as Finding[] | undefined;
  return (findings && warningsHeader(findings)) || e.errorCode;
}

function answer(res: ServerResponse, e: ApiError): number {
  const body = JSON.stringify(errorBody(e));
  res.writeHead(e.status, { ...commonHeaders(), 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
  return e.status;
}

/** The kind a request's body is judged as, when the emulator has a route with one. */
function kindOf(method: string, pathname: string) {
  const prefix = pathname.startsWith(`${PREFIXES.api}/`) ? 'api' : pathname.startsWith(`${PREFIXES.prometheus}/`) ? 'prometheus' : undefined;
  if (!prefix || !HAS_BODY.has(method)) return undefined;
  const rest = pathname.slice(PREFIXES[prefix].length + 1).replace(/\/$/, '').split('/').map(decodeSegment);
  return match(method, prefix, rest).route?.kind;
}

export function createProxyServer(o: ProxyOptions): Server {
  const https = o.upstream.protocol === 'https:';
  // Bounded reuse of connections to the upstream: a thousand clients share at most 64 sockets.
  const agent = https ? new HttpsAgent({ keepAlive: true, maxSockets: 64 }) : new HttpAgent({ keepAlive: true, maxSockets: 64 });
  const send = https ? httpsRequest : httpRequest;
  // Bodies are judged without a base here: no transition rules.
  const judge = new BodyJudge(bodyKinds(ROUTES).map((k) => ({ ...k, transitions: false })));

  const server = listener(o.tls, (req, res) => {
    const started = Date.now();
    handle(req, res).then(
      (status) => o.log(`${req.method} ${maskUrl(req.url ?? '', [])} ${status} ${Date.now() - started}ms (upstream ${o.upstream.host})`),
      (e) => {
        o.log(`${req.method} ${maskUrl(req.url ?? '', [])} proxy error: ${e instanceof Error ? e.message : String(e)}`);
        if (!res.headersSent) answer(res, new ApiError(500, 'UNEXPECTED_ERROR', 'Unexpected error.'));
        else res.destroy();
      },
    );
  });
  answerClientErrors(server);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const method = req.method ?? 'GET';
    const extra: string[] = [];
    let body: Buffer;
    try {
      // A request in absolute form (`POST http://host/api/…`, a client using this as an HTTP proxy)
      // would pass the path check unjudged and reach the upstream: only origin form is taken.
      if (!(req.url ?? '/').startsWith('/')) throw new ApiError(400, 'INVALID_PATH', 'The request target must be a path (origin form): send the request to this server, not through it as an HTTP proxy.');
      body = await readRaw(req, o.maxBodyBytes);
      const kind = kindOf(method, rawPathname(req.url ?? '/'));
      // Without Authorization the upstream answers its challenge and acts on nothing (curl --digest
      // sends its first request without the body): only an authenticated request is judged.
      if (kind && req.headers.authorization !== undefined) {
        try {
          checkJsonType(req);
          const judged = await judge.judge(utf8(body), kind, o.now());
          const warnings = warningsHeader(judged.warnings);
          if (warnings) extra.push('X-Omlint-Warnings', warnings);
        } catch (e) {
          if (!(e instanceof ApiError) || o.mode === 'block') throw e;
          extra.push('X-Omlint-Findings', findingsHeader(e));
        }
      }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return answer(res, e);
    }
    return forward(req, res, body, extra);
  }

  function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, extra: string[]): Promise<number> {
    // Raw pairs keep each header's case and repeats; Node adds no Host to them.
    const headers = ['Host', o.upstream.host, ...forwardable(req.rawHeaders, new Set(['host', 'content-length']))];
    if (body.length > 0 || HAS_BODY.has(req.method ?? '')) headers.push('Content-Length', String(body.length));
    return new Promise((resolve) => {
      let done = false;
      const fail = (e: ApiError) => {
        if (done) return;
        done = true;
        clearTimeout(deadline);
        upstream.destroy();
        if (res.headersSent) res.destroy();
        else answer(res, e);
        resolve(e.status);
      };
      const unreachable = (why: string) => new ApiError(502, 'UPSTREAM_ERROR', `The upstream Ops Manager ${o.upstream.origin} could not be reached or answered wrongly (${why}).`);
      // The path as it came (a URL would resolve dot segments and change the digest's uri).
      const target = { protocol: o.upstream.protocol, hostname: o.upstream.hostname.replace(/^\[|\]$/g, ''), port: o.upstream.port || undefined, path: req.url ?? '/' };
      let upstream = send({ ...target, method: req.method, headers, agent, timeout: o.timeoutMs });
      // A deadline for the answer's headers; then the socket's idle limit bounds the body.
      const deadline = setTimeout(() => fail(new ApiError(504, 'UPSTREAM_TIMEOUT', `The upstream Ops Manager ${o.upstream.origin} did not answer within ${o.timeoutMs} ms.`)), o.timeoutMs);
      let retried = false;
      const onError = (e: NodeJS.ErrnoException) => {
        // A kept-alive socket the upstream closed as it was reused: the request never reached it, sent again once.
        if (!retried && !done && upstream.reusedSocket && (e.code === 'ECONNRESET' || e.code === 'EPIPE')) {
          retried = true;
          upstream = send({ ...target, method: req.method, headers, agent, timeout: o.timeoutMs });
          wire();
          upstream.end(body);
          return;
        }
        fail(unreachable(e.code ?? e.message));
      };
      const wire = () => {
        upstream.on('timeout', () => fail(new ApiError(504, 'UPSTREAM_TIMEOUT', `The upstream Ops Manager ${o.upstream.origin} went silent for ${o.timeoutMs} ms.`)));
        upstream.on('error', onError);
        upstream.on('response', (up) => {
          clearTimeout(deadline);
          if (done) return up.resume();
          res.writeHead(up.statusCode ?? 502, [...forwardable(up.rawHeaders, new Set()), ...extra] as unknown as IncomingHttpHeaders);
          up.pipe(res);
          up.on('end', () => {
            done = true;
            resolve(up.statusCode ?? 502);
          });
          up.on('error', () => fail(unreachable('the answer was cut')));
          up.on('aborted', () => fail(unreachable('the answer was cut')));
        });
      };
      wire();
      // The client gone: nothing to wait for.
      res.on('close', () => {
        if (!done && !res.writableFinished) {
          clearTimeout(deadline);
          done = true;
          upstream.destroy();
          resolve(499);
        }
      });
      upstream.end(body);
    });
  }

  server.on('close', () => agent.destroy());
  return server;
}
