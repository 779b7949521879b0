import rule from '../../rules/notification-role';
import { ruleTester } from '../rule-tester';

const group = (roles: string, type = 'GROUP') => `eventTypeName: NO_PRIMARY
enabled: true
notifications:
  - typeName: ${type}
    emailEnabled: true
    smsEnabled: false
    roles:
${roles}`;
const singular = (role: string) => `eventTypeName: NO_PRIMARY\nenabled: true\nnotifications:\n  - typeName: GROUP\n    emailEnabled: true\n    smsEnabled: false\n    role: ${role}\n`;
const at = (messageId: string, line: number, column = 9, more: object = {}) => [{ messageId, line, column, severity: 'error' as const, ...more }];

ruleTester(rule, {
  valid: [
    { name: 'project roles on GROUP', code: group('      - GROUP_OWNER\n      - GROUP_DATA_ACCESS_READ_ONLY\n') },
    { name: 'organization roles on ORG', code: group('      - ORG_OWNER\n      - ORG_MEMBER\n', 'ORG') },
    { name: 'a singular role on GROUP', code: singular('GROUP_OWNER') },
    { name: 'roles on another type (notification-field-not-applicable says so)', code: group('      - ORG_OWNER\n', 'SMS') },
  ],
  invalid: [
    { name: 'an organization role on GROUP', code: group('      - ORG_OWNER\n'), errors: at('otherFamily', 8) },
    { name: 'a project role on ORG', code: group('      - GROUP_OWNER\n', 'ORG'), errors: at('otherFamily', 8) },
    { name: 'a misspelt project role (suggests the near role)', code: group('      - GROUP_OWNR\n'), errors: at('unknownRole', 8, 9, { message: /Did you mean GROUP_OWNER\?/ }) },
    { name: 'a global role on GROUP', code: group('      - GLOBAL_OWNER\n'), errors: at('otherFamily', 8) },
    { name: 'an Atlas-only project role (warning)', code: group('      - GROUP_OWNER\n      - GROUP_CLUSTER_MANAGER\n'), errors: at('atlasRole', 9, 9, { severity: 'warning' }) },
    // Issue 15, item 6: Atlas-only names keep their callouts.
    {
      name: 'an Atlas project role is named as Atlas',
      code: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - {typeName: GROUP, intervalMin: 5, delayMin: 0, roles: [GROUP_CHARTS_ADMIN]}\n',
      errors: [{ messageId: 'atlasRole', severity: 'warning', message: /GROUP_CHARTS_ADMIN is an Atlas project role that Ops Manager does not have/ }],
    },
    { name: 'a wrong singular role', code: singular('OWNER'), errors: at('otherFamily', 7, 11) },
    {
      name: 'a global configuration',
      kind: 'global-alert-config',
      code: group('      - ORG_OWNER\n').replace('enabled: true\n', 'enabled: true\nforAllGroups: true\n'),
      errors: at('otherFamily', 9),
    },
  ],
});
