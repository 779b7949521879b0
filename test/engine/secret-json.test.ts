// The secrets of a JSON text that JSON.parse read whole (engine/secret-json.ts): the same list as
// both nets over the text (secretsInText, findSecretsByName) on every JSON file of the corpus and
// on generated texts with secrets, urls, escapes and colons in strings in any layout; shard keys
// (`sharding[].collections[].key`) listed as both nets list them; duplicated keys and broken JSON by the text.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { collectSecretValues, maskSecrets, type SecretSource } from '../../src/engine/mask';
import { jsonSecretsInText } from '../../src/engine/secret-json';
import { findSecretsByName, isSecretFieldName, MAX_KEYS_WALKED } from '../../src/model/secrets';
import { DEFAULT_LIMITS, KEY_MARK_EVERY, OTHER_COLONS_MAX, parseText } from '../../src/syntax/index';
import { jsonColonCount, type TextScan } from '../../src/syntax/json';
import { jsonValueArb, write } from '../syntax/json-arbitraries';

function sources(text: string, json: boolean): SecretSource[] {
  // Positions are the parsed text's (a byte-order mark taken off), as finish.ts reads them.
  const parsed = parseText(text, 'f.json');
  return parsed.documents.map((d) => ({
    value: d.unusable ? d.salvage?.() : d.value,
    jsonRead: json && d.jsonRead,
    jsonColons: json ? d.jsonColons : undefined,
    sourceOf: (pointer: string) => {
      const loc = d.locate(pointer);
      return loc ? parsed.text.slice(loc.value.start, loc.value.end) : undefined;
    },
  }));
}

/** The list through secret-json.ts (as finish.ts hands a JSON text's document, with the parsed text) and through both nets. */
function both(raw: string): { fast: string[]; nets: string[] } {
  const text = parseText(raw, 'f.json').text;
  return { fast: collectSecretValues(sources(raw, true), { text }), nets: collectSecretValues(sources(raw, false), { text }) };
}

const sorted = (list: string[]) => [...list].sort();

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : f.endsWith('.json') ? [p] : [];
  });
}

const ROOT = path.resolve(__dirname, '../..');

