import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { DocumentFacts } from '../../src/core/facts';
import { fieldPath, finderKeys, findSecrets, findSecretsByName, findSecretsOfAnyKind, documentSecrets, isRedactionMask, isSecretFieldName, KINDS_WITH_SECRETS, mayNameSecret } from '../../src/model/secrets';
import { collectSecretValues, maskLine, maskSecrets, secretsInText } from '../../src/engine/mask';
import { isPlaceholder } from '../../src/model/placeholders';
import { getAt } from '../../src/core/pointer';

describe('findSecrets', () => {
  it('finds notification secrets of alert configurations', () => {
    const doc = {
      notifications: [
        { typeName: 'SLACK', apiToken: 'xoxb-1', channelName: 'ops' },
        { typeName: 'WEBHOOK', webhookUrl: 'https://h.example.com/x', webhookSecret: 's' },
        { typeName: 'EMAIL', emailAddress: 'a@example.com' },
        { typeName: 'PAGER_DUTY', serviceKey: '' }, // empty: nothing to hide
      ],
    };
    expect(findSecrets('global-alert-config', doc)).toEqual([
      { pointer: '/notifications/0/apiToken', value: 'xoxb-1', field: 'apiToken' },
      { pointer: '/notifications/1/webhookSecret', value: 's', field: 'webhookSecret' },
      { pointer: '/notifications/1/webhookUrl', value: 'https://h.example.com/x', field: 'webhookUrl' },
    ]);
  });

  it('finds integration secrets, url only for WEBHOOK', () => {
    expect(findSecrets('integration', { type: 'WEBHOOK', url: 'https://x', secret: 'y' }).map((s) => s.pointer)).toEqual(['/secret', '/url']);
    expect(findSecrets('integration', { type: 'NEW_RELIC', licenseKey: 'a', writeToken: 'b', readToken: 'c', accountId: 'd' }).map((s) => s.field)).toEqual([
      'licenseKey', 'writeToken', 'readToken',
    ]);
    expect(findSecrets('integration', { type: 'PROMETHEUS', url: 'http://not-secret', password: 'p', tlsPemPassword: 'q' }).map((s) => s.field)).toEqual([
      'password', 'tlsPemPassword',
    ]);
  });

  it('finds automation-config secrets', () => {
    const ac = {
      auth: { autoPwd: 'a', key: 'k', usersWanted: [{ user: 'u', pwd: 'p' }, { user: 'v', initPwd: 'i' }] },
      tls: { autoPEMKeyFilePwd: 't' },
      ssl: { autoPEMKeyFilePwd: 's' },
      prometheus: { password: 'm' },
      ldap: { bindQueryPassword: 'l' },
      processes: [{ args2_6: { net: { tls: { certificateKeyFilePassword: 'c' } } } }],
    };
    expect(findSecrets('automation-config', ac).map((s) => s.pointer)).toEqual([
      '/auth/autoPwd', '/auth/key', '/auth/usersWanted/0/pwd', '/auth/usersWanted/1/initPwd',
      '/tls/autoPEMKeyFilePwd', '/ssl/autoPEMKeyFilePwd', '/prometheus/password', '/ldap/bindQueryPassword',
      '/processes/0/args2_6/net/tls/certificateKeyFilePassword',
    ]);
  });

  it('finds the API key privateKey', () => {
    expect(findSecrets('api-key-update', { desc: 'd', privateKey: 'k' })).toEqual([{ pointer: '/privateKey', value: 'k', field: 'privateKey' }]);
  });

  it('walks arrays of documents and list responses', () => {
    const item = { notifications: [{ typeName: 'DATADOG', datadogApiKey: 'dd' }] };
    expect(findSecrets('alert-config', [item, item]).map((s) => s.pointer)).toEqual([
      '/0/notifications/0/datadogApiKey', '/1/notifications/0/datadogApiKey',
    ]);
    expect(findSecrets('alert-config', { results: [item], totalCount: 1 }).map((s) => s.pointer)).toEqual([
      '/results/0/notifications/0/datadogApiKey',
    ]);
  });

  it('ignores kinds without secrets and values of odd types', () => {
    expect(findSecrets('maintenance-window', { description: 'x' })).toEqual([]);
    expect(findSecrets('alert-config', null)).toEqual([]);
    expect(findSecrets('alert-config', { notifications: 'x' })).toEqual([]);
    expect(findSecrets('alert-config', { notifications: [null, 3, { apiToken: 42 }] })).toEqual([]);
    expect(findSecrets('automation-config', { auth: [], processes: [{ args2_6: null }] })).toEqual([]);
  });

  it('findSecretsOfAnyKind: the finder of every kind once, in the order of the kinds, the lists the rules asked for reused', () => {
    // An alert configuration that also holds what other kinds call secrets (linted as another kind, or pasted wrongly).
    const doc = {
      eventTypeName: 'HOST_DOWN',
      notifications: [{ typeName: 'SLACK', apiToken: 'xoxb-1' }, { typeName: 'WEBHOOK', webhookSecret: 's3' }],
      url: 'https://hook.example/abc',
      apiKey: 'k1',
      auth: { autoPwd: 'p1' },
      privateKey: 'pk',
    };
    const perKind = KINDS_WITH_SECRETS.flatMap((k) => findSecrets(k, structuredClone(doc)));
    const unique = [...new Map(perKind.map((s) => [s.pointer, s])).values()];
    expect(findSecretsOfAnyKind(structuredClone(doc))).toEqual(unique);
    expect(unique.map((s) => s.pointer)).toEqual(['/notifications/0/apiToken', '/notifications/1/webhookSecret', '/apiKey', '/url', '/auth/autoPwd', '/privateKey']);
    // After a rule's documentSecrets of the alert kinds: the same answer (from the document's facts).
    const asked = new DocumentFacts(structuredClone(doc));
    const mine = documentSecrets(asked, 'global-alert-config');
    expect(documentSecrets(asked, 'alert-config')).toBe(mine);
    expect(findSecretsOfAnyKind(asked.value, asked)).toEqual(unique);
    expect(findSecretsOfAnyKind({ eventTypeName: 'HOST_DOWN' })).toEqual([]);
    expect(findSecretsOfAnyKind([{ apiKey: 'a1' }, { notifications: [{ serviceKey: 'b2' }] }]).map((s) => s.pointer)).toEqual(['/1/notifications/0/serviceKey', '/0/apiKey']);
    expect(findSecretsOfAnyKind('text')).toEqual([]);
  });

  it('findSecretsOfAnyKind asks the facts only for the finders that read one of the document\'s keys', () => {
    const asked = new DocumentFacts({ eventTypeName: 'HOST_DOWN', notifications: [{ typeName: 'SLACK', apiToken: 'xoxb-1' }] });
    documentSecrets(asked, 'alert-config');
    const peek = vi.spyOn(asked, 'peek');
    expect(findSecretsOfAnyKind(asked.value, asked).map((s) => s.pointer)).toEqual(['/notifications/0/apiToken']);
    // The alert kinds' finder (notifications); the integration's, the automation's and the API key's read no key here.
    expect(peek).toHaveBeenCalledTimes(1);
  });

  it('findSecretsOfAnyKind skips the finders that read none of a document\'s keys, and finds what they all would', () => {
    // Keys that some finder reads, at the top level and below, with secret-like strings or containers.
    const keys = ['notifications', 'apiKey', 'apiToken', 'serviceKey', 'password', 'secret', 'url', 'type', 'auth', 'tls', 'ssl', 'prometheus', 'ldap', 'monitoringVersions', 'backupVersions', 'processes', 'privateKey', 'autoPwd', 'key', 'usersWanted', 'pwd', 'args2_6', 'net', 'security', 'certificateKeyFilePassword', 'bindQueryPassword', 'webhookSecret', 'typeName', 'eventTypeName', 'results'];
    const leaf = fc.oneof(fc.constantFrom('s3cret', 'WEBHOOK', 'webhook', '', 'x'), fc.integer(), fc.constant(null));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.constantFrom(...keys), tie('node'), { maxKeys: 5 })),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 8 }), (doc) => {
        const perKind = KINDS_WITH_SECRETS.flatMap((k) => findSecrets(k, structuredClone(doc)));
        const every = [...new Map(perKind.map((s) => [s.pointer, s])).values()];
        expect(findSecretsOfAnyKind(structuredClone(doc))).toEqual(every);
      }),
      { numRuns: 500, seed: 20261124 },
    );
  });

  it('each finder reads no top-level key but those findSecretsOfAnyKind lists for it', () => {
    // A key added to a finder and not to its list would make findSecretsOfAnyKind skip the finder
    // on a document that has only that key: its secret would reach the output unmasked.
    for (const kind of KINDS_WITH_SECRETS) {
      const listed = finderKeys(kind);
      expect(listed, kind).toBeDefined();
      const read = new Set<string>();
      const record = (key: string | symbol) => {
        if (typeof key === 'string') read.add(key);
      };
      const doc = new Proxy({}, { get: (_t, key) => (record(key), undefined), has: (_t, key) => (record(key), false), getOwnPropertyDescriptor: (_t, key) => (record(key), undefined) });
      findSecrets(kind, doc);
      expect(read.size, kind).toBeGreaterThan(0);
      // `results` is read to tell an API list response (findSecretsOfAnyKind runs every finder on one);
      // the integration finder reads `type` to decide on a `url`, which is listed: `type` alone finds nothing.
      const unlisted = [...read].filter((key) => !listed!.includes(key) && key !== 'results' && !(kind === 'integration' && key === 'type'));
      expect(unlisted, kind).toEqual([]);
    }
  });

  it('answers for each value asked, whatever was asked before (the last answer is kept, not reused for another value)', () => {
    const a = { notifications: [{ typeName: 'SLACK', apiToken: 'xoxb-a' }] };
    const b = { notifications: [{ typeName: 'SLACK', apiToken: 'xoxb-b' }], apiKey: 'k' };
    for (let round = 0; round < 2; round++) {
      expect(findSecrets('alert-config', a).map((s) => s.value)).toEqual(['xoxb-a']);
      expect(findSecrets('alert-config', b).map((s) => s.value)).toEqual(['xoxb-b']);
      expect(findSecrets('integration', b).map((s) => s.value)).toEqual(['k']);
      expect(findSecretsOfAnyKind(a).map((s) => s.value)).toEqual(['xoxb-a']);
      expect(findSecretsOfAnyKind(b).map((s) => s.value)).toEqual(['xoxb-b', 'k']);
    }
  });

  it('is linear in the document', () => {
    const big = { notifications: Array.from({ length: 200_000 }, (_, i) => ({ typeName: 'SLACK', apiToken: `t${i}`, channelName: 'c' })) };
    const start = performance.now();
    expect(findSecrets('alert-config', big)).toHaveLength(200_000);
    // A hang guard, not a speed check: a scan quadratic in 200,000 notifications would take hours.
    expect(performance.now() - start).toBeLessThan(30_000);
  }, 60_000);
});

