import { defineRule } from '../src/core/rule';
import { ignoredFieldReport, isObject } from '../src/model/alerts';

export default defineRule({
  meta: {
    id: 'for-all-groups',
    kinds: ['global-alert-config'],
    defaultSeverity: 'error',
    description: 'forAllGroups false needs groupIds and no tags; with true, groupIds is ignored.',
    hasSuggestions: true,
    messages: {
      noGroupIds: 'With forAllGroups: false the configuration applies only to the projects in groupIds, and none are listed, which the API rejects; list at least one project id in groupIds, or set forAllGroups: true.',
      groupIdsIgnored: 'groupIds is ignored with forAllGroups: true (the configuration applies to every project); remove groupIds, or set forAllGroups: false to limit it to those projects.',
      tagsWithoutForAll: 'tags cannot be used with forAllGroups: false; remove tags, or set forAllGroups: true and let tags choose the projects.',
    },
    docs: {
      why:
        'A global alert configuration applies either to every project (`forAllGroups: true`, ' +
        'optionally narrowed by `tags`) or to the projects listed in `groupIds` ' +
        '(`forAllGroups: false`). With false, at least one project is required and `tags` cannot be ' +
        'used; with true, `groupIds` is ignored.',
      bad: `enabled: true
eventTypeName: BACKUP_AGENT_DOWN
forAllGroups: false
groupIds: []
notifications:
  - typeName: ADMIN
    delayMin: 0
    intervalMin: 60
`,
      good: `enabled: true
eventTypeName: BACKUP_AGENT_DOWN
forAllGroups: false
groupIds:
  - 5e1d4c0f8f0f0a6b3c2d1e0f
notifications:
  - typeName: ADMIN
    delayMin: 0
    intervalMin: 60
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc) || typeof doc.forAllGroups !== 'boolean') return;
    const groupIds = doc.groupIds;
    const hasGroups = Array.isArray(groupIds) && groupIds.length > 0;
    if (doc.forAllGroups === false) {
      if (!hasGroups && (groupIds === undefined || Array.isArray(groupIds))) {
        ctx.report({
          pointer: Array.isArray(groupIds) ? '/groupIds' : '/forAllGroups',
          messageId: 'noGroupIds',
        });
      }
      if (Array.isArray(doc.tags) && doc.tags.length > 0) {
        ctx.report(ignoredFieldReport('tags', 'tagsWithoutForAll'));
      }
    } else if (hasGroups) {
      ctx.report({ ...ignoredFieldReport('groupIds', 'groupIdsIgnored'), severity: 'warning' });
    }
  },
});
