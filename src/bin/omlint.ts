#!/usr/bin/env node
// Entry point of the `omlint` command (dist/omlint.js). Whatever goes wrong inside omlint exits 2,
// never 0 or 1.
import { loadCore } from './load-core';

const internalError = (e: unknown) => {
  process.stderr.write(`omlint: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(2);
};
process.on('uncaughtException', internalError);
process.on('unhandledRejection', internalError);
// `omlint check | head`: a closed pipe is the reader's choice, not an error of omlint.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  internalError(e);
});

const io = {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  },
};

loadCore({ writeCache: true })
  .main(process.argv.slice(2), io)
  .then((code) => {
    if (code >= 0) process.exitCode = code;
  }, internalError);
