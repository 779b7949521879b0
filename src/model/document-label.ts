// How cross-document diagnostics find the earlier document of a pair, and name it.
import type { ScopeDocument } from '../core/types';

function fileName(filePath: string): string {
  return filePath.slice(Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1);
}

/**
 * "cpu.yaml", "alerts.yaml (document 3)", or "document 2 of this file" when `other` is in the
 * same file as `from`. Document numbers are 1-based, as people count them.
 */
export function documentLabel(other: ScopeDocument, from: ScopeDocument): string {
  if (other.filePath === from.filePath) return `document ${other.documentIndex + 1} of this file`;
  const name = fileName(other.filePath);
  return other.documentIndex > 0 ? `${name} (document ${other.documentIndex + 1})` : name;
}

/**
 * Calls fn for every document whose digest an earlier document already has, with that first one:
 * the duplicate rules report each later document and point back at the first.
 */
export function eachRepeat<D>(documents: readonly ScopeDocument<D>[], fn: (doc: ScopeDocument<D>, first: ScopeDocument<D>) => void): void {
  const firstWith = new Map<D | undefined, ScopeDocument<D>>();
  for (const doc of documents) {
    const first = firstWith.get(doc.digest);
    if (first) fn(doc, first);
    else firstWith.set(doc.digest, doc);
  }
}
