#!/usr/bin/env node
// Entry point of `omlint-language-server --stdio` (dist/omlint-language-server.js).
import { setFlagsFromString } from 'node:v8';
import { loadCore } from './load-core';

// The server bounds its heap's growth while a big document is open (server/heap.ts) by this setter.
loadCore({ writeCache: false })
  .serverMain(process.argv.slice(2), { setV8Flags: setFlagsFromString })
  .catch((e: unknown) => {
    process.stderr.write(`omlint-language-server: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(2);
  });
