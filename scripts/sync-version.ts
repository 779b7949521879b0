// `npm version <x.y.z>` (its "version" script): the version is set in package.json alone, and
// copied here to `omlint --version` (src/core/version.ts, a constant: reading package.json would
// cost every start) and to the VS Code extension. test/version.test.ts checks the three agree.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`package.json: "${version}" is no semantic version`);

const versionTs = path.join(root, 'src/core/version.ts');
writeFileSync(versionTs, readFileSync(versionTs, 'utf8').replace(/export const VERSION = '[^']*';/, `export const VERSION = '${version}';`));
const extFile = path.join(root, 'extension/package.json');
const ext = readFileSync(extFile, 'utf8');
writeFileSync(extFile, ext.replace(/^(  "version": )"[^"]*"/m, `$1"${version}"`));
process.stdout.write(`version ${version}: src/core/version.ts, extension/package.json\n`);
