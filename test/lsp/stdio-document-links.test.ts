// textDocument/documentLink through the real server over stdio: the schema of a yaml-language-server
// modeline (a relative path from the document's folder, a URL as written), the schema shipped for
// an omlint modeline's kind, and each rule id of an omlint-disable comment to the rule's page (the
// link its diagnostics carry); an unknown rule id links nowhere.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DocumentLinkRequest, type DocumentLink } from 'vscode-languageserver-protocol/node';
import { ROOT, serverForSuite } from './client';
import { ruleDocsHref } from '../../src/server/diagnostics';

const TEXT = `# yaml-language-server: $schema=../schemas/alert-config.schema.json
# omlint: kind=alert-config
# omlint-disable-next-line invalid-value, no-such-rule
eventTypeName: HOST_DOWN
enabled: true # omlint-disable-line unknown-field
notifications: []
`;

describe('document links over stdio', () => {
  const server = serverForSuite();

  it('modeline schemas and rule ids link to their targets', async () => {
    const client = server.client();
    const uri = pathToFileURL(path.join(server.dir(), 'sub', 'a.yaml')).href;
    const published = client.diagnostics(uri);
    client.open(uri, TEXT);
    await published;
    const links = (await client.connection.sendRequest(DocumentLinkRequest.type, { textDocument: { uri } })) as DocumentLink[];
    const lines = TEXT.split('\n');
    const shown = links.map((l) => [lines[l.range.start.line].slice(l.range.start.character, l.range.end.character), l.target]);
    const docsOf = (id: string) => pathToFileURL(path.join(ROOT, 'docs', 'rules', `${id}.md`)).href;
    expect(shown).toEqual([
      ['../schemas/alert-config.schema.json', pathToFileURL(path.join(server.dir(), 'schemas', 'alert-config.schema.json')).href],
      ['alert-config', pathToFileURL(path.join(ROOT, 'schemas', 'alert-config.schema.json')).href],
      ['invalid-value', docsOf('invalid-value')],
      ['unknown-field', docsOf('unknown-field')],
    ]);
    // The same page as a diagnostic of that rule links to.
    expect(docsOf('invalid-value')).toBe(ruleDocsHref('invalid-value'));
  });

  it('a URL in the modeline is the link as written', async () => {
    const client = server.client();
    const uri = pathToFileURL(path.join(server.dir(), 'b.yaml')).href;
    const text = '# yaml-language-server: $schema=https://example.com/s/alert-config.schema.json\neventTypeName: HOST_DOWN\n';
    const published = client.diagnostics(uri);
    client.open(uri, text);
    await published;
    const links = (await client.connection.sendRequest(DocumentLinkRequest.type, { textDocument: { uri } })) as DocumentLink[];
    expect(links.map((l) => l.target)).toEqual(['https://example.com/s/alert-config.schema.json']);
  });
});
