// The common shapes of the Public API's answers: headers, the error body, list responses with
// pagination links, `envelope=true` and `pretty=true` (API-SPEC "Common response shapes").
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { VERSION } from '../core/version';
import type { Doc } from './state';

/** `X-Vendor-Service-Version`: omlint's version, and a hash standing for the build's git hash. */
export const VENDOR_VERSION = `gitHash=${createHash('sha1').update(`omlint ${VERSION}`).digest('hex')}; versionString=omlint-serve-${VERSION}`;

/** Headers of every answer (API-SPEC "Authentication" 5; Date, Content-Length and Connection are Node's). */
export function commonHeaders(): Record<string, string> {
  return { Vary: 'Accept-Encoding', 'Strict-Transport-Security': 'max-age=300', 'X-Vendor-Service-Version': VENDOR_VERSION };
}

/** An answer before it is written: status, JSON body (or none), extra headers. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A list answer: `envelope=true` adds `status` beside `results` instead of wrapping. */
  list?: boolean;
  /** A bare JSON value (the matcher field names, the scrape targets): never wrapped. */
  bare?: boolean;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly detail: string,
    readonly parameters: unknown[] = [],
    readonly extra: Doc = {},
  ) {
    super(detail);
  }
}

/** Ops Manager's error body: detail, error (the status), errorCode, parameters, reason. */
export function errorBody(e: ApiError): Doc {
  return { detail: e.detail, error: e.status, errorCode: e.errorCode, parameters: e.parameters, reason: STATUS_CODES[e.status] ?? 'Error', ...e.extra };
}

export interface Query {
  get(name: string): string | null;
}

/** A boolean query parameter (`true`/`false`, any case); anything else is a 400. */
export function boolParam(q: Query, name: string, dflt: boolean): boolean {
  const v = q.get(name);
  if (v === null) return dflt;
  if (/^true$/i.test(v)) return true;
  if (/^false$/i.test(v)) return false;
  throw new ApiError(400, 'INVALID_QUERY_PARAMETER', `Invalid value "${v}" for query parameter ${name}: expected true or false.`, [name, v]);
}

function intParam(q: Query, name: string, dflt: number, max: number): number {
  const v = q.get(name);
  if (v === null) return dflt;
  if (!/^\d{1,9}$/.test(v) || Number(v) < 1 || Number(v) > max) {
    throw new ApiError(400, 'INVALID_QUERY_PARAMETER', `Invalid value "${v}" for query parameter ${name}: expected a whole number from 1 to ${max}.`, [name, v]);
  }
  return Number(v);
}

export const MAX_ITEMS_PER_PAGE = 500;
export const DEFAULT_ITEMS_PER_PAGE = 100;

/**
 * A list response of `items`: the page asked for (`pageNum` 1-based, `itemsPerPage` default 100,
 * at most 500), `totalCount` of all, and `self`, `next` and `previous` links.
 */
export function listReply(items: unknown[], url: URL, q: Query): Reply {
  const itemsPerPage = intParam(q, 'itemsPerPage', DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE);
  const pageNum = intParam(q, 'pageNum', 1, 1e9);
  const start = (pageNum - 1) * itemsPerPage;
  const results = items.slice(start, start + itemsPerPage);
  const page = (n: number) => {
    const u = new URL(url.href);
    u.searchParams.set('pageNum', String(n));
    u.searchParams.set('itemsPerPage', String(itemsPerPage));
    return u.href;
  };
  const links = [{ href: page(pageNum), rel: 'self' }];
  if (pageNum > 1) links.push({ href: page(pageNum - 1), rel: 'previous' });
  if (start + itemsPerPage < items.length) links.push({ href: page(pageNum + 1), rel: 'next' });
  return { status: 200, body: { links, results, totalCount: items.length }, list: true };
}

/** The body as sent: `envelope=true` wraps it, `pretty=true` indents it. */
export function renderBody(reply: Reply, envelope: boolean, pretty: boolean, body = reply.body): string | undefined {
  if (body === undefined) return envelope ? serialise({ status: reply.status }, pretty) : undefined;
  if (envelope && !reply.bare) body = reply.list ? { ...(body as Doc), status: reply.status } : { status: reply.status, envelope: body };
  return serialise(body, pretty);
}

function serialise(v: unknown, pretty: boolean): string {
  return pretty ? JSON.stringify(v, null, 2) + '\n' : JSON.stringify(v);
}

/** ISO 8601 UTC to the second, as the API writes timestamps. */
export function isoSeconds(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
