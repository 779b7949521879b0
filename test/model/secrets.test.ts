import { describe, expect, it } from 'vitest';
import { fieldPath, findSecrets, isRedactionMask } from '../../src/model/secrets';
import { isPlaceholder } from '../../src/model/placeholders';

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

  it('is linear in the document', () => {
    const big = { notifications: Array.from({ length: 200_000 }, (_, i) => ({ typeName: 'SLACK', apiToken: `t${i}`, channelName: 'c' })) };
    const start = performance.now();
    expect(findSecrets('alert-config', big)).toHaveLength(200_000);
    expect(performance.now() - start).toBeLessThan(2000);
  });
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