describe('the secrets of a JSON text read by JSON.parse', () => {
  it('are those of both nets on every JSON file of the corpus, the examples and the test data', () => {
    const files = [...filesUnder(path.join(ROOT, '../shared/corpus')), ...filesUnder(path.join(ROOT, 'examples')), ...filesUnder(path.join(ROOT, 'test/data'))];
    let fast = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const docs = parseText(text, f).documents;
      if (docs.length === 1 && docs[0].jsonRead && jsonSecretsInText(docs[0].value, text)) fast++;
      const { fast: got, nets } = both(text);
      expect(sorted(got), f).toEqual(sorted(nets));
    }
    expect(fast).toBeGreaterThan(100);
  });

  it('are those of both nets on generated texts: secret names, urls, escaped keys, colons and quotes in strings, numbers and containers under secret names', () => {
    let fast = 0;
    fc.assert(
      fc.property(jsonArb, ({ text }) => {
        if (jsonSecretsInText(JSON.parse(text), text)) fast++;
        const { fast: got, nets } = both(text);
        expect(sorted(got)).toEqual(sorted(nets));
      }),
      { numRuns: 600, seed: 37 },
    );
    // The fast path is taken for most texts (the rest have an escaped key, an index-like key or `\":` in a string).
    expect(fast).toBeGreaterThan(200);
  });

  it('lists a shard key\'s fields as both nets do (`key` is a secret\'s last word for auth.key): one mechanism, whatever the format', () => {
    const text = JSON.stringify(
      {
        auth: { key: 'c2VjcmV0LWtleWZpbGUtY29udGVudHM=', keyfile: '/var/lib/mongodb-mms-automation/keyfile', autoPwd: 'autoPwdSecret1', usersWanted: [{ user: 'u', db: 'admin', pwd: 'userPwdSecret2' }] },
        ldap: { bindQueryPassword: 'ldapBindSecret3' },
        sharding: [{ name: 'sh', collections: [{ _id: 'dba.events', key: [['tenantId', 1], ['_id', 'hashed']], unique: false }] }],
      },
      null,
      2,
    );
    expect(jsonSecretsInText(JSON.parse(text), text)).toBeDefined();
    const { fast, nets } = both(text);
    expect(sorted(fast)).toEqual(sorted(nets));
    for (const secret of ['tenantId', 'hashed', 'c2VjcmV0LWtleWZpbGUtY29udGVudHM=', 'autoPwdSecret1', 'userPwdSecret2', 'ldapBindSecret3']) expect(fast).toContain(secret);
    // The same file minified, and with an escaped key elsewhere (both nets then): the same list.
    const minified = JSON.stringify(JSON.parse(text));
    expect(sorted(collectSecretValues(sources(minified, true), { text: minified }))).toEqual(sorted(both(minified).nets));
    const escaped = text.replace('"name"', '"n\\u0061me"');
    expect(maskSecrets('shard key tenantId', collectSecretValues(sources(escaped, true), { text: escaped }))).toBe(maskSecrets('shard key tenantId', fast));
  });

  it('lists a secret inside a shard key, and a `key` outside sharding[].collections[]', () => {
    const text = JSON.stringify({ sharding: [{ collections: [{ key: [{ password: 'insideShardKey1' }] }] }], other: { collections: [{ key: 'notAShardKey22' }] } }, null, 1);
    const fast = both(text).fast;
    expect(fast).toContain('insideShardKey1');
    expect(fast).toContain('notAShardKey22');
  });

  it('finds the first of a duplicated secret key and the secrets of broken JSON by the text, as before', () => {
    const dup = '{\n  "auth": {\n    "autoPwd": "firstDuplicate1",\n    "autoPwd": "secondDuplicate2"\n  }\n}\n';
    expect(parseText(dup, 'f.json').documents[0].jsonRead).toBeUndefined();
    expect(both(dup).fast).toEqual(expect.arrayContaining(['firstDuplicate1', 'secondDuplicate2']));
    const broken = '{\n  "auth": {\n    "key": "brokenKeyfile3",\n    "autoPwd": "brokenPwd4"\n  \n';
    expect(parseText(broken, 'f.json').documents[0].jsonRead).toBeUndefined();
    expect(both(broken).fast).toEqual(expect.arrayContaining(['brokenKeyfile3', 'brokenPwd4']));
  });

  it('leaves to both nets a text it cannot read in step with its value', () => {
    // `"\"url"` is the key `"url` parsed, and `url` to the text net (which reads from the escaped quote).
    for (const text of ['{"pass\\u0077ord": "escapedKey5"}', '{"\\"url": "https://h/hook?token=abc123"}', '{"1": {"token": "indexKeyFirst6"}}', '{"a": "x\\": y", "token": "afterEscapedQuote7"}']) {
      expect(jsonSecretsInText(JSON.parse(text), text), text).toBeUndefined();
      const { fast, nets } = both(text);
      expect(fast).toEqual(nets);
    }
  });

  it('takes PEM key files and keytabs for paths, not secrets, and their passwords for secrets', () => {
    for (const name of ['PEMKeyFile', 'certificateKeyFile', 'clusterFile', 'autoPEMKeyFilePath', 'CAFile', 'keytab', 'autoKerberosKeytabPath', 'keyfile', 'keyfileWindows']) expect(isSecretFieldName(name), name).toBe(false);
    for (const name of ['key', 'newKey', 'autoPwd', 'PEMKeyPassword', 'autoPEMKeyFilePwd', 'certificateKeyFilePassword', 'bindQueryPassword']) expect(isSecretFieldName(name), name).toBe(true);
  });
});

