import rule from '../../rules/matcher-value';
import { ruleTester } from '../rule-tester';

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
const valid = (name: string, fieldName: string, operator: string, value: string) => ({ name, code: doc(fieldName, operator, value) });
/** The matcher's value is on line 6, column 12. */
const invalid = (name: string, fieldName: string, operator: string, value: string, messageId: string, more: object = {}) => ({
  name,
  code: doc(fieldName, operator, value),
  errors: [{ messageId, line: 6, column: 12, severity: 'error' as const, ...more }],
});

ruleTester(rule, {
  valid: [
    valid('a TYPE_NAME value', 'TYPE_NAME', 'EQUALS', 'PRIMARY'),
    valid('NOT_EQUALS MONGOS', 'TYPE_NAME', 'NOT_EQUALS', 'MONGOS'),
    valid('TYPE_NAME STARTS_WITH a prefix of a value', 'TYPE_NAME', 'STARTS_WITH', 'SECOND'),
    valid('TYPE_NAME CONTAINS part of a value', 'TYPE_NAME', 'CONTAINS', 'ARY'),
    valid('the TYPE_NAME list never applied to other fields', 'HOSTNAME', 'EQUALS', 'db-1.example.com'),
    valid('REPLICA_SET_NAME with any value', 'REPLICA_SET_NAME', 'EQUALS', 'rs-prod'),
    valid('a PORT', 'PORT', 'EQUALS', '"27017"'),
    valid('a PORT as a number', 'PORT', 'NOT_EQUALS', '27018'),
    valid('a PORT prefix with STARTS_WITH', 'PORT', 'STARTS_WITH', '"270"'),
    valid('a valid REGEX', 'HOSTNAME', 'REGEX', '"^db-[0-9]+\\\\.example\\\\.com$"'),
    valid('a REGEX with Java inline flags', 'HOSTNAME', 'REGEX', '"(?i)^DB-.*"'),
    valid('a REGEX with a possessive quantifier', 'HOSTNAME', 'REGEX', '"^db-\\\\d++$"'),
    valid('a REGEX with a possessive star (Java)', 'HOSTNAME', 'REGEX', '"a*+b"'),
    valid('a REGEX with an atomic group (Java)', 'HOSTNAME', 'REGEX', '"(?>ab)c"'),
  ],
  invalid: [
    invalid('an unknown TYPE_NAME value', 'TYPE_NAME', 'EQUALS', 'ARBITER', 'notATypeName'),
    invalid('a lower-case TYPE_NAME value (names the values, suggests the upper-case one)', 'TYPE_NAME', 'EQUALS', 'primary', 'notATypeName', {
      message: /PRIMARY, SECONDARY, STANDALONE, CONFIG, MONGOS/,
      suggestions: [{ title: 'Replace with PRIMARY', output: doc('TYPE_NAME', 'EQUALS', 'PRIMARY') }],
    }),
    invalid('a TYPE_NAME STARTS_WITH no value can match', 'TYPE_NAME', 'STARTS_WITH', 'ARB', 'unknownTypeName'),
    invalid('a PORT out of range', 'PORT', 'EQUALS', '"70000"', 'portNotNumber'),
    invalid('a PORT that is not a number', 'PORT', 'EQUALS', 'mongodb', 'portNotNumber'),
    invalid('port 0', 'PORT', 'NOT_EQUALS', '0', 'portNotNumber'),
    invalid('a REGEX that does not compile (gives the reason)', 'HOSTNAME', 'REGEX', '"db-(prod"', 'badRegex', { message: /does not compile \(.+\)/ }),
  ],
});

// Patterns are judged once each (the same ones come back file after file): a pattern judged
// before gives the same answer, bad or good, however often and in whatever order it comes.
ruleTester(rule, {
  valid: [
    valid('a valid REGEX, judged before', 'HOSTNAME', 'REGEX', '"^db-[0-9]+\\\\.example\\\\.com$"'),
    valid('a valid REGEX after a bad one', 'HOSTNAME', 'REGEX', '"db-(prod)"'),
  ],
  invalid: [
    invalid('a bad REGEX, judged before', 'HOSTNAME', 'REGEX', '"db-(prod"', 'badRegex', { message: /does not compile \(.+\)/ }),
    invalid('the same bad REGEX again', 'HOSTNAME', 'REGEX', '"db-(prod"', 'badRegex', { message: /does not compile \(.+\)/ }),
  ],
});
