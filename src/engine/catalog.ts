// The rule catalogue as a run needs it: summaries of every rule id (builtin ones included), and
// the rule modules of the kinds a run sees, loaded on demand (cold start: no unused rule loads).
import { RULE_LOADERS, RULE_SUMMARIES } from '../../rules/manifest';
import type { Kind } from '../kinds/names';
import type { Rule, RuleSummary } from './types';

export const RULE_INFO: Map<string, RuleSummary> = new Map(RULE_SUMMARIES.map((s) => [s.id, s]));
export const KNOWN_RULE_IDS: Set<string> = new Set(RULE_INFO.keys());
export { RULE_SUMMARIES };

/** The rules of some kinds, each rule once. */
export async function loadRules(kinds: Iterable<Kind>): Promise<Rule[]> {
  const byId = new Map<string, Rule>();
  for (const kind of new Set(kinds)) for (const r of await RULE_LOADERS[kind]()) byId.set(r.meta.id, r);
  return [...byId.values()];
}
