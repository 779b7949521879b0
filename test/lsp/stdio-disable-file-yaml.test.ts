// "Disable <rule> for this file" in a YAML document through the real server over stdio (issue 38):
// `# omlint-disable <rule>` on the first line, applied as the editor applies it; the rule is gone
// for the whole file (every document of it) and other rules stay; a second rule joins the directive.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CodeActionRequest, type CodeAction } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { serverForSuite } from './client';
import { ALERT } from './fixtures';

// Two documents, each with a misspelt field (unknown-field) and the second with a misspelt event type too.
const TEXT = `${ALERT}enabeld: true\n---\n${ALERT.replace('HOST_DOWN', 'HOST_DOWNN')}enabeld: true\n`;

describe('"Disable for this file" in YAML over stdio', () => {
  const suite = serverForSuite();

  const apply = (uri: string, text: string, action: CodeAction) => TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 0, text), action.edit!.changes![uri]);

  it('puts the rule in a directive on the first line; the whole file is rid of it', async () => {
    const [client, dir] = [suite.client(), suite.dir()];
    const uri = pathToFileURL(path.join(dir, 'alerts.yaml')).href;
    const opened = client.diagnostics(uri);
    client.open(uri, TEXT);
    const first = await opened;
    const unknown = first.diagnostics.filter((d) => d.code === 'unknown-field');
    expect(unknown).toHaveLength(2);
    const other = first.diagnostics.find((d) => d.code !== 'unknown-field')!;
    expect(other).toBeDefined();
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: unknown[0].range, context: { diagnostics: [unknown[0]] } })) as CodeAction[];
    const off = actions.find((a) => a.title === 'Disable unknown-field for this file')!;
    expect(off?.diagnostics).toEqual([unknown[0]]);
    const text2 = apply(uri, TEXT, off);
    expect(text2).toBe(`# omlint-disable unknown-field\n${TEXT}`);
    const relinted = client.diagnostics(uri, (p) => p.version === 2);
    client.change(uri, 2, text2);
    const after = (await relinted).diagnostics;
    expect(after.map((d) => d.code)).not.toContain('unknown-field');
    expect(after.map((d) => d.code)).toContain(other.code);

    // Another rule for the file: added to the directive already there.
    const next = after.find((d) => d.code === other.code)!;
    const more = (await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: next.range, context: { diagnostics: [next] } })) as CodeAction[];
    const text3 = apply(uri, text2, more.find((a) => a.title === `Disable ${String(other.code)} for this file`)!);
    expect(text3).toBe(`# omlint-disable unknown-field, ${String(other.code)}\n${TEXT}`);
    const relinted3 = client.diagnostics(uri, (p) => p.version === 3);
    client.change(uri, 3, text3);
    expect((await relinted3).diagnostics.map((d) => d.code)).not.toContain(other.code);
  });
});
