// The walk by name skipped for a document the block reader read, when the text scan listed every
// value such a walk could find (src/engine/mask.ts collectSecretValues): the same values, in the
// same order, as the reference that always walks (secrets-reference.ts collectOld), on each case
// where the walk finds what the text does not show as parsed, on random block YAML; and no walk
// where it could add nothing.
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it, vi } from 'vitest';
import { collectSecretValues, secretsInText, type SecretSource } from '../../src/engine/mask';
import { DocumentFacts } from '../../src/core/facts';
import { documentSecrets } from '../../src/model/secrets';
import { parseText } from '../../src/syntax/index';
import { collectOld } from './secrets-reference';

/** A file's documents as finish.ts hands them over (the rules having asked the kind's secrets first). */
function sources(text: string, name: string): SecretSource[] {
  return parseText(text, name).documents.map((d) => {
    const value = d.unusable ? d.salvage?.() : d.value;
    const facts = new DocumentFacts(value);
    if (value !== null && typeof value === 'object') documentSecrets(facts, 'alert-config');
    return {
      kind: 'alert-config',
      value,
      facts,
      blockRead: d.blockRead,
      sourceOf: (pointer: string) => {
        const loc = d.locate(pointer);
        return loc ? text.slice(loc.value.start, loc.value.end) : undefined;
      },
    };
  });
}

function collected(text: string, name = 'f.yaml'): { now: string[]; before: string[]; blockRead: boolean } {
  const docs = sources(text, name);
  return { now: collectSecretValues(docs, { text, wide: true }), before: collectOld(docs, { text, wide: true }), blockRead: docs.some((d) => d.blockRead) };
}

const ALERT = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: SLACK\n    apiToken: ${SLACK_TOKEN}\n    channelName: ops\n';

