// Entry of dist/core-<hash>.js, the core bundle behind the three small start-up files of
// src/bin/ (they load it through a V8 code cache). The language server is a chunk of its own
// (scripts/build-chunks.ts) and the worker code is inlined lazily: a plain `omlint check` never
// loads or initialises them.
export { main } from '../cli/main';
// The entry's optimizer hold listens to the parse (bin/optimizer-hold.ts).
export { onYamlLibraryParse } from '../syntax/parse-signal';
import { walkFolder } from '../cli/files';

export async function serverMain(args: string[], options: { setV8Flags?: (flags: string) => void } = {}): Promise<void> {
  // The CLI's walk of a folder: the server's workspace diagnostics and symbols (server/ sits below cli/).
  (await import('../server/cli')).serverMain(args, { ...options, walkFolder });
}

export async function workerMain(): Promise<void> {
  (await import('../cli/worker')).workerMain();
}

// The library (src/bin/api.ts) formats the reports of its runs as the CLI does.
export { formatResults } from '../format/index';
