// Document URIs ↔ file paths. Only file: URIs have a place on disk (config, project scope);
// other schemes (untitled:, vscode-notebook-cell:…) are linted on their own with no config.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The file path of a file: URI, or undefined for other schemes. */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return path.resolve(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

export function pathToUri(filePath: string): string {
  return pathToFileURL(filePath).href;
}

/**
 * The name lint() gets for a document: its path, or for other schemes a bare name (kept
 * relative so that no config above the server's working directory applies by accident).
 */
export function lintNameOf(uri: string): string {
  const p = uriToPath(uri);
  if (p) return p;
  const tail = decodeURIComponent(uri.replace(/^[a-z][a-z0-9+.-]*:/i, '')).split(/[\\/]/).filter(Boolean).pop();
  return tail || 'untitled';
}

/** Two URIs for the same file (editors differ in percent-encoding and drive-letter case). */
export function sameUri(a: string, b: string): boolean {
  if (a === b) return true;
  const pa = uriToPath(a);
  return pa !== undefined && pa === uriToPath(b);
}
