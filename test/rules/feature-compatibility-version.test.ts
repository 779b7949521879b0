import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'feature-compatibility-version';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

/** The FCV value is on line 4, column 34. */
const proc = (version: string, fcv: string) =>
  `processes:\n  - name: a\n    version: ${version}\n    featureCompatibilityVersion: ${fcv}\n`;

describe(RULE, () => {
  it.each([
    ['the same release', '7.0.12', '"7.0"'],
    ['one release older', '7.0.12', '"6.0"'],
    ['an enterprise build', '8.0.4-ent', '"7.0"'],
    ['5.0 with FCV 4.4', '5.0.3', '"4.4"'],
    ['4.0 with FCV 3.6', '4.0.1', '"3.6"'],
    ['a rapid release with the previous major FCV', '7.2.0', '"7.0"'],
    ['a rapid release with the previous rapid FCV', '7.2.0', '"7.1"'],
    ['a release candidate', '8.0.0-rc1', '"8.0"'],
    ['a version before FCV existed', '3.2.22', '"3.0"'],
    ['an unparseable version (only the format is checked)', 'custom-build', '"7.0"'],
    ['an FCV of the wrong type (the schema reports it)', '7.0.12', '7.0'],
  ])('accepts %s', async (_name, version, fcv) => {
    expect(await hits(proc(version, fcv))).toEqual([]);
  });

  it('accepts a process without version', async () => {
    expect(await hits('processes:\n  - name: a\n    featureCompatibilityVersion: "7.0"\n')).toEqual([]);
  });

  it.each([
    ['a patch-level FCV', '7.0.12', '7.0.12'],
    ['an FCV such as 4.2.4 (operator #1072)', '4.2.8', '"4.2.4"'],
    ['a word', '7.0.12', 'latest'],
    ['an FCV newer than the binary', '7.0.12', '"8.0"'],
    ['two releases older', '7.0.12', '"5.0"'],
    ['an 8.0 binary with FCV 6.0', '8.0.4-ent', '"6.0"'],
    ['a 6.0 binary with FCV 4.4', '6.0.1', '"4.4"'],
  ])('reports %s', async (_name, version, fcv) => {
    expect(await hits(proc(version, fcv))).toEqual([[4, 34, 'error']]);
  });

  it('suggests major.minor for a patch-level FCV', async () => {
    const [d] = await diagnostics(proc('7.0.12', '7.0.12'));
    expect(d.pointer).toBe('/processes/0/featureCompatibilityVersion');
    expect(d.message).toBe(
      'featureCompatibilityVersion "7.0.12" of process "a" is not "major.minor"; the server accepts only a release such as "7.0". Write "7.0".',
    );
    expect(d.suggestions?.[0].title).toBe('Set featureCompatibilityVersion to "7.0"');
  });

  it('says which FCVs the binary accepts', async () => {
    const [d] = await diagnostics(proc('8.0.4-ent', '"6.0"'));
    expect(d.message).toContain('mongod 8.0 accepts FCV 7.0 to 8.0');
    const [newer] = await diagnostics(proc('7.0.12', '"8.0"'));
    expect(newer.message).toContain('is newer than its version "7.0.12"');
  });
});
