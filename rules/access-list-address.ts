import { defineRule } from '../src/core/rule';
import { addressKey, parseAddressOrCidr, type ParsedAddress } from '../src/model/addresses';
import { isObject } from '../src/core/is-object';

const ADDRESS_FIELDS = ['ipAddress', 'cidrBlock'] as const;

export default defineRule({
  meta: {
    id: 'access-list-address',
    kinds: ['access-list-entries'],
    defaultSeverity: 'error',
    description: 'Access-list entries need a valid IPv4/IPv6 address or CIDR block.',
    fixable: true,
    hasSuggestions: true,
    messages: {
      hasHostBits: '"{{text}}" has host bits set beyond the /{{prefix}} prefix; the range it denotes is {{network}}, write that (or a longer prefix if one host was meant).',
      invalidAddress: '{{field}} "{{text}}" is not an IPv4 or IPv6 address or CIDR block; write e.g. 192.0.2.15, 192.0.2.0/24 or 2001:db8::/32.',
      conflictingRanges: 'ipAddress "{{ipAddress}}" and cidrBlock "{{cidrBlock}}" name different ranges in one entry; keep one of them, or make them agree.',
      singleAddressSuffix: 'The /{{maxPrefix}} of "{{text}}" is not stored: a single address is the same as {{bare}}; drop the suffix.',
    },
    docs: {
      fixes: 'Safe: dropping the /32 (or /128) of a single address, which is the same address. Suggestion: replacing a block with host bits by its network, since a longer prefix may have been meant.',
      why:
        'Each entry of an access-list POST names an address (`ipAddress`) or a range ' +
        '(`cidrBlock`), IPv4 or IPv6. An invalid one is rejected; `ipAddress` and `cidrBlock` that ' +
        'name different ranges leave it unclear which one is meant. A CIDR block with host bits ' +
        'set (10.0.0.5/24) is read as its network (10.0.0.0/24), which may not be what was meant; ' +
        'a `/32` (`/128`) suffix is not stored, the entry is the single address.',
      bad: `- ipAddress: 192.0.1.300
  comment: Application server A
- cidrBlock: 192.0.2.0/24
  comment: Application servers B to D
`,
      good: `- ipAddress: 192.0.1.30
  comment: Application server A
- cidrBlock: 192.0.2.0/24
  comment: Application servers B to D
`,
    },
  },
  check(ctx) {
    const entries = ctx.value;
    if (!Array.isArray(entries)) return;
    entries.forEach((entry: unknown, i: number) => {
      if (!isObject(entry)) return;
      const parsed: Partial<Record<(typeof ADDRESS_FIELDS)[number], ParsedAddress>> = {};
      for (const field of ADDRESS_FIELDS) {
        const text = (entry as Record<string, unknown>)[field];
        if (typeof text !== 'string') continue; // absent or wrong type: the schema's business
        const pointer = `/${i}/${field}`;
        const address = parseAddressOrCidr(text);
        if (!address) {
          ctx.report({
            pointer,
            messageId: 'invalidAddress',
            data: { field, text },
          });
          continue;
        }
        parsed[field] = address;
        // The prefix as written: an IPv4-mapped address's /128 is read as /32.
        const written = text.slice(text.lastIndexOf('/') + 1);
        if (address.prefix === address.maxPrefix) {
          const bare = text.slice(0, text.lastIndexOf('/'));
          ctx.report({
            pointer,
            severity: 'info',
            messageId: 'singleAddressSuffix',
            data: { maxPrefix: written, text, bare },
            fix: { title: `Drop the /${written}`, ops: [{ op: 'replace', pointer, value: bare }] },
          });
        } else if (address.prefix !== undefined && address.hostBitsSet) {
          const network = `${address.network}/${address.prefix}`;
          ctx.report({
            pointer,
            severity: 'warning',
            messageId: 'hasHostBits',
            data: { text, prefix: written, network },
            // A suggestion: the message offers a longer prefix too, if one host was meant.
            suggestions: [{ title: `Replace with ${network}`, ops: [{ op: 'replace', pointer, value: network }] }],
          });
        }
      }
      const { ipAddress, cidrBlock } = parsed;
      if (ipAddress && cidrBlock && addressKey(ipAddress) !== addressKey(cidrBlock)) {
        const e = entry as Record<string, unknown>;
        ctx.report({
          pointer: `/${i}/cidrBlock`,
          messageId: 'conflictingRanges',
          data: { ipAddress: e.ipAddress, cidrBlock: e.cidrBlock },
        });
      }
    });
  },
});
