// Engine diagnostics → LSP diagnostics: 0-based exact ranges, rule id and docs link, severity,
// related information for cross-document rules.
import {
  DiagnosticSeverity,
  DiagnosticTag,
  type Diagnostic as LspDiagnostic,
  type DiagnosticRelatedInformation,
} from 'vscode-languageserver';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { packageRoot } from '../core/paths';
import type { Diagnostic, RelatedInfo, Severity } from '../core/types';
import { engineRangeToLsp } from './positions';

/** Where rule docs live on the web (the same links as in SARIF output). */
export const RULE_DOCS_BASE = 'https://github.com/omlint/omlint/blob/main/docs/rules/';

export function ruleDocsUrl(ruleId: string): string {
  return `${RULE_DOCS_BASE}${ruleId}.md`;
}

const DOCS_HREFS = new Map<string, string>();

/**
 * The link of a rule's documentation in the editor: the markdown page shipped with the server
 * (docs/rules/<id>.md of the package, or of the VS Code extension, which opens it in its preview),
 * so that it reads offline; the web page where no page is shipped.
 */
export function ruleDocsHref(ruleId: string): string {
  let href = DOCS_HREFS.get(ruleId);
  if (href === undefined) {
    const file = /^[a-z0-9][a-z0-9-]*$/.test(ruleId) ? path.join(packageRoot(), 'docs', 'rules', `${ruleId}.md`) : undefined;
    href = file && existsSync(file) ? pathToFileURL(file).href : ruleDocsUrl(ruleId);
    DOCS_HREFS.set(ruleId, href);
  }
  return href;
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** A related document as the client knows it: its URI and whether its text starts with a BOM. */
export type RelatedResolver = (rel: RelatedInfo) => { uri: string; bom: boolean } | undefined;

export function toLspDiagnostic(doc: TextDocument, d: Diagnostic, resolveRelated?: RelatedResolver): LspDiagnostic {
  // From the engine's line and column (its LineIndex, the same line ends and UTF-16 columns as
  // LSP), not the span through the editor document: that would index every line of a 20 MB text
  // before its first edit (test/parity.test.ts holds the two equal on the golden corpus).
  const range = engineRangeToLsp(d.range, doc.getText().charCodeAt(0) === 0xfeff);
  const out: LspDiagnostic = {
    range,
    severity: SEVERITY[d.severity],
    code: d.ruleId,
    codeDescription: { href: ruleDocsHref(d.ruleId) },
    source: 'omlint',
    message: d.message,
  };
  if (d.ruleId === 'unused-disable-directive') out.tags = [DiagnosticTag.Unnecessary];
  else if (/deprecated/.test(d.ruleId)) out.tags = [DiagnosticTag.Deprecated];
  const related: DiagnosticRelatedInformation[] = [];
  for (const rel of d.related ?? []) {
    const where = resolveRelated?.(rel);
    if (!where || !rel.range) continue;
    related.push({ location: { uri: where.uri, range: engineRangeToLsp(rel.range, where.bom) }, message: rel.message });
  }
  if (related.length) out.relatedInformation = related;
  return out;
}

/**
 * The other places of a grouped finding (aggregate.ts) in the same document, each as a diagnostic
 * of its own (related information alone shows no squiggle in the editor), pointing back
 * to the first place. Appended after the engine's diagnostics, whose order the code actions read.
 */
export function otherPlaces(d: Diagnostic, first: LspDiagnostic, uri: string): LspDiagnostic[] {
  if (!d.occurrences || !first.relatedInformation) return [];
  return first.relatedInformation
    .filter((r) => r.location.uri === uri)
    .map((r) => ({
      range: r.location.range,
      severity: first.severity,
      code: first.code,
      codeDescription: first.codeDescription,
      source: first.source,
      message: r.message,
      ...(first.tags ? { tags: first.tags } : {}),
      relatedInformation: [{ location: { uri, range: first.range }, message: `The first of ${d.occurrences} places: ${first.message}` }],
      // Tells a copy from the engine's findings (the CLI reports these places as related ones).
      data: { groupedPlace: true },
    }));
}
