import { defineRule } from '../src/core/rule';
import type { Fix } from '../src/core/types';
import { isObject } from '../src/model/alerts';
import { TYPE_NAME_VALUES } from '../src/model/matchers';

const TYPE_NAMES: readonly string[] = TYPE_NAME_VALUES;

/** A possessive quantifier of Java (`a*+`, `a++`, `a?+`, `a{2}+`). */
const POSSESSIVE = /[*+?}]\+/;

/**
 * The reason a matcher regex does not compile, or undefined. The server's engine is Java's, so
 * Java-only syntax that JavaScript lacks (leading inline flags, possessive quantifiers, atomic
 * groups) is rewritten to its nearest JavaScript form before compiling.
 */
function regexError(source: string): string | undefined {
  // Each rewrite only where its syntax stands (most patterns have none of the three).
  let js = source.startsWith('(?') ? source.replace(/^\(\?[imsxu]+\)/, '') : source;
  if (POSSESSIVE.test(js)) js = js.replace(/([*+?}])\+/g, '$1');
  if (js.includes('(?>')) js = js.replace(/\(\?>/g, '(?:');
  try {
    new RegExp(js);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message.replace(/^Invalid regular expression: /, '') : 'invalid pattern';
  }
}

/** Whether some TYPE_NAME value satisfies the operator with this operand. */
function typeNameCanMatch(operator: string, value: string): boolean {
  switch (operator) {
    case 'CONTAINS':
      return TYPE_NAMES.some((t) => t.includes(value));
    case 'STARTS_WITH':
      return TYPE_NAMES.some((t) => t.startsWith(value));
    case 'ENDS_WITH':
      return TYPE_NAMES.some((t) => t.endsWith(value));
    default:
      return true; // NOT_CONTAINS and REGEX: not enumerable here
  }
}

function portValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

export default defineRule({
  meta: {
    id: 'matcher-value',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: 'A matcher value must fit its field and operator: TYPE_NAME values, ports, regexes.',
    hasSuggestions: true,
    messages: {
      notATypeName: '"{{value}}" is not a TYPE_NAME value; use one of {{detail}}.{{detail2}}',
      unknownTypeName: 'No TYPE_NAME value ({{detail}}) satisfies {{op}} "{{value}}", so this matcher never matches; change the value or the operator.',
      portNotNumber: 'A PORT matcher with {{op}} needs a port number from 1 to 65535; write the port as digits, e.g. "27017".',
      badRegex: 'The REGEX matcher value does not compile ({{reason}}), so it matches nothing; fix the pattern.',
    },
    docs: {
      why:
        'A matcher whose value can never match silently turns the configuration off for every ' +
        'object. With fieldName TYPE_NAME the value is one of PRIMARY, SECONDARY, STANDALONE, ' +
        'CONFIG, MONGOS (this list applies to TYPE_NAME only); a PORT compared with EQUALS or ' +
        'NOT_EQUALS is an integer from 1 to 65535; a REGEX value must be a valid regular expression.',
      bad: `eventTypeName: HOST_DOWN
enabled: true
matchers:
  - fieldName: TYPE_NAME
    operator: EQUALS
    value: ARBITER
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 5
    intervalMin: 60
`,
      good: `eventTypeName: HOST_DOWN
enabled: true
matchers:
  - fieldName: TYPE_NAME
    operator: EQUALS
    value: PRIMARY
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 5
    intervalMin: 60
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc) || !Array.isArray(doc.matchers)) return;
    doc.matchers.forEach((m: unknown, i: number) => {
      if (!isObject(m)) return;
      const { fieldName, operator } = m;
      const value = m.value;
      const pointer = `/matchers/${i}/value`;
      const op = typeof operator === 'string' ? operator : 'EQUALS';

      if (op === 'REGEX') {
        if (typeof value !== 'string') return;
        const reason = regexError(value);
        if (reason) {
          ctx.report({
            pointer,
            messageId: 'badRegex',
            data: { reason },
          });
        }
        return;
      }

      if (fieldName === 'TYPE_NAME' && typeof value === 'string') {
        const exact = op === 'EQUALS' || op === 'NOT_EQUALS';
        if (exact ? TYPE_NAMES.includes(value) : typeNameCanMatch(op, value)) return;
        const sameCase = TYPE_NAMES.find((t) => t === value.toUpperCase());
        const fix: Fix[] | undefined = sameCase
          ? [{ title: `Replace with ${sameCase}`, ops: [{ op: 'replace', pointer, value: sameCase }] }]
          : undefined;
        ctx.report({
          pointer,
          messageId: exact ? 'notATypeName' : 'unknownTypeName',
          data: exact ? { value, detail: TYPE_NAMES.join(', '), detail2: sameCase ? ` Values are upper case: ${sameCase}.` : '' } : { detail: TYPE_NAMES.join(', '), op, value },
          suggestions: fix,
        });
        return;
      }

      if (fieldName === 'PORT' && (op === 'EQUALS' || op === 'NOT_EQUALS')) {
        if (value === undefined || value === null) return;
        const port = portValue(value);
        if (port !== undefined && Number.isInteger(port) && port >= 1 && port <= 65535) return;
        ctx.report({
          pointer,
          messageId: 'portNotNumber',
          data: { op },
        });
      }
    });
  },
});
