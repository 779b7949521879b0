// The cheaper secret collection (findSecretsByName's for-in walk, urlHoldsSecret by character
// code) against the implementation it replaced, copied from main as the reference
// (secrets-reference.ts): the same values, in the same order, on the shared corpus, the examples,
// the planted-secret fixtures and random documents with secrets planted in every shape.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectSecretValues, urlHoldsSecret, type SecretSource } from '../../src/engine/mask';
import { findSecretsByName } from '../../src/model/secrets';
import { parseText } from '../../src/syntax/index';
import { PLANTED_SHAPES, SECRET_KEYS, plantedSecrets } from '../planted-secrets';
import { collectOld, findSecretsByNameOld, urlHoldsSecretOld } from './secrets-reference';

// ------------------------------------------------------------ the comparison

/** A file's documents as the engine hands them to the masking (src/engine/finish.ts). */
function sources(text: string, name: string): SecretSource[] {
  return parseText(text, name).documents.map((d) => ({
    value: d.unusable ? d.salvage?.() : d.value,
    blockRead: d.blockRead,
    sourceOf: (pointer: string) => {
      const loc = d.locate(pointer);
      return loc ? text.slice(loc.value.start, loc.value.end) : undefined;
    },
  }));
}

function expectSame(text: string, name: string): void {
  const docs = sources(text, name);
  for (const d of docs) expect(findSecretsByName(d.value), name).toEqual(findSecretsByNameOld(d.value));
  for (const wide of [true, false]) expect(collectSecretValues(docs, { text, wide }), name).toEqual(collectOld(docs, { text, wide }));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : /\.(json|ya?ml)$/.test(f) ? [p] : [];
  });
}

const ROOT = path.resolve(__dirname, '../..');

describe('secret collection: the same values as the implementation it replaced', () => {
  it('on every file of the shared corpus and the examples', () => {
    const files = [...filesUnder(path.join(ROOT, '../shared/corpus')), ...filesUnder(path.join(ROOT, 'examples'))];
    expect(files.length).toBeGreaterThan(100);
    for (const f of files) expectSame(readFileSync(f, 'utf8'), path.basename(f));
  });

  it('on the planted-secret fixtures and every planted shape under every secret-named key', () => {
    for (const [name, text] of Object.entries(plantedSecrets().files)) expectSame(text, name);
    for (const shape of PLANTED_SHAPES) for (const key of SECRET_KEYS) {
      const { name, text } = shape.file(key, 'Qx7001LeakCanary9f8e');
      expectSame(text, name);
    }
  });

  // Values of random documents: secret-named keys, glued `key:value` keys, `url` beside a type,
  // escapes, numbers, nesting; written as JSON and as YAML (JSON is YAML).
  const KEYS = ['apiToken', 'pwd', 'autoPwd', 'password', 'url', 'URL', 'type', 'typeName', 'hostname', 'name', 'key', 'publicKey', 'apiTokn', 'a:b', 'apiToken:xoxb-12345678', ' secret : Sig9ZZvalue', '__proto__', '0', '12', 'x~y/z'];
  const scalar = fc.oneof(fc.constantFrom('Qx7001LeakCanary9f8e', 'https://hooks.example.com/T0/B0/Qx7aBcDeFgHiJkLmN0p', 'http://u:p@h/x', 'REDACTED', '****8b87', 'true', '${SECRET}', '', 'a\\/b'), fc.string({ maxLength: 24 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, scalar, tie('object'), tie('array')),
    object: fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 12 })), tie('value'), { maxKeys: 6 }),
    array: fc.array(tie('value'), { maxLength: 4 }),
  }));

  it('on random documents with planted secrets, as JSON and as YAML', () => {
    fc.assert(
      fc.property(fc.oneof(fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 }), fc.array(value, { maxLength: 4 })), (doc) => {
        const json = JSON.stringify(doc, null, 2);
        expectSame(json, 'random.json');
        expectSame(json, 'random.yaml');
        expectSame(JSON.stringify(doc), 'random-flow.yaml');
      }),
      { numRuns: 300 },
    );
  });

  it('on objects with inherited keys: another prototype, a null one, an enumerable key on Object.prototype', () => {
    const proto = { apiToken: 'Qx7002LeakCanaryInherited' };
    const docs: unknown[] = [
      { a: Object.assign(Object.create(proto), { pwd: 'Qx7003LeakCanaryOwn' }) },
      { a: Object.assign(Object.create(null), { password: 'Qx7004LeakCanaryNull', url: 'u' }) },
      { a: Object.assign(Object.create(null), { type: 'WEBHOOK', url: 'https://h/Qx7005LeakCanary' }) },
    ];
    for (const d of docs) expect(findSecretsByName(d)).toEqual(findSecretsByNameOld(d));
    Object.defineProperty(Object.prototype, 'polluted', { value: 'x', enumerable: true, configurable: true, writable: true });
    try {
      for (const d of docs) expect(findSecretsByName(d)).toEqual(findSecretsByNameOld(d));
      expect(findSecretsByName({ password: 'Qx7006LeakCanary' })).toEqual(findSecretsByNameOld({ password: 'Qx7006LeakCanary' }));
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it('at the bound of keys walked', () => {
    for (const extra of [-1, 0, 1]) {
      const doc: Record<string, unknown> = {};
      for (let i = 0; i < 199_990 + extra; i++) doc[`k${i}`] = i;
      for (let i = 0; i < 5; i++) doc[`pwd${i}`] = { password: `Qx7${i}00LeakCanary` };
      doc.nested = [{ apiToken: 'Qx7999LeakCanary' }];
      expect(findSecretsByName(doc)).toEqual(findSecretsByNameOld(doc));
    }
  });

  it('urlHoldsSecret: runs of token characters judged as before', () => {
    const piece = fc.oneof(
      fc.constantFrom('https://', 'http://u@', '/', '?', '?x', '.', '-', '_', ':', '@', '#', ' ', '\n', 'é'),
      fc.stringMatching(/^[A-Za-z0-9_+=-]{10,40}$/),
      fc.stringMatching(/^[0-9a-f]{30,34}$/),
      fc.stringMatching(/^[a-z0-9]{14,18}$/),
      fc.stringMatching(/^[A-Z0-9]{14,18}$/),
    );
    fc.assert(fc.property(fc.array(piece, { maxLength: 8 }), (parts) => {
      const url = parts.join('');
      expect(urlHoldsSecret(url), url).toBe(urlHoldsSecretOld(url));
    }), { numRuns: 3000 });
    for (const url of ['https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-enterprise-rhel70-4.2.0.tgz', `https://h/${'a'.repeat(31)}0`, `https://h/${'ab12'.repeat(8)}`, `https://h/${'ab12'.repeat(8)}c`, 'https://h/aB3aB3aB3aB3aB3a', 'https://h/aB3aB3aB3aB3aB3']) {
      expect(urlHoldsSecret(url), url).toBe(urlHoldsSecretOld(url));
    }
  });
});
