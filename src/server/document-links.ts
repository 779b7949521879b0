// Document links (textDocument/documentLink): the schema a modeline names (yaml-language-server's
// `$schema=` target, resolved against the document's folder when relative; an omlint modeline's
// kind to the schema shipped for it) and each rule id of an `# omlint-disable…` comment to the
// rule's page, the same link its diagnostics carry (ruleDocsHref).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocumentLink } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import { packageRoot } from '../core/paths';
import type { SourceFile } from '../syntax/index';
import { ruleDocsHref } from './diagnostics';
import { spanToRange } from './positions';

const YLS_SCHEMA = /#\s*yaml-language-server:\s*\$schema=(\S+)/y;
const OMLINT_KIND = /#\s*omlint:\s*kind\s*=\s*([A-Za-z0-9_-]+)/y;

/** A `$schema=` value as a link: a URL as written, a path from the document's folder. */
function schemaTarget(value: string, docPath: string | undefined): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return /^(https?|file):/i.test(value) ? value : undefined;
  return docPath ? pathToFileURL(path.resolve(path.dirname(docPath), value)).href : undefined;
}

export function documentLinks(doc: TextDocument, source: SourceFile, docPath: string | undefined): DocumentLink[] {
  const out: DocumentLink[] = [];
  const { directives, modelines } = source.comments();
  for (const m of modelines) {
    for (const [re, target] of [
      [YLS_SCHEMA, (v: string) => schemaTarget(v, docPath)],
      [OMLINT_KIND, (kind: string) => {
        const file = path.join(packageRoot(), 'schemas', `${kind}.schema.json`);
        return m.kind && existsSync(file) ? pathToFileURL(file).href : undefined;
      }],
    ] as const) {
      re.lastIndex = m.offset;
      const found = re.exec(source.text);
      if (!found) continue;
      const href = target(found[1]);
      const start = m.offset + found[0].length - found[1].length;
      if (href) out.push({ range: spanToRange(doc, { start, end: start + found[1].length }), target: href, tooltip: 'the schema of this document' });
    }
  }
  for (const d of directives.directives) {
    for (const r of d.rules) {
      if (KNOWN_RULE_IDS.has(r.id)) out.push({ range: spanToRange(doc, r.span), target: ruleDocsHref(r.id), tooltip: `${r.id}: the rule's documentation` });
    }
  }
  return out;
}
