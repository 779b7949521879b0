import rule from '../../rules/event-type-name';
import { ruleTester } from '../rule-tester';

const project = (event: string) => `enabled: true
eventTypeName: ${event}
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;
const global = (event: string) => `enabled: true
eventTypeName: ${event}
forAllGroups: true
notifications:
  - typeName: ADMIN
    delayMin: 0
    intervalMin: 60
`;
/** The event type's value is on line 2, column 16. */
const at = (messageId: string, more: object = {}) => [{ messageId, line: 2, column: 16, severity: 'warning' as const, ...more }];

ruleTester(rule, {
  valid: [
    { name: 'a host event', code: project('HOST_DOWN') },
    { name: 'a metric event', code: project('INSIDE_METRIC_THRESHOLD') },
    { name: 'a replica set event', code: project('NO_PRIMARY') },
    { name: 'the older MULTI_FACTOR spelling', code: project('USERS_WITHOUT_MULTI_FACTOR_AUTH') },
    { name: 'a team event of project scope', code: project('TEAM_ADDED_TO_GROUP') },
    { name: 'a global-only backup event in a global configuration', code: global('RS_BIND_ERROR'), kind: 'global-alert-config' },
    { name: 'BACKUP_TOO_MANY_RETRIES globally', code: global('BACKUP_TOO_MANY_RETRIES'), kind: 'global-alert-config' },
    { name: 'an organization event in a global configuration', code: global('ORG_RENAMED'), kind: 'global-alert-config' },
    // Names of the current alert list (mongodb/docs ops-manager-list.rst).
    { name: 'the ACCESS_LIST name of the current list', code: global('ORG_PUBLIC_API_ACCESS_LIST_REQUIRED'), kind: 'global-alert-config' },
    { name: 'the DENYLIST name of the current list', code: project('RS_DENYLIST_UPDATED_AUDIT') },
    { name: 'the webhook template event', code: project('WEBHOOK_TEMPLATE_RENDER_FAILED') },
    { name: 'the security checkup event', code: project('HOST_SECURITY_CHECKUP_NOT_MET') },
    { name: 'no eventTypeName (the schema says so)', code: 'enabled: true\nnotifications: []\n' },
  ],
  invalid: [
    // Issue 31: a near miss of a documented name is surely wrong: an error, the one near name its fix.
    { name: 'a typo is an error fixed to the near name', code: project('HOST_DOWNN'), errors: at('nearMiss', { severity: 'error', message: /Did you mean HOST_DOWN\?/ }), output: project('HOST_DOWN') },
    { name: 'wrong case is an error fixed to the name', code: project('host_down'), errors: at('nearMiss', { severity: 'error' }), output: project('HOST_DOWN') },
    { name: 'a global typo is an error too', code: global('RS_BIND_EROR'), kind: 'global-alert-config', errors: at('nearMiss', { severity: 'error' }), output: global('RS_BIND_ERROR') },
    // Several near names: which one is meant is not certain, so each is a suggestion and --fix changes nothing.
    {
      name: 'several near names are suggestions',
      code: global('JOINED_GRP'),
      kind: 'global-alert-config',
      errors: at('nearMiss', { severity: 'error', message: /Did you mean one of JOINED_GROUP, JOINED_ORG\?/, suggestions: ['Replace with JOINED_GROUP', 'Replace with JOINED_ORG'] }),
      output: null,
    },
    // Far from every documented name: a newer Ops Manager may have it, so a warning without a fix.
    { name: 'an unknown name far from all stays a warning', code: project('SEARCH_INDEX_BUILD_FAILED'), errors: at('unknown', { message: /unless a newer Ops Manager has it/ }), output: null },
    // Issue 15, item 6: Atlas-only names keep their callouts.
    { name: 'an Atlas-only event', code: project('REPLICATION_OPLOG_WINDOW_RUNNING_OUT'), errors: at('atlasOnly', { message: /is an Atlas-only event type/ }) },
    {
      name: 'an Atlas-only event in a GROUP configuration',
      code: 'eventTypeName: REPLICATION_OPLOG_WINDOW_RUNNING_OUT\nenabled: true\nnotifications:\n  - {typeName: GROUP, intervalMin: 5, delayMin: 0, roles: [GROUP_OWNER]}\n',
      errors: [{ messageId: 'atlasOnly', line: 1, column: 16, message: /is an Atlas-only event type/ }],
    },
    { name: 'an Atlas-only event is called Atlas-only', code: project('CPS_SNAPSHOT_BEHIND'), errors: at('atlasOnly', { message: /Atlas-only/ }) },
    { name: 'an alert category', code: project('REPLICA_SET'), errors: at('unknown') },
    { name: 'a global-only event in a project', code: project('BACKUP_IN_UNEXPECTED_STATE'), errors: at('wrongScope') },
    { name: 'a global-only event in a project names its scope', code: project('RS_BIND_ERROR'), errors: at('wrongScope', { message: /global/ }) },
    { name: 'an organization event in a project', code: project('ORG_RENAMED'), errors: at('wrongScope') },
    { name: 'an organization-only event globally', code: global('ORG_API_KEY_ADDED'), kind: 'global-alert-config', errors: at('wrongScope') },
  ],
});
