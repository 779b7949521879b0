// --stats / --statistics: counts per rule, as Ruff's --statistics prints them (instead of the
// report): most frequent first, with the rule's severity and whether --fix can fix some.
import type { FileResult, Severity } from '../core/types';
import { RULE_INFO } from '../../rules/registry';

export interface RuleStatistic {
  ruleId: string;
  count: number;
  /** The worst severity the rule was reported at. */
  severity: Severity;
  /** How many of them --fix can fix. */
  fixable: number;
  description: string;
}

const RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };

export function ruleStatistics(results: FileResult[]): RuleStatistic[] {
  const byRule = new Map<string, RuleStatistic>();
  for (const r of results) {
    for (const d of r.diagnostics) {
      let s = byRule.get(d.ruleId);
      if (!s) byRule.set(d.ruleId, (s = { ruleId: d.ruleId, count: 0, severity: d.severity, fixable: 0, description: RULE_INFO.get(d.ruleId)?.summary ?? '' }));
      // A repeated finding (one diagnostic for several places) counts each place.
      const places = d.occurrences ?? 1;
      s.count += places;
      if (d.fixable) s.fixable += places;
      if (RANK[d.severity] > RANK[s.severity]) s.severity = d.severity;
    }
  }
  return [...byRule.values()].sort((a, b) => b.count - a.count || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));
}

/** Ruff's layout: count, code, fix marker, description; a total line at the end. */
export function formatStatistics(stats: RuleStatistic[], format: 'text' | 'json'): string {
  if (format === 'json') return JSON.stringify(stats, null, 2) + '\n';
  if (stats.length === 0) return 'No problems.\n';
  const countWidth = Math.max(...stats.map((s) => String(s.count).length));
  const idWidth = Math.max(...stats.map((s) => s.ruleId.length));
  const lines = stats.map((s) => `${String(s.count).padStart(countWidth)}\t${s.ruleId.padEnd(idWidth)}\t${s.severity.padEnd(7)}\t${s.fixable > 0 ? '[*]' : '[ ]'} ${s.description}`);
  const total = stats.reduce((n, s) => n + s.count, 0);
  const fixable = stats.reduce((n, s) => n + s.fixable, 0);
  lines.push(`Found ${total} problem${total === 1 ? '' : 's'}${fixable > 0 ? ` ([*] ${fixable} fixable with --fix)` : ''}.`);
  return lines.join('\n') + '\n';
}