describe('the walk by name, skipped only where it finds nothing more', () => {
  /**
   * A document whose text names a secret with `written`, and whose notification holds `written`
   * itself as a string (found by kind): the text lists nothing the kind's finder has not, and
   * only the scan's census tells that the parsed value differs.
   */
  const twin = (written: string, rest: string) => `${ALERT}  - typeName: SLACK\n    apiToken: '${written}'\n${rest}`;
  // [case, text, a value only the walk lists (as parsed), whether the block reader reads it]
  const CASES: [string, string, string, boolean][] = [
    ['a number under a secret name', twin('0x1F2E3D4C', 'password: 0x1F2E3D4C\n'), String(0x1f2e3d4c), true],
    ['a number written as an exponent', twin('73019e3', 'autoPwd: 73019e3\n'), String(73019e3), true],
    ['an escape in a double-quoted value', twin('Qx7113Leak\\tCanary', 'clientSecret: "Qx7113Leak\\tCanary"\n'), 'Qx7113Leak\tCanary', true],
    ['a list under a secret name', twin('  - login: Qx7117LeakCanary', 'secrets:\n  - login: Qx7117LeakCanary\n').replace("SLACK\n", "SLACK\n    serviceKey: 'login: Qx7117LeakCanary'\n"), 'login', true],
    ['a flow list under a secret name', twin('[Qx7108LeakCanary, Qx7118LeakCanary]', 'tokens: [Qx7108LeakCanary, Qx7118LeakCanary]\n'), 'Qx7118LeakCanary', true],
    ['a mapping under a secret name', twin('  user: Qx7119LeakCanary', 'credentials:\n  user: Qx7119LeakCanary\n').replace("SLACK\n", "SLACK\n    serviceKey: 'Qx7119LeakCanary'\n"), 'user', true],
    [
      'a quote left open in a comment, over the lines of keys below it',
      "eventTypeName: HOST_DOWN\nnotifications:\n  - typeName: SLACK\n    apiToken: '  - typeName: SLACK'\n    serviceKey: '    clientSecret: Qx7141LeakCanary'\n    datadogApiKey: 'typeName: SLACK'\n# apiToken: \"${X}\n  - typeName: SLACK\n    clientSecret: Qx7141LeakCanary\nenabled: true\n",
      'Qx7141LeakCanary',
      true,
    ],
    ['a url beside a type', `${ALERT}hook:\n  type: WEBHOOK\n  url: https://hooks.example.com/services/abc\n`, 'https://hooks.example.com/services/abc', true],
    ['a name longer than the scan reads', `${ALERT}${'a'.repeat(120)}Password${'Z'.repeat(10)}: Qx7115LeakCanary\n`, 'Qx7115LeakCanary', true],
    // The walk judges a name's first 128 characters, the scan its last: here without a letter pair.
    ['a name whose secret word is beyond the scan', `${ALERT}${'b'.repeat(119)}Password${'c'.repeat(130)}: Qx7142LeakCanary\n`, 'Qx7142LeakCanary', true],
    ['a quoted value with blanks at its edges', `${ALERT}secret: " Qx7114LeakCanary "\n`, ' Qx7114LeakCanary ', true],
    // Two values of one length no finder by kind lists: the walk lists the top level's first, the
    // scan the text's order, and the sorted list keeps the order they were listed in.
    ['two values of one length, the walk\'s order not the text\'s', `${ALERT}nested:\n  apiKey: Qx7143LeakCanaryA\nrootToken: Qx7144LeakCanaryB\n`, 'Qx7144LeakCanaryB', true],
    ['a flow mapping', 'notifications:\n  - {typeName: SLACK, channel: x}\nextra: {apiToken: Qx7101LeakCanary}\n', 'Qx7101LeakCanary', false],
    ['a quoted key', `${ALERT}"apiToken ": Qx7102LeakCanary\n`, 'Qx7102LeakCanary', false],
    ['an escaped key in double quotes', `${ALERT}"api\\x54oken": Qx7103LeakCanary\n`, 'Qx7103LeakCanary', false],
    ['a folded value', `${ALERT}apiKey: >\n  Qx7105Leak\n  Canary\n`, 'Qx7105Leak Canary\n', false],
    ['a plain value over two lines', `${ALERT}apiKey: Qx7106Leak\n  Canary\n`, 'Qx7106Leak Canary', false],
    ['an alias of a secret', `base: &b Qx7110LeakCanary\n${ALERT}token: *b\n`, 'Qx7110LeakCanary', false],
    ['a merge key', `base: &b\n  apiKey: Qx7120LeakCanary\nother:\n  <<: *b\n`, 'Qx7120LeakCanary', false],
    // The block reader refuses '' in single quotes (the skip's census does not read it): the walk runs.
    ['a doubled quote in a single-quoted value', `${ALERT}myToken: 'Qx''LeakCanary'\n`, "Qx'LeakCanary", false],
    ['a name with a character the scan stops at', `${ALERT}my@token: Qx7121LeakCanary\n`, 'Qx7121LeakCanary', false],
  ];
  for (const [label, text, value, blockRead] of CASES) {
    it(`${label}: listed as the reference lists it`, () => {
      const got = collected(text);
      expect(got.blockRead, label).toBe(blockRead);
      expect(got.now, label).toEqual(got.before);
      expect(got.now, label).toContain(value);
    });
  }

  it('JSON, with an escaped key: listed as the reference lists it', () => {
    for (const text of ['{"notifications":[{"typeName":"SLACK","apiToken":"Qx7111LeakCanary"}]}', '{"eventTypeName":"HOST_DOWN","api\\u0054oken":"Qx7104LeakCanary"}']) {
      const got = collected(text, 'f.json');
      expect(got.blockRead).toBe(false);
      expect(got.now).toEqual(got.before);
      expect(got.now.some((v) => v.includes('LeakCanary'))).toBe(true);
    }
  });

  it('a secret repeated under a plain name, a comment naming a secret: listed as the reference lists them', () => {
    for (const text of [`${ALERT}apiToken2: Qx7109LeakCanary\nnote: Qx7109LeakCanary\n`, `# apiToken: Qx7122LeakCanary\n${ALERT}`, `${ALERT}description: 'see apiToken: Qx7123LeakCanary'\n`]) {
      const got = collected(text);
      expect(got.blockRead).toBe(true);
      expect(got.now).toEqual(got.before);
      expect(got.now.some((v) => v.includes('LeakCanary'))).toBe(true);
    }
  });

  it('the scan tells each value it cannot vouch for', () => {
    const census = (text: string) => {
      const c = { asParsed: true };
      secretsInText(text, c);
      return c.asParsed;
    };
    expect(census(ALERT)).toBe(true);
    expect(census(`${ALERT}apiToken: Qx7124LeakCanary # a comment\n`)).toBe(true);
    for (const [label, text] of CASES.filter((c) => c[3] && !c[0].includes('blanks') && !c[0].includes('one length'))) expect(census(text), label).toBe(false);
    expect(census(`${ALERT}webhookSecret:\n`)).toBe(false);
  });

  // Values of random block documents: secret-named keys, `url` beside a type, numbers, escapes,
  // blanks, nesting; each written by the `yaml` library in block style.
  const KEYS = ['apiToken', 'pwd', 'password', 'secrets', 'url', 'URL', 'type', 'typeName', 'hostname', 'name', 'key', 'publicKey', 'apiTokn', 'note', 'webhookUrl'];
  const scalar = fc.oneof(
    fc.constantFrom('Qx7001LeakCanary9f8e', '${SECRET}', 'https://hooks.example.com/T0/B0/Qx7aBcDeFgHiJkLmN0p', 'REDACTED', '****8b87', 'true', ' Qx7002Leak ', 'Qx7003\nLeak', 'a\\b', '0x1F', '1e3', '-12345', 'Qx7004: Leak', '# Qx7005'),
    fc.string({ maxLength: 16 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, scalar, tie('object'), tie('array')),
    object: fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 5 }),
    array: fc.array(tie('value'), { maxLength: 3 }),
  }));

  it('on random block documents: the same values as the reference', () => {
    let read = 0;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...KEYS), value, { minKeys: 1, maxKeys: 6 }), (doc) => {
        const text = stringify(doc);
        const got = collected(text);
        if (got.blockRead) read++;
        expect(got.now, text).toEqual(got.before);
      }),
      { numRuns: 400 },
    );
    // Most of them read by the block reader: the skip is what is tried.
    expect(read).toBeGreaterThan(100);
  });

  it('a block-read document whose text lists nothing new, or nothing that the walk would list in another order, is not walked; any other is', () => {
    let reads = 0;
    const value: Record<string, unknown> = { eventTypeName: 'HOST_DOWN' };
    Object.defineProperty(value, 'hostname', { enumerable: true, get: () => (reads++, 'db-1') });
    const text = 'eventTypeName: HOST_DOWN\nhostname: db-1\n';
    const doc = (blockRead: boolean): SecretSource => ({ kind: 'alert-config', value, blockRead });
    expect(collectSecretValues([doc(true)], { text, wide: true })).toEqual([]);
    expect(reads).toBe(0);
    collectSecretValues([doc(false)], { text, wide: true });
    expect(reads).toBe(1);
    // A value the text lists and no finder by kind does: the walk would list it first, and the
    // scan lists it where a value of its length goes in the sorted list: no walk.
    reads = 0;
    expect(collectSecretValues([doc(true)], { text: `${text}apiKey: Qx7125LeakCanary\nrouting_key: Qx7126LeakCanaryLonger\n`, wide: true })).toEqual(['Qx7126LeakCanaryLonger', 'Qx7125LeakCanary']);
    expect(reads).toBe(0);
    // Two of one length (the walk's order may not be the text's), a value with blanks at its
    // edges (the walk lists it as parsed), or a file of two documents: the walk runs.
    for (const [more, docs] of [
      ['apiKey: Qx7125LeakCanary\nrouting_key: Qx7126LeakCanary\n', 1],
      ["apiKey: ' Qx7125LeakCanary'\n", 1],
      ['apiKey: Qx7125LeakCanary\n', 2],
    ] as const) {
      reads = 0;
      collectSecretValues(Array.from({ length: docs }, () => doc(true)), { text: `${text}${more}`, wide: true });
      expect(reads, more).toBe(docs);
    }
  });

  it('a placeholder found by kind and by the text scan is judged shown once', () => {
    const docs = sources(ALERT, 'f.yaml');
    const trim = String.prototype.trim;
    let judged = 0;
    // shown() trims the value it judges first (isWholePlaceholder).
    const spy = vi.spyOn(String.prototype, 'trim').mockImplementation(function (this: string) {
      if (String(this) === '${SLACK_TOKEN}') judged++;
      return trim.call(this);
    });
    try {
      expect(collectSecretValues(docs, { text: ALERT, wide: true })).toEqual([]);
    } finally {
      spy.mockRestore();
    }
    expect(judged).toBe(1);
  });
});
