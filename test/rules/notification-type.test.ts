import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lintDoc } from '../helpers';

const RULE = 'notification-type';

async function hits(text: string, kind: Kind = 'alert-config') {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const project = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
${notification}`;
const global = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
forAllGroups: true
notifications:
  - typeName: ADMIN
${notification}`;

describe(RULE, () => {
  it.each([
    ['EMAIL', project(''), 'alert-config'],
    ['HIPCHAT', project('  - typeName: HIPCHAT\n    notificationToken: ${HIPCHAT_TOKEN}\n    roomName: ops\n'), 'alert-config'],
    ['HIP_CHAT', project('  - typeName: HIP_CHAT\n    notificationToken: ${HIPCHAT_TOKEN}\n    roomName: ops\n'), 'alert-config'],
    ['TEAM', project('  - typeName: TEAM\n    teamId: 5e1d4c0f8f0f0a6b3c2d1e0f\n'), 'alert-config'],
    ['OPS_GENIE', project('  - typeName: OPS_GENIE\n    opsGenieApiKey: ${OPSGENIE_KEY}\n'), 'alert-config'],
    ['ADMIN globally', global(''), 'global-alert-config'],
    ['MICROSOFT_TEAMS globally', global('  - typeName: MICROSOFT_TEAMS\n    microsoftTeamsWebhookUrl: ${TEAMS_URL}\n'), 'global-alert-config'],
  ] as [string, string, Kind][])('accepts %s', async (_name, text, kind) => {
    expect(await hits(text, kind)).toEqual([]);
  });

  it.each([
    ['a typo', project('  - typeName: SLAK\n'), 'alert-config', [[6, 15, 'error']]],
    ['lower case', project('  - typeName: email\n    emailAddress: ops@example.com\n'), 'alert-config', [[6, 15, 'error']]],
    ['ADMIN in a project', project('  - typeName: ADMIN\n'), 'alert-config', [[6, 15, 'error']]],
    ['TEAM globally', global('  - typeName: TEAM\n    teamId: 5e1d4c0f8f0f0a6b3c2d1e0f\n'), 'global-alert-config', [[6, 15, 'error']]],
    ['DATADOG globally', global('  - typeName: DATADOG\n    datadogApiKey: ${DD_KEY}\n'), 'global-alert-config', [[6, 15, 'error']]],
  ] as [string, string, Kind, unknown[]][])('reports %s', async (_name, text, kind, expected) => {
    expect(await hits(text, kind)).toEqual(expected);
  });

  it('suggests the near type and lists the accepted ones', async () => {
    const [d] = (await lintDoc(project('  - typeName: SLAK\n'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('Did you mean SLACK?');
    expect(d.message).toContain('EMAIL');
    expect(d.suggestions?.[0]?.title).toBe('Replace with SLACK');
  });

  it('says where ADMIN belongs', async () => {
    const [d] = (await lintDoc(project('  - typeName: ADMIN\n'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('only in global alert configurations');
  });
});
