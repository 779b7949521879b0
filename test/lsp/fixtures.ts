// Shared bits of the language-server tests.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Position } from 'vscode-languageserver';
import type { OmlintLanguageService } from '../../src/server/service';

export const NOW = () => new Date('2026-11-21T00:00:00Z');

export const ALERT = `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    intervalMin: 60
    delayMin: 0
`;

/** An alert with an SNMP notification (deprecated; removed in Ops Manager 7.0). */
export const SNMP = `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: SNMP
    snmpAddress: snmp.example.com:162
    delayMin: 0
    intervalMin: 60
`;

export function tempDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-lsp-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

export function openDoc(service: OmlintLanguageService, dir: string, name: string, text: string, version = 1): TextDocument {
  const doc = TextDocument.create(pathToFileURL(path.join(dir, name)).href, name.endsWith('.json') ? 'json' : 'yaml', version, text);
  service.setDocument(doc);
  return doc;
}

/** The text after applying a code action's edits to the document. */
export function applyAction(doc: TextDocument, action: CodeAction): string {
  const edits = action.edit?.changes?.[doc.uri] ?? [];
  return TextDocument.applyEdits(doc, edits);
}

/** The position of the `n`th occurrence of `needle` (plus `delta` characters). */
export function positionOf(doc: TextDocument, needle: string, delta = 0, n = 0): Position {
  let at = -1;
  for (let i = 0; i <= n; i++) {
    at = doc.getText().indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" not found`);
  }
  return doc.positionAt(at + delta);
}

/** The same unknown field in three notifications: one grouped finding (aggregate.ts) with two more places. */
export const REPEATED_UNKNOWN = `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: a@example.com
    flag: 1
  - typeName: EMAIL
    emailAddress: b@example.com
    flag: 1
  - typeName: EMAIL
    emailAddress: c@example.com
    flag: 1
`;
