// The plan's output formats: stylish for a terminal, JSON for tools, Markdown for a pull
// request comment. Each shows the plan, then the findings of the run (transition rules included).
// Every text goes through the run's secret masker: a plan never prints a secret.
import type { LintRun } from '../core/types';
import { palette } from '../format/color';
import { formatStylish } from '../format/stylish';
import { formatJson } from '../format/json';
import { secretMasker } from '../format/shared';
import type { DocumentPlan, FilePlan } from './plan';

export const PLAN_FORMATS = ['stylish', 'json', 'markdown'] as const;
export type PlanFormat = (typeof PLAN_FORMATS)[number];

const STATUS: Record<DocumentPlan['status'], string> = { changed: 'changed', unchanged: 'unchanged', added: 'new (not in the base)', removed: 'removed (only in the base)' };

function counts(plans: FilePlan[]) {
  const docs = plans.flatMap((p) => p.documents);
  return { changed: docs.filter((d) => d.status === 'changed').length, added: docs.filter((d) => d.status === 'added').length, removed: docs.filter((d) => d.status === 'removed').length, restarts: docs.reduce((n, d) => n + d.restarts.length, 0) };
}

function summaryLine(plans: FilePlan[]): string {
  const c = counts(plans);
  return `${c.changed} document(s) changed, ${c.added} new, ${c.removed} removed; ${c.restarts} process restart(s).`;
}

export function planStylish(plans: FilePlan[], run: LintRun, color: boolean): string {
  const c = palette(color);
  const out: string[] = [];
  for (const p of plans) {
    out.push(c.underline(`${p.filePath}`) + c.dim(` against ${p.baseLabel}`));
    if (p.newFile) out.push('  a new file: not in the base');
    else if (p.documents.length === 0) out.push('  no documents of a known kind on either side');
    for (const d of p.documents) {
      out.push(`  ${c.bold(d.label)}: ${STATUS[d.status]}`);
      for (const g of d.groups) {
        out.push(`    ${g.title}`);
        for (const ch of g.changes) out.push(`      ${ch.restart ? c.yellow('↻') : '·'} ${ch.summary}`);
      }
      if (d.restarts.length) out.push(c.yellow(`    restarts: ${d.restarts.join(', ')}`));
    }
    out.push('');
  }
  out.push(summaryLine(plans), '');
  const findings = formatStylish(run, { color });
  return secretMasker(run)(out.join('\n') + '\n' + findings);
}

export function planJson(plans: FilePlan[], run: LintRun): string {
  const mask = secretMasker(run);
  return mask(JSON.stringify({ plans, summary: counts(plans), results: JSON.parse(formatJson(run)) }, null, 2)) + '\n';
}

const md = (s: string) => s.replace(/[\\`*_[\]<>|]/g, (ch) => `\\${ch}`);

export function planMarkdown(plans: FilePlan[], run: LintRun): string {
  const out: string[] = ['## omlint plan', '', summaryLine(plans), ''];
  for (const p of plans) {
    out.push(`### \`${p.filePath.replace(/`/g, "'")}\` against \`${p.baseLabel.replace(/`/g, "'")}\``, '');
    if (p.newFile) out.push('A new file: not in the base.', '');
    for (const d of p.documents) {
      out.push(`**${md(d.label)}**: ${STATUS[d.status]}`, '');
      if (d.groups.length) {
        out.push('| where | change | restart |', '|---|---|---|');
        for (const g of d.groups) for (const ch of g.changes) out.push(`| ${md(g.title)} | ${md(ch.summary)} | ${ch.restart ? 'yes' : ''} |`);
        out.push('');
      }
    }
  }
  const findings = run.results.flatMap((r) => r.diagnostics.map((d) => ({ r, d })));
  out.push('### Findings', '');
  if (findings.length === 0) out.push('None.', '');
  else {
    out.push('| severity | file | line | rule | message |', '|---|---|---|---|---|');
    for (const { r, d } of findings) out.push(`| ${d.severity} | ${md(r.filePath)} | ${d.range.start.line} | \`${d.ruleId}\` | ${md(d.message)} |`);
    out.push('');
  }
  return secretMasker(run)(out.join('\n'));
}

export function formatPlan(format: PlanFormat, plans: FilePlan[], run: LintRun, color: boolean): string {
  return format === 'json' ? planJson(plans, run) : format === 'markdown' ? planMarkdown(plans, run) : planStylish(plans, run, color);
}
