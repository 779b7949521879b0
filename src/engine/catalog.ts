// The whole rule catalogue: rule modules plus the ids reported by parser, kinds and schema.
import { RULES } from '../../rules/index';
import { BUILTIN_RULES } from './builtin-meta';
import type { Rule, RuleMeta } from './types';
import { compareStrings } from './pointer';

export const ALL_RULE_META: RuleMeta[] = [...BUILTIN_RULES, ...RULES.map((r) => r.meta)].sort((a, b) => compareStrings(a.id, b.id));
export const RULE_META = new Map(ALL_RULE_META.map((m) => [m.id, m]));
export const KNOWN_RULE_IDS = new Set(RULE_META.keys());
export { RULES };
export type { Rule };