describe('isRedactionMask', () => {
  it.each([
    '********', '****************************8b87', '********oken', '********-****-****-db2c132ca78d',
    'https://webhook.example.com/****', 'AKIA********XLHG', 'REDACTED', 'mongodb://REDACTED:REDACTED@host:27017',
  ])('%s is a mask', (v) => expect(isRedactionMask(v)).toBe(true));

  it.each(['secret', 'p*ss*word', 'https://hooks.example.com/abc', '**', '', 'xoxb-123'])('%s is not a mask', (v) =>
    expect(isRedactionMask(v)).toBe(false),
  );

  it('is false for non-strings', () => expect(isRedactionMask(42)).toBe(false));
});

describe('isPlaceholder', () => {
  it.each([
    '${SLACK_TOKEN}', '{{ slack_token }}', '<your-token>', '$(pass show slack)', 'https://h.example.com/${PATH}', '$TOKEN', '{API-KEY}',
  ])('%s is a placeholder', (v) => expect(isPlaceholder(v)).toBe(true));

  it.each(['xoxb-123', 'abc$def', '{"a":1}', 'hunter2'])('%s is not a placeholder', (v) => expect(isPlaceholder(v)).toBe(false));

  it('accepts extra patterns, including global ones used twice', () => {
    const re = /^vault:/g;
    expect(isPlaceholder('vault:a/b', [re])).toBe(true);
    expect(isPlaceholder('vault:a/b', [re])).toBe(true);
    expect(isPlaceholder('plain', [re])).toBe(false);
  });
});