describe('what the parse of a big JSON text found, reused by its secret net', () => {
  const corpusTexts = () => [...filesUnder(path.join(ROOT, '../shared/corpus')), ...filesUnder(path.join(ROOT, 'examples')), ...filesUnder(path.join(ROOT, 'test/data'))].map((f) => parseText(readFileSync(f, 'utf8'), f).text);

  /** jsonSecretsInText from the colons the cost pre-scan kept, and from a search of the text: the same, in the same order. */
  function sameFromTable(text: string): boolean {
    const value: unknown = JSON.parse(text);
    const scan: TextScan = {};
    jsonColonCount(text, scan);
    const fromTable = jsonSecretsInText(value, text, scan.colons);
    const searched = jsonSecretsInText(value, text);
    expect(fromTable?.inText, text).toEqual(searched?.inText);
    expect(fromTable?.walkAdds, text).toBe(searched?.walkAdds);
    return fromTable !== undefined;
  }

  it('lists from the kept colons what a search of the text lists, in order, on the corpus and generated texts', () => {
    let read = 0;
    for (const text of corpusTexts()) if (text.trimStart().startsWith('{') && parseText(text, 'f.json').documents[0]?.jsonRead && sameFromTable(text)) read++;
    expect(read).toBeGreaterThan(100);
    fc.assert(
      fc.property(jsonArb, ({ text }) => {
        sameFromTable(text);
      }),
      { numRuns: 400, seed: 19 },
    );
  });

  it('keeps the colons on a parsed document when the cost pre-scan read them, and the net then searches the text from the mark before a kept key', () => {
    // Two thousand plain keys, then the secrets: their colons are searched from the mark before them.
    const plain = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`field${i}`, i]));
    const text = JSON.stringify({ ...plain, auth: { autoPwd: 'pwdSecret1', usersWanted: [{ user: 'u', pwd: 'userSecret2' }] }, notes: 'at 12:00 token: inString3', hook: { type: 'SLACK', url: 'https://h/hook?token=abc123' } }, null, 2);
    // A node limit under the text's length makes the pre-scan count (as a text of over five million characters does).
    const doc = parseText(text, 'f.json', { ...DEFAULT_LIMITS, maxNodes: 10000 }).documents[0];
    expect(doc.jsonRead).toBe(true);
    expect(doc.jsonColons?.keys).toBe(2009);
    expect(doc.jsonColons?.keyMarks.length).toBe(Math.ceil(2009 / KEY_MARK_EVERY));
    expect(doc.jsonColons?.others.length).toBe(3);
    const searches = (table: boolean) => {
      const indexOf = String.prototype.indexOf;
      let n = 0;
      const spy = vi.spyOn(String.prototype, 'indexOf').mockImplementation(function (this: string, s: string, from?: number) {
        if (s === ':' && this.length === text.length) n++;
        return indexOf.call(this, s, from);
      });
      try {
        const got = collectSecretValues([{ value: doc.value, jsonRead: true, jsonColons: table ? doc.jsonColons : undefined }], { text });
        expect(got).toEqual(expect.arrayContaining(['pwdSecret1', 'userSecret2', 'inString3",', '/hook?token=abc123']));
      } finally {
        spy.mockRestore();
      }
      return n;
    };
    expect(searches(true)).toBeLessThanOrEqual(KEY_MARK_EVERY + 12);
    expect(searches(false)).toBeGreaterThan(2009);
  });

  it('keeps at most OTHER_COLONS_MAX colons that follow no quote (a big text of times or urls), then none: the net searches the text itself, listing the same', () => {
    const times = (n: number) => JSON.stringify({ at: Array.from({ length: n }, (_, i) => `${i % 24}:${i % 60}`), hook: { apiToken: 'tokenSecret9' } });
    const under = times(OTHER_COLONS_MAX);
    const scan: TextScan = {};
    jsonColonCount(under, scan);
    expect(scan.colons?.others.length).toBe(OTHER_COLONS_MAX);
    const over = times(OTHER_COLONS_MAX + 1);
    const scanOver: TextScan = {};
    jsonColonCount(over, scanOver);
    // Unbounded, the list held every such colon of the text for as long as its document (review of json19).
    expect(scanOver.colons).toBeUndefined();
    expect(scanOver.keyColons).toBe(3);
    expect(jsonSecretsInText(JSON.parse(over), over, scanOver.colons)?.inText).toEqual(jsonSecretsInText(JSON.parse(over), over)?.inText);
  });

  it('locates no string written as it reads (its source is the value), and every other value as before', () => {
    // Shard keys: a container under `key`, whose fields the walk by name lists; one written with an escape.
    const collections = Array.from({ length: 30 }, (_, i) => ({ _id: `db.c${i}`, key: [[`tenantField${i}`, 1], ['_id', 'hashed']] }));
    const plain = JSON.stringify({ sharding: [{ name: 'sh', collections }], auth: { autoPwd: 12345678 } }, null, 2);
    const escaped = plain.replace('"tenantField7"', '"tenant\\u0046ield7"');
    const located = (text: string) => {
      const doc = parseText(text, 'f.json').documents[0];
      let n = 0;
      const pointers: string[] = [];
      const list = collectSecretValues(
        [{ value: doc.value, jsonRead: true, sourceOf: (p) => (n++, pointers.push(p), (l => l && text.slice(l.value.start, l.value.end))(doc.locate(p))) }],
        { text },
      );
      return { n, pointers, list };
    };
    const a = located(plain);
    // The number under autoPwd only: its source may be written otherwise (1.2345678e7).
    expect(a.pointers).toEqual(['/auth/autoPwd']);
    expect(a.list).toEqual(expect.arrayContaining(['tenantField7', 'hashed', '12345678']));
    const b = located(escaped);
    expect(b.pointers).toEqual(expect.arrayContaining(['/auth/autoPwd', '/sharding/0/collections/7/key/0/0']));
    expect(b.n).toBe(2);
    expect(b.list).toEqual(expect.arrayContaining(['tenantField7', 'tenant\\u0046ield7']));
  });
});

