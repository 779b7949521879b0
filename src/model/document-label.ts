// How cross-document diagnostics name the other document of a pair.
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
