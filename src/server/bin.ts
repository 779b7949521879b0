#!/usr/bin/env node
// Entry point of `omlint-language-server --stdio` from the sources (tests) and in the VS Code
// extension's one-file server; dist/ starts it through src/bin/omlint-language-server.ts.
import { serverMain } from './cli';

serverMain(process.argv.slice(2));
