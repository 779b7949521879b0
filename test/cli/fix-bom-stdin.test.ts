// --fix keeps a UTF-8 byte order mark (the fix: enabled-omitted's one suggestion, by --fix-suggestions); --stdin-filename without --stdin is a usage error.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run';

const NO_ENABLED = 'eventTypeName: HOST_DOWN\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n    intervalMin: 60\n    delayMin: 0\n';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('--fix and a byte order mark', () => {
  it('writes the BOM back, and positions are the same as without it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-bom-'));
    const file = path.join(dir, 'a.alert-config.yaml');
    writeFileSync(file, Buffer.concat([BOM, Buffer.from(NO_ENABLED)]));
    const before = await cli(['check', '-f', 'json', 'a.alert-config.yaml'], { cwd: dir });
    expect(JSON.parse(before.stdout)[0].diagnostics.find((d: any) => d.ruleId === 'enabled-omitted').range.start).toEqual({ line: 1, column: 1 });
    const r = await cli(['check', '--fix-suggestions', 'a.alert-config.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([...BOM]);
    expect(bytes.subarray(3).toString('utf8')).toBe(NO_ENABLED.replace('HOST_DOWN\n', 'HOST_DOWN\nenabled: true\n'));
  });

  it('a file without a BOM gets none', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-bom-'));
    const file = path.join(dir, 'a.alert-config.yaml');
    writeFileSync(file, NO_ENABLED);
    await cli(['check', '--fix-suggestions', 'a.alert-config.yaml'], { cwd: dir });
    expect(readFileSync(file, 'utf8')).toBe(NO_ENABLED.replace('HOST_DOWN\n', 'HOST_DOWN\nenabled: true\n'));
  });
});

describe('--stdin-filename', () => {
  it('without --stdin is a usage error (exit 2), and nothing is linted', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-stdin-'));
    writeFileSync(path.join(dir, 'a.alert-config.yaml'), NO_ENABLED);
    const r = await cli(['check', '--stdin-filename', 'a.alert-config.yaml', 'a.alert-config.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^omlint: --stdin-filename .*--stdin/);
    expect(r.stdout).toBe('');
  });

  it('with --stdin names the input', async () => {
    const r = await cli(['check', '--stdin', '--stdin-filename', 'x.alert-config.yaml', '-f', 'json'], { stdin: NO_ENABLED });
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ filePath: 'x.alert-config.yaml', kinds: ['alert-config'] });
  });
});
