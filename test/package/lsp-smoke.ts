// One language-server conversation as an editor starts it: initialize, open a document with
// problems, and the diagnostics published for it (the package's and the executable's tests).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { ROOT, startClient } from '../lsp/client';

export async function firstDiagnostics(dir: string, command: string[], executable = process.execPath, env?: NodeJS.ProcessEnv): Promise<PublishDiagnosticsParams> {
  const client = await startClient(dir, command, {}, executable, env);
  try {
    const uri = pathToFileURL(path.join(dir, 'a.access-list-entries.yaml')).href;
    client.open(uri, readFileSync(path.join(ROOT, 'examples/problems/access-list.access-list-entries.yaml'), 'utf8'));
    return await client.diagnostics(uri, (p) => p.diagnostics.length > 0);
  } finally {
    await client.stop();
  }
}
