// `omlint-language-server [--stdio]`: the arguments of the server's own command.
import { SERVER_VERSION, startServer, type ServerOptions } from './main';

/** `options`: what the entry point gives the server (src/bin: the V8 flag setter, the CLI's walk of a folder). */
export function serverMain(args: string[], options: Pick<ServerOptions, 'setV8Flags' | 'walkFolder'> = {}): void {
  if (args.includes('--version') || args.includes('-v')) {
    process.stdout.write(`${SERVER_VERSION}\n`);
  } else if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write('Usage: omlint-language-server --stdio\n\nThe omlint language server (Language Server Protocol over standard input and output).\n');
  } else {
    startServer(options);
  }
}
