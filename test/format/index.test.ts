import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/format/index';
import { cli } from '../cli/run';

const GOOD = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
const BAD = GOOD.replace('eventTypeName: HOST_DOWN\n', '');

describe('format dispatch', () => {
  it('offers the formats of the DESIGN.md CLI contract, and the one-line format of issue 31 (compact, Ruff\'s concise)', () => {
    expect([...FORMATS]).toEqual(['stylish', 'json', 'sarif', 'junit', 'github', 'gitlab', 'compact', 'concise']);
  });

  it('omlint check --format <ci format> reaches each formatter, also with --output-file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-formats-'));
    writeFileSync(path.join(dir, 'good.alert-config.yaml'), GOOD);
    writeFileSync(path.join(dir, 'bad.alert-config.yaml'), BAD);
    const run = (format: string, ...more: string[]) => cli(['check', '--format', format, '--now', '2026-11-21T00:00:00Z', ...more, '.'], { cwd: dir });

    const sarif = await run('sarif');
    expect(sarif.code).toBe(1);
    const log = JSON.parse(sarif.stdout);
    expect(log.runs[0].results.map((r: any) => [r.ruleId, r.locations[0].physicalLocation.artifactLocation.uri])).toContainEqual(['required-field', 'bad.alert-config.yaml']);

    const junit = await run('junit');
    expect(junit.stdout).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites /);
    expect(junit.stdout).toContain('<failure message="Missing required field');

    const github = await run('github');
    expect(github.stdout).toMatch(/^::error file=bad\.alert-config\.yaml,line=1,.*title=required-field::Missing required field/m);

    const gitlab = await run('gitlab');
    expect(JSON.parse(gitlab.stdout)).toContainEqual(expect.objectContaining({ check_name: 'required-field', severity: 'major', location: { path: 'bad.alert-config.yaml', lines: { begin: 1 } } }));

    const toFile = await run('sarif', '-o', 'omlint.sarif');
    expect(toFile.stdout).toBe('');
    expect(JSON.parse(readFileSync(path.join(dir, 'omlint.sarif'), 'utf8')).version).toBe('2.1.0');
    rmSync(dir, { recursive: true, force: true });
  });
});
