import { describe, expect, it } from 'vitest';
import rule from '../../rules/config-version-changed';
import { runTransition } from '../transition-tester';

const doc = (v: string) => `version: ${v}\nprocesses: []\n`;

describe('config-version-changed', () => {
  it('accepts the version of the GET, and a newer one (the next GET after a PUT)', () => {
    expect(runTransition(rule, { base: doc('41'), value: doc('41') })).toEqual([]);
    expect(runTransition(rule, { base: doc('41'), value: doc('42') })).toEqual([]);
  });
  it('warns about a lowered version', () => {
    const found = runTransition(rule, { base: doc('41'), value: doc('39') });
    expect(found.map((f) => [f.severity, f.pointer, f.line, f.column, f.message])).toEqual([
      ['warning', '/version', 1, 10, 'version is 39 here and 41 in the base (HEAD:doc.yaml): lowered. It is the revision of the configuration you edit, which Ops Manager keeps; an older number suggests the edit started from an older GET. Start again from the current GET.'],
    ]);
  });
  it('ignores a version that is not a number (a template; the schema speaks about the rest)', () => {
    expect(runTransition(rule, { base: doc('41'), value: doc('"${VERSION}"') })).toEqual([]);
  });
});
