// Timestamps of the API: where each kind carries one, and how to read them.
// The API writes and expects ISO-8601 UTC ("2015-10-23T22:00:00Z"; API-SPEC, every resource).
import { escapeToken } from '../core/pointer';
import { isObject } from '../core/is-object';
import type { Kind } from '../core/kinds';

/**
 * Timestamp fields per kind, as JSON pointer patterns relative to the document; `*` stands for
 * any array index. Response-only fields are listed too: they are often left in a body copied
 * from a GET (read-only-field reports them), and their offset deserves the same check.
 */
export const TIMESTAMP_FIELDS: Record<Kind, readonly string[]> = {
  'alert-config': ['/created', '/updated'],
  'global-alert-config': ['/created', '/updated'],
  'maintenance-window': ['/startDate', '/endDate', '/created', '/updated'],
  'maintenance-window-update': ['/startDate', '/endDate', '/created', '/updated'],
  integration: [],
  // DOMAIN §1: processes[].lastCompact, lastResync, lastRestart, lastKmipMasterKeyRotation
  // are ISO-8601 triggers (setting a newer time than the last run starts the action).
  'automation-config': [
    '/processes/*/lastCompact',
    '/processes/*/lastResync',
    '/processes/*/lastRestart',
    '/processes/*/lastKmipMasterKeyRotation',
  ],
  'api-key-update': ['/created'],
  'access-list-entries': ['/*/created', '/*/lastUsed'],
  'alert-acknowledgement': ['/acknowledgedUntil'],
  // Its other times may be durations after start; the schema's pattern holds them to UTC.
  'alert-test': ['/start'],
};

/** A pointer pattern read once: its tokens, and its one pointer when it has no `*`. */
export interface PointerPattern {
  readonly tokens: readonly string[];
  readonly pointer?: string;
}

/** TIMESTAMP_FIELDS read once, when the module loads: a rule asks for every document of a run. */
export const TIMESTAMP_PATTERNS: Readonly<Record<Kind, readonly PointerPattern[]>> = Object.fromEntries(
  Object.entries(TIMESTAMP_FIELDS).map(([kind, patterns]) => [kind, patterns.map(patternOf)]),
) as unknown as Record<Kind, readonly PointerPattern[]>;

/** A timestamp read from text: the instant, and how its offset was written. */
export interface Timestamp {
  /** Milliseconds since the epoch (UTC). */
  epochMs: number;
  /** Offset from UTC in minutes as written (0 for Z, +00:00, -0000). */
  offsetMinutes: number;
  /** True when the text says UTC explicitly with `Z`. */
  zulu: boolean;
  /** The fraction of a second as written, with its dot ("" when absent). */
  fraction: string;
}

// RFC 3339 date-time, as ajv-formats reads it: T, t or a space between date and time, seconds
// required, an offset of Z, ±hh, ±hhmm or ±hh:mm. `2018-10-04T11:11:49-0400` is a real docs example.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;

/**
 * Reads an ISO-8601 date-time with an offset; undefined when the text is not one (no offset,
 * impossible date…): the schema reports such values as invalid-value, so rules skip them.
 */
export function parseTimestamp(text: unknown): Timestamp | undefined {
  if (typeof text !== 'string') return undefined;
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined; // 60: leap second
  const zulu = m[8] !== undefined;
  const offsetHours = zulu ? 0 : Number(m[10]);
  const offsetMins = zulu || m[11] === undefined ? 0 : Number(m[11]);
  if (offsetHours > 23 || offsetMins > 59) return undefined;
  const sign = m[9] === '-' ? -1 : 1;
  const offsetMinutes = sign * (offsetHours * 60 + offsetMins);
  const fraction = m[7] ?? '';
  const wallMs = Date.UTC(year, month - 1, day, hour, minute, second);
  const epochMs = wallMs - offsetMinutes * 60_000 + Math.floor(Number('0' + (fraction || '.0')) * 1000);
  return { epochMs, offsetMinutes: offsetMinutes === 0 ? 0 : offsetMinutes, zulu, fraction };
}

/** The same instant written in UTC with `Z`, keeping the fraction of a second as written. */
export function toUtcText(ts: Timestamp): string {
  const wholeSeconds = new Date(ts.epochMs - (ts.epochMs % 1000 + 1000) % 1000);
  return wholeSeconds.toISOString().slice(0, 19) + ts.fraction + 'Z';
}

/**
 * Whether a timestamp is readable and not after now (an ended window, a lapsed acknowledgement).
 * An unreadable one is not: the schema reports it as invalid-value.
 */
export function isNotAfter(text: unknown, now: Date): boolean {
  const ts = parseTimestamp(text);
  return ts !== undefined && ts.epochMs <= now.getTime();
}

/** An instant for messages: ISO-8601 UTC, without milliseconds when they are zero. */
export function formatInstant(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A pattern's tokens, and its one pointer when it has no `*`. */
function patternOf(pattern: string): PointerPattern {
  const tokens = pattern.split('/').slice(1);
  return tokens.includes('*') ? { tokens } : { tokens, pointer: tokens.map((t) => `/${escapeToken(t)}`).join('') };
}

/**
 * Expands a pointer pattern of TIMESTAMP_FIELDS into the pointers present in a value, with their
 * values. Pointers are written only for what is found: `/processes/*` of a configuration with
 * 10,000 processes would otherwise make 10,000 strings per pattern for a field few processes set.
 */
export function expandPointerPattern(value: unknown, pattern: string | PointerPattern): { pointer: string; value: unknown }[] {
  const { tokens, pointer } = typeof pattern === 'string' ? patternOf(pattern) : pattern;
  if (pointer !== undefined) {
    // No `*`: one place, looked up (rules ask for every document of a run).
    let v = value;
    for (const token of tokens) {
      if (!isObject(v) || !Object.hasOwn(v, token)) return [];
      v = (v as Record<string, unknown>)[token];
    }
    return [{ pointer, value: v }];
  }
  const found: { pointer: string; value: unknown }[] = [];
  visitPattern(value, 0, tokens, [], found);
  return found;
}

/**
 * expandPointerPattern's walk; `path[i]`: the key or index taken at level i, on the way down. A
 * function of the module, not a closure per call: V8's optimized code of a closure expects that
 * closure, and the next pattern's call would throw it away.
 */
function visitPattern(v: unknown, level: number, tokens: readonly string[], path: (string | number)[], found: { pointer: string; value: unknown }[]): void {
  if (level === tokens.length) {
    found.push({ pointer: path.map((t) => `/${typeof t === 'number' ? t : escapeToken(t)}`).join(''), value: v });
    return;
  }
  const token = tokens[level];
  if (token === '*') {
    if (!Array.isArray(v)) return;
    for (let i = 0; i < v.length; i++) {
      path[level] = i;
      visitPattern(v[i], level + 1, tokens, path, found);
    }
  } else if (isObject(v) && Object.hasOwn(v, token)) {
    path[level] = token;
    visitPattern(v[token], level + 1, tokens, path, found);
  }
  path.length = level;
}
