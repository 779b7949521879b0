#!/usr/bin/env node
// Entry point of `omlint-language-server --stdio` from the sources (tests) and in the VS Code
// extension's one-file server; dist/ starts it through src/bin/omlint-language-server.ts. Like
// every entry point it hands the server the setter of run-time V8 flags (server/heap.ts).
import { setFlagsFromString } from 'node:v8';
import { serverMain } from '../server/cli';

serverMain(process.argv.slice(2), { setV8Flags: setFlagsFromString });
