#!/usr/bin/env node
// Entry point of `omlint-language-server --stdio`.
import { SERVER_VERSION, startServer } from './main';

const args = process.argv.slice(2);
if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write(`${SERVER_VERSION}\n`);
} else if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write('Usage: omlint-language-server --stdio\n\nThe omlint language server (Language Server Protocol over standard input and output).\n');
} else {
  startServer();
}