describe('fieldPath', () => {
  it('reads like a path', () => {
    expect(fieldPath('/notifications/0/apiToken')).toBe('notifications[0].apiToken');
    expect(fieldPath('/auth/usersWanted/1/pwd')).toBe('auth.usersWanted[1].pwd');
    expect(fieldPath('/0/a~1b')).toBe('[0].a/b');
  });
});

describe('findSecrets: the fields issue 18 found missing', () => {
  it('automation agents, KMIP and LDAP bind passwords, lower-case webhook urls', () => {
    const ac = {
      backupVersions: [{ name: 'b', password: 'bp' }],
      monitoringVersions: [{ name: 'm', password: 'mp' }],
      processes: [{ args2_6: { security: { kmip: { clientCertificatePassword: 'k' }, ldap: { bind: { queryPassword: 'q' } } }, net: { tls: { clusterFilePassword: 'c' } } } }],
    };
    expect(findSecrets('automation-config', ac).map((s) => s.pointer).sort()).toEqual([
      '/backupVersions/0/password', '/monitoringVersions/0/password', '/processes/0/args2_6/net/tls/clusterFilePassword',
      '/processes/0/args2_6/security/kmip/clientCertificatePassword', '/processes/0/args2_6/security/ldap/bind/queryPassword',
    ]);
    expect(findSecrets('integration', { type: 'webhook', url: 'https://x/y' }).map((s) => s.field)).toEqual(['url']);
  });
});

