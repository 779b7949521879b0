#!/usr/bin/env node
// Entry point of `omlint-language-server --stdio` from the sources (tests) and in the VS Code
// extension's one-file server; dist/ starts it through src/bin/omlint-language-server.ts. Like
// every entry point it hands the server the setter of run-time V8 flags (server/heap.ts) and the
// CLI's walk of a folder (server/workspace-files.ts).
import { setFlagsFromString } from 'node:v8';
import { serverMain } from '../server/cli';
import { walkFolder } from '../cli/files';

// The CLI's walk of a folder: workspace diagnostics and symbols of files never opened.
serverMain(process.argv.slice(2), { setV8Flags: setFlagsFromString, walkFolder });
