// The policies this process has loaded, by id: what `omlint rules`, `explain`, SARIF rule
// metadata and statistics say of a policy id. Filled by the config loader; a policy id is
// namespaced (`acme/...`), so it never shadows a built-in rule.
import type { RuleMeta } from '../core/types';
import type { CompiledPolicy } from './compile';

const loaded = new Map<string, CompiledPolicy>();

export function recordPolicies(policies: readonly CompiledPolicy[]): void {
  for (const p of policies) loaded.set(p.rule.meta.id, p);
}

/** The policies loaded so far, sorted by id. */
export function loadedPolicies(): CompiledPolicy[] {
  return [...loaded.values()].sort((a, b) => (a.rule.meta.id < b.rule.meta.id ? -1 : 1));
}

export function policyMeta(id: string): (RuleMeta & { source: string }) | undefined {
  const p = loaded.get(id);
  return p && { ...p.rule.meta, source: p.source };
}

/** What each compiled policy was compiled from, as JSON: the --cache key of a file includes it. */
const fingerprints = new WeakMap<object, string>();

export function recordFingerprint(rule: object, raw: unknown): void {
  fingerprints.set(rule, JSON.stringify(raw) ?? '');
}

export function policyFingerprint(rule: object): string {
  return fingerprints.get(rule) ?? '';
}
