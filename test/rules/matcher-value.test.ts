import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'matcher-value';

async function hits(text: string) {
  return (await lintDoc(text, { kind: 'alert-config' }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const doc = (fieldName: string, operator: string, value: string) => `eventTypeName: HOST_DOWN
enabled: true
matchers:
  - fieldName: ${fieldName}
    operator: ${operator}
    value: ${value}
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;

describe(RULE, () => {
  it.each([
    ['a TYPE_NAME value', doc('TYPE_NAME', 'EQUALS', 'PRIMARY')],
    ['NOT_EQUALS MONGOS', doc('TYPE_NAME', 'NOT_EQUALS', 'MONGOS')],
    ['TYPE_NAME STARTS_WITH a prefix of a value', doc('TYPE_NAME', 'STARTS_WITH', 'SECOND')],
    ['TYPE_NAME CONTAINS part of a value', doc('TYPE_NAME', 'CONTAINS', 'ARY')],
    ['the TYPE_NAME list never applied to other fields', doc('HOSTNAME', 'EQUALS', 'db-1.example.com')],
    ['REPLICA_SET_NAME with any value', doc('REPLICA_SET_NAME', 'EQUALS', 'rs-prod')],
    ['a PORT', doc('PORT', 'EQUALS', '"27017"')],
    ['a PORT as a number', doc('PORT', 'NOT_EQUALS', '27018')],
    ['a PORT prefix with STARTS_WITH', doc('PORT', 'STARTS_WITH', '"270"')],
    ['a valid REGEX', doc('HOSTNAME', 'REGEX', '"^db-[0-9]+\\\\.example\\\\.com$"')],
    ['a REGEX with Java inline flags', doc('HOSTNAME', 'REGEX', '"(?i)^DB-.*"')],
    ['a REGEX with a possessive quantifier', doc('HOSTNAME', 'REGEX', '"^db-\\\\d++$"')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['an unknown TYPE_NAME value', doc('TYPE_NAME', 'EQUALS', 'ARBITER'), [[6, 12, 'error']]],
    ['a lower-case TYPE_NAME value', doc('TYPE_NAME', 'EQUALS', 'primary'), [[6, 12, 'error']]],
    ['a TYPE_NAME STARTS_WITH no value can match', doc('TYPE_NAME', 'STARTS_WITH', 'ARB'), [[6, 12, 'error']]],
    ['a PORT out of range', doc('PORT', 'EQUALS', '"70000"'), [[6, 12, 'error']]],
    ['a PORT that is not a number', doc('PORT', 'EQUALS', 'mongodb'), [[6, 12, 'error']]],
    ['port 0', doc('PORT', 'NOT_EQUALS', '0'), [[6, 12, 'error']]],
    ['a REGEX that does not compile', doc('HOSTNAME', 'REGEX', '"db-(prod"'), [[6, 12, 'error']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('names the TYPE_NAME values and suggests the upper-case one', async () => {
    const [d] = (await lintDoc(doc('TYPE_NAME', 'EQUALS', 'primary'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('PRIMARY, SECONDARY, STANDALONE, CONFIG, MONGOS');
    expect(d.suggestions?.[0]?.title).toBe('Replace with PRIMARY');
  });

  it('gives the reason a regex fails', async () => {
    const [d] = (await lintDoc(doc('HOSTNAME', 'REGEX', '"db-(prod"'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toMatch(/does not compile \(.+\)/);
  });
});
