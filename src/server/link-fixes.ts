// Quick fixes that use the links: a replica set member naming no process gets the nearest process
// names; a process version with no mongoDbVersions entry gets one added (its builds to fill in:
// a build's URLs cannot be guessed).
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { nearestNames } from '../model/automation-topology';
import type { Diagnostic } from '../core/types';
import type { ParsedFile } from '../syntax/index';
import { siteAt, type LinkSite } from './link-index';
import { rangeOf, spelled, type FileLinks } from './navigation';

/** The rules whose findings these fixes answer. */
export const LINK_FIX_RULES = new Set(['replica-set-members', 'process-version-defined']);

export interface LinkFixInput {
  file: FileLinks;
  parsed: ParsedFile;
  /** The lint's diagnostics under the requested range. */
  diagnostics: Diagnostic[];
  toLsp(d: Diagnostic): LspDiagnostic;
}

function memberHostFixes(input: LinkFixInput, d: Diagnostic, site: LinkSite): CodeAction[] {
  const names = input.file.index.sites.filter((s) => s.target === 'process' && s.role === 'definition' && s.docIndex === site.docIndex).map((s) => s.name);
  return nearestNames(site.name, names).map((name) => {
    const { span, text } = spelled(site, name, input.file.json);
    return {
      title: `Use process ${JSON.stringify(name)}`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [input.toLsp(d)],
      edit: { changes: { [input.file.uri]: [{ range: rangeOf(input.file, span), newText: text }] } },
    };
  });
}

/** The line's indentation before an offset. */
function indentAt(text: string, offset: number): string {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

function addVersionFix(input: LinkFixInput, d: Diagnostic, site: LinkSite): CodeAction[] {
  const base = site.owner.replace(/\/processes\/\d+$/, '');
  const pd = input.parsed.documents[site.docIndex];
  const list = pd?.locate(`${base}/mongoDbVersions`)?.value;
  const value = (pd?.value as Record<string, unknown> | undefined) ?? {};
  const versions = base === '' ? value.mongoDbVersions : undefined;
  if (!list || !Array.isArray(versions)) return [];
  const text = input.parsed.text;
  const name = JSON.stringify(site.name);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const flow = text[list.start] === '[';
  let at: number;
  let insert: string;
  if (versions.length === 0 && flow) {
    at = list.start + 1;
    insert = input.file.json ? `{ "name": ${name}, "builds": [] }` : `{ name: ${name}, builds: [] }`;
  } else if (versions.length === 0) {
    return [];
  } else {
    const last = pd.locate(`${base}/mongoDbVersions/${versions.length - 1}`)?.value;
    if (!last) return [];
    let end = last.end;
    while (end > last.start && /\s/.test(text[end - 1])) end--;
    at = end;
    if (flow) {
      // JSON (or YAML flow): after the last entry, on a line of its own at its indentation.
      const indent = indentAt(text, last.start);
      insert = input.file.json ? `,${eol}${indent}{ "name": ${name}, "builds": [] }` : `, { name: ${name}, builds: [] }`;
    } else {
      // Block YAML: the last item's `- ` sits before its content.
      const dash = text.lastIndexOf('-', last.start);
      const indent = indentAt(text, dash);
      insert = `${eol}${indent}- name: ${name}${eol}${indent}  builds: []`;
    }
  }
  const edit: TextEdit = { range: rangeOf(input.file, { start: at, end: at }), newText: insert };
  return [{
    title: `Add a mongoDbVersions entry for ${name} (its builds to fill in)`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [input.toLsp(d)],
    edit: { changes: { [input.file.uri]: [edit] } },
  }];
}

export function linkQuickFixes(input: LinkFixInput): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of input.diagnostics) {
    if (!d.span) continue;
    const site = siteAt(input.file.index, d.span.start);
    if (!site || site.role !== 'reference') continue;
    if (d.ruleId === 'replica-set-members' && d.messageId === 'unknownHost' && site.via === 'member-host') out.push(...memberHostFixes(input, d, site));
    if (d.ruleId === 'process-version-defined' && site.via === 'process-version') out.push(...addVersionFix(input, d, site));
  }
  return out;
}
