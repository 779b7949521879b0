// Markdown docs of a rule, generated from its meta (docs/rules/<id>.md and `omlint explain`).
import type { RuleMeta } from '../core/types';

/** Safe fixes apply themselves (--fix); suggestions are a choice, made in an editor or with --fix-suggestions. */
function fixesLine(meta: RuleMeta): string {
  const safe = meta.fixable ? 'safe fix, applied by `--fix`' : '';
  const suggestions = meta.hasSuggestions ? 'suggestions, offered as quick fixes in editors and applied by `--fix-suggestions` only where a finding offers one' : '';
  return [safe, suggestions].filter(Boolean).join('; ') || 'none';
}

export function ruleDocMarkdown(meta: RuleMeta): string {
  const kinds = meta.kinds === '*' ? 'every kind' : meta.kinds.map((k) => `\`${k}\``).join(', ');
  const lines = [
    `# ${meta.id}`,
    '',
    meta.description,
    '',
    `- Default severity: **${meta.defaultSeverity}**`,
    `- Applies to: ${kinds}`,
    `- Fixes: ${fixesLine(meta)}${meta.docs.fixes ? `. ${meta.docs.fixes}` : ''}`,
    ...(meta.scope === 'workspace' ? ['- Scope: across the documents of one project scope (a directory, or a config `overrides[].scope`)'] : []),
    ...(meta.scope === 'transition' ? ['- Scope: a change: the document and its previous state (`omlint plan --base`, `omlint check --base`)'] : []),
    `- Versions: ${meta.docs.versions ?? 'every MongoDB and Ops Manager version: the rule reads no version'} (sources: docs/versions.md)`,
    '',
    '## Why',
    '',
    meta.docs.why,
    '',
  ];
  const { bad, good } = meta.docs;
  if (bad) {
    lines.push('## Bad', '', '```yaml', bad.trimEnd(), '```', '');
  }
  if (good) {
    lines.push('## Good', '', '```yaml', good.trimEnd(), '```', '');
  }
  if (meta.docs.base !== undefined) {
    lines.push('## The base of these examples', '', 'The previous state the examples are compared with (`--base`):', '', '```yaml', meta.docs.base.trimEnd(), '```', '');
    if (meta.docs.goodBase !== undefined) lines.push('The good example is compared with:', '', '```yaml', meta.docs.goodBase.trimEnd(), '```', '');
  }
  if (meta.docs.scope?.length) {
    lines.push('## Other documents of the scope in these examples', '');
    for (const s of meta.docs.scope) lines.push('```yaml', s.trimEnd(), '```', '');
  }
  lines.push('## Turning it off', '', 'In `omlint.config.yaml`:', '', '```yaml', 'rules:', `  ${meta.id}: off`, '```', '', `Or for one line of a YAML file: \`# omlint-disable-next-line ${meta.id} -- reason\`.`, '');
  return lines.join('\n');
}
