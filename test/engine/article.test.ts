// "a" or "an" by sound (src/core/article.ts), and the messages that use it.
import { describe, expect, it } from 'vitest';
import { articleFor } from '../../src/core/article';
import { lintDoc } from '../helpers';

describe('articleFor', () => {
  it.each([
    ['EMAIL', 'an'], ['SMS', 'an'], ['SNMP', 'an'], ['USER', 'a'], ['ORG', 'an'], ['GROUP', 'a'], ['TEAM', 'a'],
    ['HIP_CHAT', 'a'], ['OPS_GENIE', 'an'], ['PAGER_DUTY', 'a'], ['VICTOR_OPS', 'a'], ['WEBHOOK', 'a'],
    ['MICROSOFT_TEAMS', 'a'], ['DATADOG', 'a'], ['SLACK', 'a'], ['NEW_RELIC', 'a'], ['PROMETHEUS', 'a'],
    ['LDAP', 'an'], ['URL', 'a'], ['HTTP', 'an'], ['FCV', 'an'], ['OIDC', 'an'],
    ['other', 'an'], ['host', 'a'], ['replica set', 'a'], ['integer', 'an'], ['object', 'an'], ['array', 'an'],
    ['hour', 'an'], ['unique', 'a'], ['unknown', 'an'], ['undefined', 'an'], ['one-off', 'a'], ['8.0', 'an'], ['7.0', 'a'],
  ])('%s → %s', (word, article) => {
    expect(articleFor(word)).toBe(article);
  });
});

describe('messages choose the article by sound', () => {
  const alert = (typeName: string) => `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: ${typeName}\n    intervalMin: 60\n    delayMin: 0\n`;
  const message = async (text: string, ruleId: string, kind: 'alert-config' | 'integration' = 'alert-config') =>
    (await lintDoc(text, { kind })).find((d) => d.ruleId === ruleId)?.message ?? '';

  it('notifications: an EMAIL, an SMS, a USER', async () => {
    expect(await message(alert('EMAIL'), 'notification-required-field')).toMatch(/^An EMAIL notification needs/);
    expect(await message(alert('SMS'), 'notification-required-field')).toMatch(/^An SMS notification needs/);
    expect(await message(alert('USER'), 'notification-required-field')).toMatch(/^A USER notification needs/);
  });

  it('integrations: an OPS_GENIE, a SLACK', async () => {
    expect(await message('type: OPS_GENIE\nregion: US\n', 'integration-required-field', 'integration')).toMatch(/^An OPS_GENIE integration needs/);
    expect(await message('type: SLACK\nchannelName: ops\n', 'integration-required-field', 'integration')).toMatch(/^A SLACK integration needs/);
  });
});
