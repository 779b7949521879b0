// Every rule with its full meta and docs: for docs, `omlint explain`, SARIF and the language
// server (the CLI's lint path uses catalog.ts, which loads rules per kind).
import { RULES } from '../../rules/index';
import { BUILTIN_RULES } from './builtin-meta';
import { compareStrings } from './pointer';
import type { RuleMeta } from './types';

export const ALL_RULE_META: RuleMeta[] = [...BUILTIN_RULES, ...RULES.map((r) => r.meta)].sort((a, b) => compareStrings(a.id, b.id));
export const RULE_META = new Map(ALL_RULE_META.map((m) => [m.id, m]));
export { RULES };
