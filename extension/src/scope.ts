// Which open documents the extension hands omlint's answers for: omlint.config.* files, files
// whose modeline or name declares a kind (as the server decides it, src/kinds/detect.ts), and
// files that match the `omlint.files` globs (there the server also recognises documents by
// their content). Free of the vscode module so that it is testable in plain Node.
import { KINDS } from '../../src/core/kinds';

export const CONFIG_NAMES = ['omlint.config.yaml', 'omlint.config.yml', 'omlint.config.json'];

const OMLINT_MODELINE = /#\s*omlint:\s*kind\s*=\s*([A-Za-z0-9_-]+)/;
const YLS_MODELINE = /#\s*yaml-language-server:\s*\$schema=\S*?([A-Za-z0-9_-]+)\.schema\.json/g;
const KIND_SET = new Set<string>(KINDS);

export function baseName(uriPath: string): string {
  return uriPath.slice(uriPath.lastIndexOf('/') + 1);
}

export function isConfigName(fileName: string): boolean {
  return CONFIG_NAMES.includes(fileName);
}

/** `name.<kind>.json|yaml|yml`, the convention of schemas/catalog.json. */
export function nameDeclaresKind(fileName: string): boolean {
  const m = /\.([a-z-]+)\.(json|ya?ml)$/i.exec(fileName);
  return Boolean(m && KIND_SET.has(m[1]));
}

/** An omlint modeline, or a yaml-language-server one that points at one of omlint's schemas. */
export function textDeclaresKind(text: string): boolean {
  if (!text.includes('#')) return false;
  if (OMLINT_MODELINE.test(text)) return true;
  for (const m of text.matchAll(YLS_MODELINE)) if (KIND_SET.has(m[1])) return true;
  return false;
}

export interface ScopeInput {
  /** The path part of the document's URI. */
  uriPath: string;
  text: string;
  /** Whether the document matches one of the `omlint.files` globs. */
  matchesFiles: boolean;
}

export function inScope(doc: ScopeInput): boolean {
  const name = baseName(doc.uriPath);
  return isConfigName(name) || doc.matchesFiles || nameDeclaresKind(name) || textDeclaresKind(doc.text);
}