describe('what the walk by name lists under secret-named containers, told by the walk in the text\'s order', () => {
  /** The values findSecretsByName lists that collectSecretValues takes (four characters or more), as a set. */
  const byName = (value: unknown) => [...new Set(findSecretsByName(value).map((s) => s.value).filter((v) => v.length >= 4))].sort();
  const told = (text: string) => {
    const j = jsonSecretsInText(JSON.parse(text), text);
    return j?.walkList && [...new Set(j.walkList.map((s) => s.value).filter((v) => v.length >= 4))].sort();
  };
  const shardKeys = (fields: (string | number)[][]) => ({ sharding: [{ name: 'sh', collections: fields.map((f, i) => ({ _id: `db.c${i}`, key: [f, ['_id', 'hashed']] })) }] });

  it('lists the walk\'s values without the walk (shard keys), the same set', () => {
    for (const value of [shardKeys([['tenantId', 1], ['tenantId', 1]]), { ...shardKeys([['tenantId', 1]]), auth: { autoPwd: 'autoPwdSecret1' }, other: { key: { innerLevelA: { deeperLevelBB: ['listedItem22'] } } } }]) {
      for (const text of [JSON.stringify(value, null, 2), JSON.stringify(value)]) {
        expect(told(text), text).toEqual(byName(value));
      }
    }
    // On the corpus and generated texts: where it tells a list, the walk's.
    let toldSome = 0;
    for (const f of [...filesUnder(path.join(ROOT, '../shared/corpus')), ...filesUnder(path.join(ROOT, 'examples')), ...filesUnder(path.join(ROOT, 'test/data'))]) {
      const text = parseText(readFileSync(f, 'utf8'), f).text;
      if (!parseText(text, f).documents[0]?.jsonRead || !text.trimStart().startsWith('{')) continue;
      const list = told(text);
      if (list) expect(list, f).toEqual(byName(JSON.parse(text))), toldSome++;
    }
    fc.assert(
      fc.property(jsonArb, ({ text }) => {
        const list = told(text);
        if (list) expect(list).toEqual(byName(JSON.parse(text)));
      }),
      { numRuns: 400, seed: 191 },
    );
    expect(toldSome).toBeGreaterThan(0);
  });

  it('leaves the walk to the caller where the order could matter, a value needs its source, or the walk would stop before it', () => {
    // Two fields of one length: listed in the walk's order, which this walk does not keep.
    expect(told(JSON.stringify(shardKeys([['tenantId', 1], ['regionId', 1]]), null, 2))).toBeUndefined();
    // A number of four digits or more: located for its source (1e4 is 10000).
    expect(told(JSON.stringify(shardKeys([['tenantId', 12345]]), null, 2))).toBeUndefined();
    // An escaped string: located for its source.
    expect(told(JSON.stringify(shardKeys([['tenantId', 1]]), null, 2).replace('"tenantId"', '"tenant\\u0049d"'))).toBeUndefined();
    // Past the walk's bound of keys: it takes the root's containers from the last one back.
    const many = Object.fromEntries(Array.from({ length: MAX_KEYS_WALKED }, (_, i) => [`k${i}`, 1]));
    const late = JSON.stringify({ a: shardKeys([['tenantId', 1]]), big: many });
    expect(byName(JSON.parse(late))).toEqual([]);
    expect(told(late)).toBeUndefined();
    const early = JSON.stringify({ big: many, z: shardKeys([['tenantId', 1]]) });
    expect(byName(JSON.parse(early))).toEqual(['hashed', 'tenantId']);
    expect(told(early)).toEqual(['hashed', 'tenantId']);
  });
});

