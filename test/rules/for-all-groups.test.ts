import rule from '../../rules/for-all-groups';
import { ruleTester } from '../rule-tester';

const doc = (targeting: string) => `enabled: true
eventTypeName: BACKUP_AGENT_DOWN
${targeting}notifications:
  - typeName: ADMIN
    intervalMin: 60
`;

ruleTester(rule, {
  valid: [
    { name: 'all projects', code: doc('forAllGroups: true\n') },
    { name: 'all projects with empty lists', code: doc('forAllGroups: true\ngroupIds: []\ntags: []\n') },
    { name: 'all projects narrowed by tags', code: doc('forAllGroups: true\ntags: [production]\n') },
    { name: 'listed projects', code: doc('forAllGroups: false\ngroupIds: [5e1d4c0f8f0f0a6b3c2d1e0f]\n') },
    { name: 'listed projects and empty tags', code: doc('forAllGroups: false\ngroupIds: [5e1d4c0f8f0f0a6b3c2d1e0f]\ntags: []\n') },
    { name: 'no forAllGroups (the schema says so)', code: doc('groupIds: []\n') },
  ],
  invalid: [
    { name: 'false without groupIds', code: doc('forAllGroups: false\n'), errors: [{ messageId: 'noGroupIds', line: 3, column: 15, severity: 'error' }] },
    { name: 'false with empty groupIds', code: doc('forAllGroups: false\ngroupIds: []\n'), errors: [{ messageId: 'noGroupIds', line: 4, column: 11, severity: 'error' }] },
    { name: 'false with tags', code: doc('forAllGroups: false\ngroupIds: [5e1d4c0f8f0f0a6b3c2d1e0f]\ntags: [production]\n'), errors: [{ messageId: 'tagsWithoutForAll', line: 5, column: 1, severity: 'error', suggestions: [{ title: 'Remove tags', output: doc('forAllGroups: false\ngroupIds: [5e1d4c0f8f0f0a6b3c2d1e0f]\n') }] }] },
    { name: 'true with groupIds (ignored)', code: doc('forAllGroups: true\ngroupIds: [5e1d4c0f8f0f0a6b3c2d1e0f]\n'), errors: [{ messageId: 'groupIdsIgnored', line: 4, column: 1, severity: 'warning', suggestions: [{ title: 'Remove groupIds', output: doc('forAllGroups: true\n') }] }] },
  ],
});
