// The declarative shape of a policy in omlint.config.yaml (`policies:`) and in packs: plain data,
// never code. This type is part of the source of schemas/omlint-config.schema.json.
import type { Kind } from '../core/kinds';

/**
 * Assertions nested in `some`, `every`, `none` and `where`: the same as PolicyAssertion, typed
 * loosely here because the config schema (and its generated validator) cannot be recursive; the
 * loader checks them as strictly as the top level (src/policy/assertions.ts).
 */
export type NestedAssertions = Record<string, unknown> | Record<string, unknown>[];

/**
 * One check on a value: the match of `given`, or its `field`. All listed checks must hold. As in
 * JSON Schema, the value checks (equals, enum, pattern, minimum, …) hold for an absent field:
 * `required: true` asks for presence.
 */
export interface PolicyAssertion {
  /** The checked value, below the match: a dotted path (`net.tls.mode`) or a JSON pointer (`/net/tls/mode`). Default: the match itself. */
  field?: string;
  /** The field must be present. */
  required?: boolean;
  /** The field must be absent. */
  forbidden?: boolean;
  /** The value must equal this (deep equality). */
  equals?: unknown;
  /** The value must not equal this (an absent value differs from everything). */
  notEquals?: unknown;
  /** The value must be one of these. */
  enum?: unknown[];
  /** The value must be none of these. */
  notEnum?: unknown[];
  /** A string value must match this regular expression (RE2 syntax: linear time, no look-around). */
  pattern?: string;
  /** A string value must not match this regular expression (RE2 syntax). */
  notPattern?: string;
  /** A number value at least this. */
  minimum?: number;
  /** A number value at most this. */
  maximum?: number;
  /** A version string whose release series (major.minor) equals that of this other field of the match (`version`). */
  versionMatches?: string;
  /** A timestamp at most `days` days after another timestamp field of the match (`{field: startDate, days: 7}`). */
  maxDaysAfter?: { field: string; days: number };
  /** An array (or the values of a mapping): how many of its items satisfy `where` (all items without it). */
  count?: { min?: number; max?: number; where?: NestedAssertions };
  /** An array: at least one item satisfies these. */
  some?: NestedAssertions;
  /** An array: every item satisfies these. */
  every?: NestedAssertions;
  /** An array: no item satisfies these. */
  none?: NestedAssertions;
  /** The value must be valid against this JSON Schema fragment (no `pattern`: use `pattern` above). */
  schema?: Record<string, unknown>;
}

/**
 * An organization's own rule.
 * @additionalProperties false
 */
export interface PolicySpec {
  /**
   * Namespaced id, e.g. `acme/pagerduty-required`.
   * @pattern ^[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)+$
   */
  id: string;
  /**
   * Kinds of the documents the policy checks.
   * @minItems 1
   */
  kinds: Kind[];
  severity: 'error' | 'warning' | 'info';
  /** The finding's text; `{{value}}`, `{{field}}`, `{{pointer}}`, `{{count}}` and `{{a.b}}` (a path below the match) are filled in. */
  message: string;
  /** One sentence for `omlint rules` (default: the message). */
  description?: string;
  /** Why the policy exists, or where it is documented (Markdown, a URL). */
  docs?: string;
  /** Glob patterns (relative to the config file's directory) of the files the policy checks. */
  files?: string[];
  /** Only the files of this project scope (the `scope` of an override). */
  scope?: string;
  /** Only the documents that satisfy these (checked on the whole document) are checked. */
  if?: PolicyAssertion | PolicyAssertion[];
  /** Where to look in each document: a JSONPath (RFC 9535) such as `$.processes[?@.processType == 'mongod']`, or a JSON-pointer pattern with `*` such as `/processes/*`. Default `$`. */
  given?: string;
  /** Only the matches that satisfy these are checked. */
  when?: PolicyAssertion | PolicyAssertion[];
  /** What every match must satisfy. */
  then?: PolicyAssertion | PolicyAssertion[];
  /** How many matches (after `when`) each document must have. */
  count?: { min?: number; max?: number };
  /** Cross-document: how many documents of the policy's kinds in one project scope must satisfy `where`. */
  contains?: { where?: PolicyAssertion | PolicyAssertion[]; min?: number; max?: number };
  /** The value that puts the checked field right: offered as a quick fix (with `safe: true`, applied by --fix). */
  fix?: { value: unknown; safe?: boolean; title?: string };
}
