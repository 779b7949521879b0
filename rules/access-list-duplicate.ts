import { defineRule } from '../src/core/rule';
import { addressKey, parseAddressOrCidr } from '../src/model/addresses';
import { isObject } from '../src/core/is-object';

export default defineRule({
  meta: {
    id: 'access-list-duplicate',
    kinds: ['access-list-entries'],
    defaultSeverity: 'warning',
    description: 'The same address twice in one access-list body.',
    hasSuggestions: true,
    messages: {
      duplicate: '{{detail}} is already in entry {{first}} of this body; the server ignores the repeat, so remove this entry (or merge its comment).',
    },
    docs: {
      why:
        'The server ignores an address that is already in the access list, so a repeated entry ' +
        'in one body has no effect, and its comment is lost. Addresses are compared as ranges: ' +
        '192.0.2.15 and 192.0.2.15/32 are the same entry, and so are two spellings of one IPv6 ' +
        'address.',
      bad: `- ipAddress: 192.0.2.15
  comment: Application server A
- ipAddress: 192.0.2.16
  comment: Application server B
- ipAddress: 192.0.2.15
  comment: Application server C
`,
      good: `- ipAddress: 192.0.2.15
  comment: Application server A
- ipAddress: 192.0.2.16
  comment: Application server B
- ipAddress: 192.0.2.17
  comment: Application server C
`,
    },
  },
  check(ctx) {
    const entries = ctx.value;
    if (!Array.isArray(entries)) return;
    const firstIndexOf = new Map<string, number>();
    entries.forEach((entry: unknown, i: number) => {
      if (!isObject(entry)) return;
      const e = entry as Record<string, unknown>;
      // ipAddress is the documented field; cidrBlock stands in when it is absent or invalid.
      const field = parseAddressOrCidr(e.ipAddress) ? 'ipAddress' : 'cidrBlock';
      const address = parseAddressOrCidr(e[field]);
      if (!address) return;
      const key = addressKey(address);
      const first = firstIndexOf.get(key);
      if (first === undefined) {
        firstIndexOf.set(key, i);
        return;
      }
      ctx.report({
        pointer: `/${i}/${field}`,
        messageId: 'duplicate',
        data: { detail: e[field], first },
        suggestions: [{ title: 'Remove this entry', ops: [{ op: 'remove', pointer: `/${i}` }] }],
      });
    });
  },
});