describe('isSecretFieldName', () => {
  it.each([
    'password', 'pwd', 'autoPwd', 'initPwd', 'apiToken', 'datadogApiKey', 'serviceKey', 'key', 'privateKey', 'licenseKey', 'writeToken',
    'webhookSecret', 'microsoftTeamsWebhookUrl', 'webhookUrl', 'bindQueryPassword', 'queryPassword', 'clientCertificatePassword',
    'PEMKeyPassword', 'clusterFilePassword', 'tlsPemPassword', 'autoPEMKeyFilePwd', 'api_key', 'SECRET_TOKEN', 'credentials',
    // Near-misses: a typo does not make a secret public.
    'apiTokn', 'webhookSecert', 'pasword', 'passwrd', 'datadogApiKye',
    // Only the public half of a key pair is public: other words before or after `key` keep the name secret.
    'publicApiKey', 'publicKeyPassword', 'publickKey', 'publicKeySecret', 'nonPublicToken',
  ])('%s names a secret', (n) => expect(isSecretFieldName(n)).toBe(true));

  it.each(['passwordHash', 'passwordSalt', 'tokenFillRateSeconds', 'burstTokenCount', 'keyfile', 'keyFile', 'encryptionKeyFile', 'username', 'typeName', 'url', 'channelName', 'region', 'monkey', 'hostname', 'publicKey', 'sshPublicKey', 'public_key', 'PUBLIC_KEY'])(
    '%s does not',
    (n) => expect(isSecretFieldName(n)).toBe(false),
  );
});

describe('an API key: its publicKey is shown, its privateKey masked', () => {
  it('collects the private key and not the public one, in a document and in source text', () => {
    // Ops Manager answers an API key with `publicKey` in the clear and `privateKey` redacted (the Go client's
    // global API keys test; mongodb.com/docs/ops-manager, "Get One Global API Key").
    const key = { desc: 'ci', publicKey: 'ewmaqvdo', privateKey: 'c0ffee00-1111-2222-3333-444455556666', roles: [{ roleName: 'GLOBAL_OWNER' }] };
    expect(collectSecretValues([{ value: key }], { wide: true })).toEqual(['c0ffee00-1111-2222-3333-444455556666']);
    expect(collectSecretValues([], { text: 'publicKey: ewmaqvdo\nprivateKey: c0ffee00-1111-2222-3333-444455556666\n' })).toEqual(['c0ffee00-1111-2222-3333-444455556666']);
    expect(maskLine('  publicKey: ewmaqvdo')).toBe('  publicKey: ewmaqvdo');
    expect(maskLine('  privateKey: abcdefgh')).toBe('  privateKey: ********');
    expect(maskLine('  publicApiKey: abcdefgh')).toBe('  publicApiKey: ********');
  });
});

