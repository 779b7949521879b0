#!/usr/bin/env node
// Entry point of `omlint-language-server --stdio` (dist/omlint-language-server.js).
import { loadCore } from './load-core';

loadCore({ writeCache: false })
  .serverMain(process.argv.slice(2))
  .catch((e: unknown) => {
    process.stderr.write(`omlint-language-server: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(2);
  });
