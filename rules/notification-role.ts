import { defineRule } from '../src/core/rule';
import { didYouMean, eachNotificationInScope, nearNames } from '../src/model/alerts';
import { ATLAS_ORG_ROLES, ATLAS_PROJECT_ROLES } from '../src/model/notifications';
import { GLOBAL_ROLES, ORG_ROLES, PROJECT_ROLES } from '../src/model/roles';

interface RoleFamily {
  label: string;
  prefix: string;
  roles: readonly string[];
  atlasOnly: readonly string[];
}
const PROJECT: RoleFamily = { label: 'project', prefix: 'GROUP_', roles: PROJECT_ROLES, atlasOnly: ATLAS_PROJECT_ROLES };
const ORG: RoleFamily = { label: 'organization', prefix: 'ORG_', roles: ORG_ROLES, atlasOnly: ATLAS_ORG_ROLES };

function familyOf(role: string): string {
  if (role.startsWith('GROUP_')) return 'a project role';
  if (role.startsWith('ORG_')) return 'an organization role';
  if ((GLOBAL_ROLES as readonly string[]).includes(role) || role.startsWith('GLOBAL_')) return 'a global role';
  return 'not a role name';
}

export default defineRule({
  meta: {
    id: 'notification-role',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: 'GROUP notifications take project roles (GROUP_…), ORG notifications organization roles (ORG_…).',
    hasSuggestions: true,
    messages: {
      unknownRole: '{{role}} is not an Ops Manager {{label}} role; use one of {{detail}}.{{didYouMean}}',
      otherFamily: '{{role}} is {{familyOf}}, but {{type}} notifications take {{label}} roles ({{prefix}}…); use one of {{detail}}.{{didYouMean}}',
      atlasRole: '{{role}} is an Atlas {{label}} role that Ops Manager does not have, so no user holds it here; use one of {{detail}}.',
    },
    docs: {
      why:
        '`roles` limits a GROUP or ORG notification to users holding those roles. A GROUP ' +
        'notification is sent to the project, so only project roles (GROUP_OWNER, ' +
        'GROUP_READ_ONLY…) mean anything there; an ORG notification takes organization roles ' +
        '(ORG_OWNER, ORG_MEMBER…). A role of the wrong family or a misspelt role reaches nobody. ' +
        'Atlas-only roles such as GROUP_CLUSTER_MANAGER are reported as warnings.',
      bad: `eventTypeName: NO_PRIMARY
enabled: true
notifications:
  - typeName: GROUP
    roles:
      - ORG_OWNER
    emailEnabled: true
    smsEnabled: false
    delayMin: 0
    intervalMin: 60
`,
      good: `eventTypeName: NO_PRIMARY
enabled: true
notifications:
  - typeName: GROUP
    roles:
      - GROUP_OWNER
    emailEnabled: true
    smsEnabled: false
    delayMin: 0
    intervalMin: 60
`,
    },
  },
  check(ctx) {
    eachNotificationInScope(ctx.value, ctx.kind, (n, _info, base) => {
      const type = n.typeName;
      const family = type === 'GROUP' ? PROJECT : type === 'ORG' ? ORG : undefined;
      if (!family) return; // roles on other types: notification-field-not-applicable
      // The pointer made only for a report: most roles are known ones.
      const check = (role: unknown, at: () => string) => {
        if (typeof role !== 'string' || family.roles.includes(role)) return;
        const pointer = at();
        if (family.atlasOnly.includes(role)) {
          ctx.report({
            pointer,
            severity: 'warning',
            messageId: 'atlasRole',
            data: { role, label: family.label, detail: family.roles.join(', ') },
          });
          return;
        }
        const sameFamily = role.toUpperCase().startsWith(family.prefix);
        const near = sameFamily || !role.includes('_') ? nearNames(role, family.roles) : [];
        ctx.report({
          pointer,
          messageId: sameFamily ? 'unknownRole' : 'otherFamily',
          data: sameFamily ? { role, label: family.label, detail: family.roles.join(', '), didYouMean: didYouMean(near) } : { role, familyOf: familyOf(role), type, label: family.label, prefix: family.prefix, detail: family.roles.join(', '), didYouMean: didYouMean(near) },
          suggestions: near.map((r) => ({ title: `Replace with ${r}`, ops: [{ op: 'replace' as const, pointer, value: r }] })),
        });
      };
      const roles: unknown = n.roles;
      if (Array.isArray(roles)) for (let i = 0; i < roles.length; i++) check(roles[i], () => `${base}/roles/${i}`);
      check(n.role, () => `${base}/role`);
    }, ctx.facts);
  },
});
