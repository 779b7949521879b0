#!/usr/bin/env node
// Entry point of the `omlint` command (dist/omlint.js). Whatever goes wrong inside omlint exits 2,
// never 0 or 1.
import { loadCore, setV8Flags } from './load-core';
import { stdWriter } from './std-writer';
import { planOptimizer } from './optimizer-hold';

const internalError = (e: unknown) => {
  process.stderr.write(`omlint: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(2);
};
process.on('uncaughtException', internalError);
process.on('unhandledRejection', internalError);
// `omlint check | head`: a closed pipe is the reader's choice, not an error of omlint (stdWriter
// drops the rest; Node's stream, where a write had to wait, says so by an error event).
let stdoutHooked = false;
const stdoutStream = () => {
  if (!stdoutHooked) {
    stdoutHooked = true;
    process.stdout.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' ? process.exit(process.exitCode ?? 0) : internalError(e)));
  }
  return process.stdout;
};

const core = loadCore({ writeCache: true });
const io = {
  // Not process.stdout and process.stderr: they would load Node's streams at every start.
  stdout: stdWriter(1, stdoutStream),
  stderr: stdWriter(2, () => process.stderr),
  cwd: process.cwd(),
  env: process.env,
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  },
  // A short run of a few MB: without V8's optimizing compiler (optimizer-hold.ts), given back
  // before the `yaml` library parses a big text.
  filesFound: (files: string[], debug?: (line: string) => void) => planOptimizer(files, setV8Flags, { onYamlLibraryParse: core.onYamlLibraryParse, debug }),
  // `omlint lsp`: the server's heap bound (server/heap.ts). node:v8 loaded only then, not at every start.
  setV8Flags: (flags: string) => (require('node:v8') as typeof import('node:v8')).setFlagsFromString(flags),
};

core
  .main(process.argv.slice(2), io)
  .then((code) => {
    if (code < 0) return; // the language server runs on
    // Every byte was written synchronously: exit now, rather than let Node tear its environment
    // down first (a measurable part of a short run). Output that went to Node's
    // stream (a full non-blocking pipe) may still be queued: that run ends when the stream drains.
    if (io.stdout.streamed || io.stderr.streamed) process.exitCode = code;
    else process.exit(code);
  }, internalError);
