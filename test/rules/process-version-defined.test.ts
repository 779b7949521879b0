import { describe, expect, it } from 'vitest';
import { lintDoc, places } from '../helpers';

const RULE = 'process-version-defined';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return places(await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const versions = `mongoDbVersions:
  - name: 7.0.12
    builds: []
  - name: 6.0.16-ent
    builds: []
`;

describe(RULE, () => {
  it.each([
    ['versions that are defined', `${versions}processes:\n  - name: a\n    version: 7.0.12\n  - name: b\n    version: 6.0.16-ent\n`],
    ['a fragment without mongoDbVersions (required-field says so)', 'processes:\n  - name: a\n    version: 7.0.12\n'],
    ['a process without a version', `${versions}processes:\n  - name: a\n`],
    ['a version of the wrong type', `${versions}processes:\n  - name: a\n    version: 7\n`],
    ['no processes', `${versions}processes: []\n`],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['an undefined version', `${versions}processes:\n  - name: a\n    version: 7.0.12\n  - name: b\n    version: 7.0.14\n`, [[10, 14, 'error']]],
    ['a version against an empty list', 'mongoDbVersions: []\nprocesses:\n  - name: a\n    version: 8.0.4-ent\n', [[4, 14, 'error']]],
    [
      'every process of a missing version',
      `${versions}processes:\n  - name: a\n    version: 6.0.16\n  - name: b\n    version: 6.0.16\n`,
      [[8, 14, 'error'], [10, 14, 'error']],
    ],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('names the nearest defined versions', async () => {
    const [d] = await diagnostics(`${versions}processes:\n  - name: a\n    version: 6.0.16\n`);
    expect(d.pointer).toBe('/processes/0/version');
    expect(d.message).toContain('"6.0.16"');
    expect(d.message).toContain('no mongoDbVersions entry; defined: "6.0.16-ent", "7.0.12".');
  });

  it('says when mongoDbVersions is empty', async () => {
    const [d] = await diagnostics('mongoDbVersions: []\nprocesses:\n  - name: a\n    version: 8.0.4\n');
    expect(d.message).toContain('mongoDbVersions is empty');
  });

  it('works in JSON', async () => {
    const text = '{\n  "mongoDbVersions": [{"name": "7.0.12", "builds": []}],\n  "processes": [\n    {"name": "a", "version": "7.0.2"}\n  ]\n}\n';
    const ds = await lintDoc(text, { kind: 'automation-config', fileName: 'ac.json' });
    expect(ds.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column])).toEqual([[4, 30]]);
  });
});
