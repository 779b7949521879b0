import type { BuiltinRule, DocumentRule, RuleMeta, WorkspaceRule } from './types';

/** Identity helpers that give a rule module its types (the shape of STYLE.md). */
export function defineRule(rule: DocumentRule): DocumentRule {
  return rule;
}
export function defineWorkspaceRule(rule: WorkspaceRule): WorkspaceRule {
  return rule;
}
/**
 * Declares a rule id that omlint's own code reports (parser, kind detection, schema layer,
 * engine), in the module that reports it: scripts/gen-rule-index.ts finds every
 * `export const X = defineBuiltin(...)` under src/ and lists it in rules/registry.ts.
 */
export function defineBuiltin(meta: RuleMeta): BuiltinRule {
  return { meta, builtin: true };
}
