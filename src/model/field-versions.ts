// The Ops Manager release that introduced a field of a kind, for the fields whose history a source
// settles: with a target version (`--target-version`, `targetVersion`) a field newer than the
// target is one that Ops Manager rejects (rule unknown-field). A field of the schema that
// is not listed here is known to every version omlint checks; docs/versions.md has the table.
import type { Kind } from '../core/kinds';
import { compareMajorMinor, parseMajorMinor, type MajorMinor } from './automation';

export interface FieldVersion {
  kind: Kind;
  /** The field as a JSON pointer, `*` for any array item or key: `/atlasUISes`. */
  path: string;
  /**
   * The first Ops Manager release series that knows the field. Its range is [since, ∞): a target of
   * that series or a later one knows it, a target of an earlier series (any patch of it) does not.
   */
  since: MajorMinor;
  /** What the last series without the field is known by, and how `since` follows (the rule's docs). */
  evidence: string;
}

const GO_CLIENT_212 = 'Ops Manager 6.0 rejects it: mongodb/go-client-mongodb-ops-manager PR #212 ("#210 breaks for Ops Manager 6.0", which PR #210 had added; #212 leaves it out when empty); 7.0 is the next release series';

export const FIELD_VERSIONS: readonly FieldVersion[] = [
  {
    kind: 'automation-config',
    path: '/onlineArchiveModules',
    since: { major: 4, minor: 4 },
    evidence: 'Ops Manager 4.2 rejects it ("400 (request \\"INVALID_ATTRIBUTE\\") Invalid attribute onlineArchiveModules specified", mongodb/mongodb-atlas-cli issue #813); mongocli, developed "on par with Ops Manager 4.4", sends it on every PUT',
  },
  { kind: 'automation-config', path: '/atlasUISes', since: { major: 7, minor: 0 }, evidence: GO_CLIENT_212 },
  { kind: 'automation-config', path: '/dbCheckModules', since: { major: 7, minor: 0 }, evidence: GO_CLIENT_212 },
  { kind: 'automation-config', path: '/maintainedEnvoys', since: { major: 7, minor: 0 }, evidence: GO_CLIENT_212 },
];

/** The fields of a document that its target version does not know yet, each with where it is. */
export function fieldsNewerThan(kind: Kind, value: unknown, target: string): { pointer: string; field: string; entry: FieldVersion }[] {
  const t = parseMajorMinor(target);
  if (!t) return [];
  const out: { pointer: string; field: string; entry: FieldVersion }[] = [];
  for (const entry of FIELD_VERSIONS) {
    if (entry.kind !== kind || compareMajorMinor(t, entry.since) >= 0) continue;
    const tokens = entry.path.split('/').slice(1);
    for (const pointer of matches(value, tokens, '')) out.push({ pointer, field: tokens[tokens.length - 1], entry });
  }
  return out;
}

/** Pointers of the places a token path names in a value (`*`: every item or key). */
function matches(value: unknown, tokens: readonly string[], at: string): string[] {
  if (tokens.length === 0) return [at];
  if (typeof value !== 'object' || value === null) return [];
  const [head, ...rest] = tokens;
  const keys = head === '*' ? Object.keys(value) : Object.hasOwn(value, head) ? [head] : [];
  return keys.flatMap((k) => matches((value as Record<string, unknown>)[k], rest, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`));
}


