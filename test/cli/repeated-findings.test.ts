// A finding repeated over array items is one diagnostic in every output (src/engine/aggregate.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run';

/** Three replica set members with the deprecated slaveDelay: one finding, three places. */
const AUTOMATION = `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions: []
processes: []
replicaSets:
  - _id: rs0
    protocolVersion: "1"
    members:
      - _id: 0
        host: rs0-0
        slaveDelay: 0
      - _id: 1
        host: rs0-1
        slaveDelay: 0
      - _id: 2
        host: rs0-2
        slaveDelay: 0
sharding: []
`;

function project(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-repeat-'));
  writeFileSync(path.join(dir, 'ac.yaml'), AUTOMATION);
  return dir;
}

const args = ['--kind', 'automation-config', '--now', '2026-11-21T00:00:00Z', '--no-color'];

describe('repeated findings in the CLI', () => {
  it('json: one diagnostic with occurrences and a related list of the other places', async () => {
    const dir = project();
    const { stdout } = await cli(['check', 'ac.yaml', '-f', 'json', ...args], { cwd: dir });
    const [file] = JSON.parse(stdout);
    const deprecated = file.diagnostics.filter((d: any) => d.ruleId === 'deprecated-field');
    expect(deprecated).toHaveLength(1);
    expect(deprecated[0]).toMatchObject({
      pointer: '/replicaSets/0/members/0/slaveDelay',
      range: { start: { line: 12, column: 9 } },
      occurrences: 3,
      message: expect.stringMatching(/\(and 2 more places\)$/),
    });
    expect(deprecated[0].related.map((r: any) => [r.filePath, r.pointer, r.range.start.line, r.range.start.column])).toEqual([
      ['ac.yaml', '/replicaSets/0/members/1/slaveDelay', 15, 9],
      ['ac.yaml', '/replicaSets/0/members/2/slaveDelay', 18, 9],
    ]);
    // Counts stay per place.
    expect(file.warningCount).toBe(file.diagnostics.filter((d: any) => d.severity === 'warning').reduce((n: number, d: any) => n + (d.occurrences ?? 1), 0));
  });

  it('sarif: one result with relatedLocations', async () => {
    const dir = project();
    const { stdout } = await cli(['check', 'ac.yaml', '-f', 'sarif', ...args], { cwd: dir });
    const results = JSON.parse(stdout).runs[0].results.filter((r: any) => r.ruleId === 'deprecated-field');
    expect(results).toHaveLength(1);
    expect(results[0].locations[0].physicalLocation.region).toMatchObject({ startLine: 12, startColumn: 9 });
    expect(results[0].relatedLocations.map((l: any) => [l.id, l.physicalLocation.artifactLocation.uri, l.physicalLocation.region.startLine])).toEqual([
      [1, 'ac.yaml', 15],
      [2, 'ac.yaml', 18],
    ]);
  });

  it('stylish: the count in the message and the other places below the frame; the summary counts places', async () => {
    const dir = project();
    const { stdout } = await cli(['check', 'ac.yaml', ...args], { cwd: dir });
    expect(stdout.match(/deprecated-field/g)).toHaveLength(1);
    expect(stdout).toContain('(and 2 more places)  deprecated-field');
    expect(stdout).toContain('also at 15:9, 18:9');
    expect(stdout).toMatch(/✖ \d+ problems \(\d+ errors?, 3 warnings/);
  });
});

describe('--stats with repeated findings', () => {
  it('counts every place of a repeated finding', async () => {
    const dir = project();
    const { stdout } = await cli(['check', 'ac.yaml', '--stats', ...args], { cwd: dir });
    expect(stdout).toMatch(/^3\s+deprecated-field\s/m);
  });
});
