import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lintDoc } from '../helpers';

const RULE = 'notification-role';

async function hits(text: string, kind: Kind = 'alert-config') {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const group = (roles: string, type = 'GROUP') => `eventTypeName: NO_PRIMARY
enabled: true
notifications:
  - typeName: ${type}
    emailEnabled: true
    smsEnabled: false
    roles:
${roles}`;

describe(RULE, () => {
  it.each([
    ['project roles on GROUP', group('      - GROUP_OWNER\n      - GROUP_DATA_ACCESS_READ_ONLY\n')],
    ['organization roles on ORG', group('      - ORG_OWNER\n      - ORG_MEMBER\n', 'ORG')],
    ['a singular role on GROUP', 'eventTypeName: NO_PRIMARY\nenabled: true\nnotifications:\n  - typeName: GROUP\n    emailEnabled: true\n    smsEnabled: false\n    role: GROUP_OWNER\n'],
    ['roles on another type (notification-field-not-applicable says so)', group('      - ORG_OWNER\n', 'SMS')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['an organization role on GROUP', group('      - ORG_OWNER\n'), [[8, 9, 'error']]],
    ['a project role on ORG', group('      - GROUP_OWNER\n', 'ORG'), [[8, 9, 'error']]],
    ['a misspelt project role', group('      - GROUP_OWNR\n'), [[8, 9, 'error']]],
    ['a global role on GROUP', group('      - GLOBAL_OWNER\n'), [[8, 9, 'error']]],
    ['an Atlas-only project role (warning)', group('      - GROUP_OWNER\n      - GROUP_CLUSTER_MANAGER\n'), [[9, 9, 'warning']]],
    ['a wrong singular role', 'eventTypeName: NO_PRIMARY\nenabled: true\nnotifications:\n  - typeName: GROUP\n    emailEnabled: true\n    smsEnabled: false\n    role: OWNER\n', [[7, 11, 'error']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('reports in global configurations too', async () => {
    const text = group('      - ORG_OWNER\n').replace('enabled: true\n', 'enabled: true\nforAllGroups: true\n');
    expect(await hits(text, 'global-alert-config')).toEqual([[9, 9, 'error']]);
  });

  it('suggests the near role', async () => {
    const [d] = (await lintDoc(group('      - GROUP_OWNR\n'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('Did you mean GROUP_OWNER?');
  });
});
