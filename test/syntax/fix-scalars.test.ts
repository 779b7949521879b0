// The scalars of fixes are written without the `yaml` stringifier where it can be done
// (fix.ts plainScalar): what is written must be exactly what the stringifier writes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { yamlValue } from '../../src/syntax/fix';

const library = (v: unknown) => stringify(v, { lineWidth: 0 }).trimEnd();

describe('yamlValue', () => {
  it('writes what the yaml stringifier writes, for words, names, numbers, booleans and null', () => {
    const words = ['EQUALS', 'GROUP_OWNER', 'RAW', 'yes', 'no', 'on', 'off', 'Yes', 'y', 'n', 'true', 'True', 'TRUE', 'tRUE', 'false', 'False', 'FALSE', 'null', 'Null', 'NULL', 'nULL', 'x1', 'Infinity', 'NaN', 'e3', 'a'.repeat(300)];
    const values: unknown[] = [...words, 0, -0, 1, -1, 5, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 0.1, NaN, Infinity, -Infinity, true, false, null];
    for (const v of values) expect({ v, out: yamlValue(v) }).toEqual({ v, out: library(v) });
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,12}$/), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), (v) => {
        expect({ v, out: yamlValue(v) }).toEqual({ v, out: library(v) });
      }),
      { numRuns: 3000 },
    );
  });

  it('writes objects and arrays as JSON (flow style)', () => {
    expect(yamlValue({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
  });
});
