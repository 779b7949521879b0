import type { DocumentRule, WorkspaceRule } from './types';

/** Identity helpers that give a rule module its types (the shape of STYLE.md). */
export function defineRule(rule: DocumentRule): DocumentRule {
  return rule;
}
export function defineWorkspaceRule(rule: WorkspaceRule): WorkspaceRule {
  return rule;
}
