// Bounds on what a policy may ask, so that a hostile or careless config cannot hang, exhaust or
// crash a run (docs/policies.md, "Limits"). Checked when the config is loaded, with the exact spot.
export const POLICY_LIMITS = {
  /** Policies in one configuration, its `extends` included. */
  maxPolicies: 1000,
  /** Characters of a `given` query. */
  maxQueryLength: 1000,
  /** Segments of a `given` query, and of a `field` path. */
  maxPathSegments: 64,
  /** Characters of a regular expression (`pattern`, `notPattern`). */
  maxRegexLength: 1000,
  /** Nesting of assertions (`some`, `every`, `none`, `count.where`, `contains.where`). */
  maxAssertionDepth: 8,
  /** Nodes of a JSON Schema fragment. */
  maxSchemaNodes: 2000,
  /** Matches of one `given` in one document: the policy stops there and says so. */
  maxMatches: 10_000,
  /** Items one `some`/`every`/`none`/`count` looks at. */
  maxItems: 100_000,
  /** Files one `extends` chain may name (and how deep it may nest). */
  maxExtends: 32,
  /** Bytes of a configuration file or a file it extends: checked before it is read (a pack is read whole into memory). */
  maxFileBytes: 4 * 1024 * 1024,
} as const;