describe('findSecretsByName', () => {
  it('finds strings and numbers under secret names at any level, and url beside a type', () => {
    const doc = { apiTokn: 'a', deep: [{ x: { autoPwd: 9381953897703180 } }], integ: { type: 'SLACK', url: 'https://h/p' }, plain: { url: 'https://dl/x' }, webhookSecret: '' };
    expect(findSecretsByName(doc).map((s) => `${s.pointer}=${s.value}`).sort()).toEqual(['/apiTokn=a', '/deep/0/x/autoPwd=9381953897703180', '/integ/url=https://h/p']);
  });

  it('names each secret by a pointer that leads to it (keys with / and ~, arrays in arrays)', () => {
    const doc = { 'a/b': [[{ 'c~d': { password: 'p1' } }], { token: 12345 }], list: [{ x: [{ apiKey: 'k1' }] }] };
    const found = findSecretsByName(doc);
    expect(found.map((s) => s.pointer).sort()).toEqual(['/a~1b/0/0/c~0d/password', '/a~1b/1/token', '/list/0/x/0/apiKey']);
    for (const s of found) expect(String(getAt(doc, s.pointer))).toBe(s.value);
  });

  it('walks a deep document without recursion (150,000 levels)', () => {
    let deep: Record<string, unknown> = { password: 'bottom' };
    for (let i = 0; i < 150_000; i++) deep = { a: deep };
    expect(findSecretsByName(deep).map((s) => s.value)).toEqual(['bottom']);
  });
});

