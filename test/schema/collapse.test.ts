// Union collapsing on ajv error lists (the shapes ajv emits with allErrors).
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { collapseUnions } from '../../src/schema/collapse';

function err(instancePath: string, schemaPath: string, keyword: string, params: Record<string, unknown> = {}): ErrorObject {
  return { instancePath, schemaPath, keyword, params, message: keyword };
}

describe('collapseUnions', () => {
  it('every branch rejects the type: one type error naming all types', () => {
    const out = collapseUnions([
      err('/x', '#/properties/x/anyOf/0/type', 'type', { type: 'object' }),
      err('/x', '#/properties/x/anyOf/1/type', 'type', { type: 'null' }),
      err('/x', '#/properties/x/anyOf', 'anyOf'),
    ]);
    expect(out).toEqual([expect.objectContaining({ keyword: 'type', instancePath: '/x', params: { type: ['object', 'null'] } })]);
  });

  it('a value of an accepted type but not an accepted value: one enum error', () => {
    const out = collapseUnions([
      err('/x', '#/properties/x/anyOf/0/type', 'type', { type: 'null' }),
      err('/x', '#/properties/x/anyOf/1/enum', 'enum', { allowedValues: ['A', 'B'] }),
      err('/x', '#/properties/x/anyOf/2/const', 'const', { allowedValue: 'C' }),
      err('/x', '#/properties/x/anyOf', 'anyOf'),
    ]);
    expect(out).toEqual([expect.objectContaining({ keyword: 'enum', params: { allowedValues: ['A', 'B', 'C'] } })]);
  });

  it('the branch that got inside the value wins', () => {
    const deep = err('/x/n', '#/properties/x/anyOf/0/properties/n/type', 'type', { type: 'integer' });
    const out = collapseUnions([deep, err('/x', '#/properties/x/anyOf/1/type', 'type', { type: 'null' }), err('/x', '#/properties/x/anyOf', 'anyOf')]);
    expect(out).toEqual([deep]);
  });

  it('errors of other keywords and other values stay; if errors go', () => {
    const before = err('/y', '#/properties/y/type', 'type', { type: 'string' });
    const sibling = err('/x', '#/properties/x/minProperties', 'minProperties', { limit: 1 });
    const out = collapseUnions([
      before,
      sibling,
      err('/x', '#/properties/x/anyOf/0/type', 'type', { type: 'string' }),
      err('/x', '#/properties/x/anyOf/1/type', 'type', { type: 'number' }),
      err('/x', '#/properties/x/anyOf', 'anyOf'),
      err('', '#/allOf/0/if', 'if', { failingKeyword: 'then' }),
    ]);
    expect(out).toEqual([before, sibling, expect.objectContaining({ keyword: 'type', params: { type: ['string', 'number'] } })]);
  });

  it('nested unions collapse from the inside out', () => {
    const out = collapseUnions([
      err('/x/a', '#/properties/x/anyOf/0/properties/a/anyOf/0/type', 'type', { type: 'string' }),
      err('/x/a', '#/properties/x/anyOf/0/properties/a/anyOf/1/type', 'type', { type: 'null' }),
      err('/x/a', '#/properties/x/anyOf/0/properties/a/anyOf', 'anyOf'),
      err('/x', '#/properties/x/anyOf/1/type', 'type', { type: 'null' }),
      err('/x', '#/properties/x/anyOf', 'anyOf'),
    ]);
    expect(out).toEqual([expect.objectContaining({ instancePath: '/x/a', keyword: 'type', params: { type: ['string', 'null'] } })]);
  });
});