// ------------------------------------------------------------ generated texts

/** Secret names, urls beside a type, glued and escaped keys, long names; index-like keys now and then. */
const KEYS = ['password', 'apiToken', 'url', 'URL', '"url', 'type', 'name', 'host', 'key', 'autoPwd', 'token: glued', 'a:b', "it's", 'pwd', 'secretKey'.padEnd(140, 'x') + 'Token', 'p', '7'];
const STRINGS = [
  '', 'hunter2hunter2', ' padded secret ', 'https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-4.4.0.tgz', 'https://user:pa55word@host/x', 'https://h/hook?token=abc123',
  'https://hooks.example.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX', 'see token: inString8', "it's token': x", 'a "quoted" value', 'back\\slash', 'x: y', '${PLACEHOLDER}', 'true',
];
const SCALARS = ['12345678', '-1', '1.5e+10', 'true', 'false', 'null'];
const SPACES = ['', ' ', '\n', '\r\n', '\t', '  \n    '];

/** A JSON string literal of `s`, with `/` and one letter written as escapes when `escape`. */
function encode(s: string, escape: boolean): string {
  const plain = JSON.stringify(s);
  return escape ? plain.replace(/\//g, '\\/').replace(/[a-z]/, (c) => `\\u00${c.charCodeAt(0).toString(16)}`) : plain;
}

const keyArb = fc.tuple(fc.constantFrom(...KEYS), fc.nat(9)).map(([k, n]) => encode(k, n === 0));
const stringArb = fc.tuple(fc.constantFrom(...STRINGS), fc.nat(6)).map(([s, n]) => encode(s, n === 0));

const node = jsonValueArb(keyArb, stringArb, SCALARS);

/** Valid JSON objects without a repeated key (JSON.parse keeps every key: ParsedDocument.jsonRead). */
const jsonArb = fc
  .tuple(fc.array(fc.tuple(keyArb, node), { minLength: 1, maxLength: 6 }), fc.array(fc.constantFrom(...SPACES), { minLength: 1, maxLength: 6 }))
  .map(([obj, spaces]) => ({ text: write({ obj }, spaces, { i: 0 }) }))
  .filter(({ text }) => parseText(text, 'f.json').documents[0]?.jsonRead === true);