describe('secrets in source text', () => {
  it('values of secret-named keys, in YAML, JSON and flow style, quoted or not, masked in place', () => {
    expect(maskLine('    apiToken: hunter2hunter2 # a comment')).toBe('    apiToken: ************** # a comment');
    expect(maskLine('{"type": "DATADOG", "apiKey": "abc\\"def", "region": "US"}')).toBe('{"type": "DATADOG", "apiKey": "********", "region": "US"}');
    expect(maskLine('{type: DATADOG, apiKey: abcdef, region: US}')).toBe('{type: DATADOG, apiKey: ******, region: US}');
    expect(maskLine("  autoPwd: 9381953897703180")).toBe('  autoPwd: ****************');
    expect(maskLine("  pwd: 'it''s'")).toBe("  pwd: '*****'");
    expect(maskLine('url: https://hooks.example.com/services/abc/def')).toBe('url: https://hooks.example.com*****************');
    expect(maskLine('url: https://u:p@h.example.com/')).toBe(`url: https://${'*'.repeat('u:p@h.example.com/'.length)}`);
    // Placeholders, masks and names that are not secrets stay.
    for (const l of ['apiKey: ${DD}', 'apiKey: "********"', 'passwordHash: abcdef', 'url: https://fastdl.mongodb.org/', 'enabled: true']) expect(maskLine(l)).toBe(l);
  });

  it('secretsInText lists values on broken lines, duplicated keys and block scalars', () => {
    const text = 'apiToken: first1\napiToken: second2\napiKey: broken3: [\nkey: |\n  lineone4\n  linetwo5\nother: x\n';
    expect(secretsInText(text)).toEqual(['first1', 'second2', 'broken3: [', '  lineone4', '  linetwo5']);
  });

  // A text without CR is read in place (no split into lines: a 90 MB JSON text has three million);
  // with CRLF it is split. Both readings must list the same values.
  const crlf = (t: string) => t.replace(/\n/g, '\r\n');
  const inPlaceTexts = [
    '{\n  "apiKey": "json-key-1",\n  "hostname": "h",\n  "password": "pw-2", "token": 12345678\n}\n',
    '{"a":{"serviceKey":"minified-3","url":"https://hooks.example.com/services/T0/B0/abcdefghijklmnopqrstuvwx"},"port":27017}',
    'apiToken: first1\napiToken: second2\napiKey: broken3: [\nkey: |\n  lineone4\n  linetwo5\nother: x\n',
    'a:\n  secret: >-\n    folded6\n\n    folded7\nb: 1\nsecret: |\n  last8',
    '"pass": "quoted9"\n\'token\': \'single10\'\n: x\n":" \n"\n  - apiKey: item11\n  - {password: flow12, b: 1}\n',
  ];

  it('secretsInText reads a text in place as it reads its lines', () => {
    expect(secretsInText(inPlaceTexts[0])).toEqual(['json-key-1', 'pw-2', '12345678']);
    expect(secretsInText(inPlaceTexts[3])).toEqual(['    folded6', '', '    folded7', '  last8']);
    for (const text of inPlaceTexts) expect(secretsInText(text)).toEqual(secretsInText(crlf(text)));
    // Texts made of pieces at random (a fixed seed): both readings agree on every one.
    const pieces = ['password: ', 'token', ':', ' ', '\n', '"', "'", 'url: https://h/x?y=1', '  ', '|', '>-', '#', '{', '}', '[', ']', ',', 'apiKey', 'a', 'secret: s3cretvalue', '\t', '-', '\\', 'key: |\n  line1\n  line2\n', '"pass": "x"'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % pieces.length;
    for (let i = 0; i < 5000; i++) {
      let text = '';
      for (let j = 0; j < 1 + (i % 25); j++) text += pieces[next()];
      expect(secretsInText(text)).toEqual(secretsInText(crlf(text)));
    }
  });

  it('secretsInText reads a big text of random pieces in place as it reads its lines (names judged once)', () => {
    // From 64 KB on, names are remembered: quoted keys, escaped quotes, colons in values, long lines.
    const pieces = ['"hostname": ', '"password": ', '"url": ', '"x"', ':', ' ', '\n', '"', "'", '\\"', '"https://h/x?y=1"', '"10:30"', '{', '}', ',', '"apiKey":"k-1234567"', '"a\\"b": 1', 'token: ', 'value', '\t', `"${'n'.repeat(140)}": `, `"${'n'.repeat(117)}Password": "long-name-1"`, `"${'n'.repeat(125)}Password": "too-long-2"`, '"passwrd": "near-miss-3"'];
    let seed = 11;
    // The high bits of the generator: its low bits cycle within a few steps.
    const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 16) % pieces.length;
    for (let t = 0; t < 4; t++) {
      let text = '';
      while (text.length < 70_000) text += pieces[next()];
      const inPlace = secretsInText(text);
      expect(inPlace.length).toBeGreaterThan(0);
      expect(inPlace).toEqual(secretsInText(crlf(text)));
    }
  });

  it('secretsInText does not split a text without CR into lines', () => {
    const text = inPlaceTexts[0].repeat(1000);
    const split = vi.spyOn(String.prototype, 'split');
    try {
      expect(secretsInText(text)).toHaveLength(3000);
      expect(split.mock.calls.filter((c) => c[0] instanceof RegExp && c[0].source.includes('\\n'))).toEqual([]);
    } finally {
      split.mockRestore();
    }
  });

  it('secretsInText judges each name of a text once, cutting it out of the text only then', () => {
    const text = `{\n${'  "hostname": "h",\n  "port": 27017,\n  "keyFile": "/k",\n  "apiKey": "key-12345",\n'.repeat(5000)}  "x": 1\n}\n`;
    const slice = vi.spyOn(String.prototype, 'slice');
    try {
      expect(secretsInText(text)).toHaveLength(5000);
      // Each of the 5,000 lines with a secret is read whole (the line, its key and its value cut
      // out); the names of the 15,000 others, once each (not "hostname" and "keyFile" 5,000 times).
      expect(slice.mock.calls.length).toBeLessThan(5000 * 3 + 20);
    } finally {
      slice.mockRestore();
    }
  });

  it('secretsInText reads many distinct names in place as it reads its lines (judged names give way to others)', () => {
    // More names than the judged-name slots hold, secret ones among them, each seen again later.
    const names = Array.from({ length: 12_000 }, (_, i) => (i % 7 === 0 ? `k${i}Token` : i % 11 === 0 ? `u${i}Url` : `field${i}x`));
    const lines = names.map((n, i) => `  "${n}": "value-${i}-long",`);
    const text = `{\n${lines.join('\n')}\n${lines.reverse().join('\n')}\n  "url": "https://h.example.com/a?b=1"\n}`;
    const found = secretsInText(text);
    expect(found).toEqual(secretsInText(crlf(text)));
    expect(found.filter((v) => v.startsWith('value-'))).toHaveLength(2 * names.filter((n) => n.endsWith('Token')).length);
  });

  it('mayNameSecret: every secret name (and url) holds one of the letter pairs it looks for', () => {
    const names = ['apiKey', 'password', 'pwd', 'webhookSecret', 'webhookSecert', 'apiTokn', 'pasword', 'serviceKey', 'routingKey', 'secret', 'token', 'authToken', 'privateKey', 'URL', 'url', 'webhookUrl', 'integrationKey', 'PASSWORD', 'x_api_key'];
    for (const name of names) {
      if (isSecretFieldName(name) || name.toLowerCase() === 'url') expect(mayNameSecret(`"${name}"`, 1, name.length + 1)).toBe(true);
    }
    for (const name of ['port', 'name', 'votes', 'version', 'priority', 'dbPath']) expect(mayNameSecret(name, 0, name.length)).toBe(name === 'dbPath');
    // Only the range is read, and letters outside ASCII never stand for ASCII ones (as /i without u).
    expect(mayNameSecret('xpa', 0, 2)).toBe(false);
    expect(mayNameSecret('\u017Fe', 0, 2)).toBe(false);
  });

  it('mayNameSecret is the letter-pair expression read in place, so isSecretFieldName may ask it first', () => {
    // The expression isSecretFieldName tested before its verdict memo (src/model/secrets.ts SECRET_LETTERS).
    const PAIRS = /pa|pw|se|to|tk|ke|ky|ap|cr|ur|ho/i;
    const char = fc.constantFrom(...'pPaAwWsSeEtToOkKyYcCrRuUhHxX_-.:@[`{ 0'.split(''), '\u017F', '\u212A', '\u0130', 'é', '\u00C5');
    fc.assert(fc.property(fc.array(char, { maxLength: 10 }), (cs) => {
      const name = cs.join('');
      expect(mayNameSecret(name, 0, name.length), name).toBe(PAIRS.test(name));
    }), { numRuns: 5000 });
    // A name without a pair is no secret's, however it is spelt; one with a pair is judged by its words.
    for (const name of ['hostname', 'port', 'PORT', 'k123', 'a'.repeat(200)]) expect(isSecretFieldName(name), name).toBe(false);
    for (const name of ['apiToken', 'API_TOKEN', 'x_api_key', 'webhookSecert']) expect(isSecretFieldName(name), name).toBe(true);
  });

  it('collectSecretValues: every kind, every name, the text; placeholders left readable', () => {
    const value = { notifications: [{ serviceKey: 'pagerkey1' }], apiTokn: 'near-miss2', region: '${R}', apiKey: '${K}' };
    const found = collectSecretValues([{ kind: 'maintenance-window', value }], { text: 'apiToken: fromtext3\n' });
    expect(found.sort()).toEqual(['fromtext3', 'near-miss2', 'pagerkey1']);
  });

  it('maskSecrets masks secret shapes in any text', () => {
    expect(maskSecrets('token xoxb-1234567890-abcdef and AKIAABCDEFGHIJKLMNOP and Qx7001LeakCanary9f8e, not OUTSIDE_METRIC_THRESHOLD or mongodb-linux-x86_64-7.0.12', [])).toBe(
      'token **** and **** and ****, not OUTSIDE_METRIC_THRESHOLD or mongodb-linux-x86_64-7.0.12',
    );
    expect(maskSecrets('mongodb://app:s3cr3t@db.example.com', [])).toBe('mongodb://app:****@db.example.com');
  });
});
