// textDocument/formatting and rangeFormatting through the real server over stdio: YAML printed by
// the yaml library with its comments, at the editor's indentation; JSON re-indented with its
// numbers as written; a selection changes its lines only; the edits are the changed lines; off
// unless omlint.format.enable is set (pulled per folder with workspace/configuration).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentFormattingRequest, DocumentRangeFormattingRequest, type TextEdit } from 'vscode-languageserver-protocol/node';
import { tempDir } from './fixtures';
import { startClient, type LspClient } from './client';

const YAML = `# CPU alert (kept)
eventTypeName:   HOST_DOWN
enabled: true   # on
notifications:
    - typeName: EMAIL
      emailAddress: dba@example.com   # the on-call list
      intervalMin: 60
      delayMin: 0
matchers: [ {fieldName: HOSTNAME,   operator: EQUALS, value: "db1"} ]
`;

const JSON_TEXT = `{"eventTypeName": "HOST_DOWN",
  "enabled": true, "threshold": {"operator": "GREATER_THAN", "threshold": 12345678901234567890, "units": "RAW"},
"notifications": [ ]}
`;

describe('formatting over stdio', () => {
  let client: LspClient;
  let dir: string;
  let off: string;
  beforeAll(async () => {
    dir = tempDir();
    off = tempDir();
    // Two folders: formatting on in the first only (the setting's default is off).
    client = await startClient(dir, undefined, {}, undefined, undefined, {
      folders: [dir, off],
      configuration: (items) => items.map((i) => (i.scopeUri === `file://${dir}` ? { format: { enable: true } } : {})),
    });
  });
  afterAll(async () => {
    await client?.stop();
  });

  const open = async (folder: string, name: string, text: string) => {
    const uri = pathToFileURL(path.join(folder, name)).href;
    const published = client.diagnostics(uri);
    client.open(uri, text, name.endsWith('.json') ? 'json' : 'yaml');
    await published;
    return TextDocument.create(uri, 'yaml', 1, text);
  };
  const options = { tabSize: 2, insertSpaces: true };

  it('prints a YAML document at the editor indentation, comments kept, changed lines only', async () => {
    const doc = await open(dir, 'cpu.alert-config.yaml', YAML);
    const edits = (await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: doc.uri }, options })) as TextEdit[];
    const after = TextDocument.applyEdits(doc, edits);
    // Extra spaces gone, the list at two spaces, the flow mapping padded; each comment kept.
    const printed = YAML.replace('eventTypeName:   ', 'eventTypeName: ')
      .replace(/ {3}# /g, ' # ')
      .replace(/^ {4}/gm, '  ')
      .replace('[ {fieldName: HOSTNAME,   operator: EQUALS, value: "db1"} ]', '[ { fieldName: HOSTNAME, operator: EQUALS, value: "db1" } ]');
    expect(printed).not.toBe(YAML);
    expect(after).toBe(printed);
    // The first line was already right: no edit covers it.
    expect(edits.every((e) => e.range.start.line >= 1)).toBe(true);
    expect(edits.length).toBeGreaterThan(1);
    // Formatting the result again changes nothing.
    const again = TextDocument.create(doc.uri, 'yaml', 2, after);
    client.change(doc.uri, 2, after);
    expect(TextDocument.applyEdits(again, (await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: doc.uri }, options })) as TextEdit[])).toBe(after);
  });

  it('a selection: its lines only; four spaces where the editor says so', async () => {
    const doc = await open(dir, 'sel.alert-config.yaml', YAML);
    const range = { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } };
    const edits = (await client.connection.sendRequest(DocumentRangeFormattingRequest.type, { textDocument: { uri: doc.uri }, range, options })) as TextEdit[];
    const after = TextDocument.applyEdits(doc, edits);
    expect(after).toBe(YAML.replace('eventTypeName:   HOST_DOWN', 'eventTypeName: HOST_DOWN'));
    const four = (await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: doc.uri }, options: { tabSize: 4, insertSpaces: true } })) as TextEdit[];
    expect(TextDocument.applyEdits(doc, four)).toContain('notifications:\n    - typeName: EMAIL\n      emailAddress: dba@example.com # the on-call list\n');
  });

  it('JSON: re-indented, the big number as written', async () => {
    const doc = await open(dir, 'a.alert-config.json', JSON_TEXT);
    const edits = (await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: doc.uri }, options })) as TextEdit[];
    expect(TextDocument.applyEdits(doc, edits)).toBe(`{
  "eventTypeName": "HOST_DOWN",
  "enabled": true,
  "threshold": {
    "operator": "GREATER_THAN",
    "threshold": 12345678901234567890,
    "units": "RAW"
  },
  "notifications": []
}
`);
  });

  it('a text that does not parse is refused with the reason', async () => {
    const doc = await open(dir, 'broken.alert-config.yaml', 'eventTypeName: [HOST_DOWN\nenabled: true\n');
    await expect(client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: doc.uri }, options })).rejects.toThrow(/cannot format: the YAML does not parse/);
  });

  it('off where the folder does not turn it on', async () => {
    const doc = await open(off, 'cpu.alert-config.yaml', YAML);
    expect(await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: doc.uri }, options })).toBeNull();
  });
});
