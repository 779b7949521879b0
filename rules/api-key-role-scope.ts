import { defineRule } from '../src/core/rule';
import { apiKeyScopeFromFileName } from '../src/kinds/detect';
import { apiKeyScopeOfRole, type ApiKeyScope } from '../src/model/roles';

/** The PATCH endpoint of each scope's `{desc, roles}` body, and the word that declares it in a file name. */
const ENDPOINT: Record<ApiKeyScope, { path: string; prefix: string; word: string; label: string }> = {
  global: { path: 'PATCH /admin/apiKeys/{API-KEY-ID}', prefix: 'GLOBAL_', word: 'global', label: 'a global' },
  organization: { path: 'PATCH /orgs/{ORG-ID}/apiKeys/{API-KEY-ID}', prefix: 'ORG_', word: 'org', label: 'an organization' },
  project: { path: 'PATCH /groups/{PROJECT-ID}/apiKeys/{API-KEY-ID}', prefix: 'GROUP_', word: 'project', label: 'a project' },
};

export default defineRule({
  meta: {
    id: 'api-key-role-scope',
    kinds: ['api-key-update'],
    defaultSeverity: 'error',
    description: 'The roles of an API key update must all belong to the key\'s scope: global, organization or project.',
    messages: {
      wrongScope: '{{role}} is a role of {{roleScope}} API keys, but the file name declares {{declared}} key ({{endpoint}} accepts only {{prefix}}* roles): the server rejects the request.',
      mixed: 'These roles belong to API keys of different scopes ({{scopes}}), and each endpoint accepts the roles of its own scope only: the server rejects the request. Keep the roles of one key, and name the file <name>.<global|org|project>.api-key-update.yaml to declare which.',
      implied: 'These are {{scope}} roles, so this body is for {{endpoint}}; name the file <name>.{{word}}.api-key-update.yaml to declare it.',
    },
    docs: {
      why:
        'The same `{desc, roles}` body updates a global API key (`PATCH /admin/apiKeys/{API-KEY-ID}`, ' +
        '`GLOBAL_*` roles), an organization key (`PATCH /orgs/{ORG-ID}/apiKeys/{API-KEY-ID}`, `ORG_*` ' +
        'roles) or a key\'s roles in a project (`PATCH /groups/{PROJECT-ID}/apiKeys/{API-KEY-ID}`, ' +
        '`GROUP_*` roles); each endpoint requires every role to be valid for its own scope. Declare ' +
        'the scope in the file name, `<name>.global.api-key-update.yaml`, `<name>.org.api-key-update.yaml` ' +
        'or `<name>.project.api-key-update.yaml`: a role of another scope is an error. Without a ' +
        'declared scope any documented role is accepted; roles of two scopes are an error (no endpoint ' +
        'takes them), and organization or project roles get an info naming the endpoint they imply. ' +
        'Sources: mongodb/docs `source/reference/api/api-keys/global/update-one-global-api-key.txt`, ' +
        '`org/update-one-org-api-key.txt` ("all roles must be valid for an Organization"), ' +
        '`project/update-one-apiKey-in-one-project.txt`, and the role lists ' +
        '`source/includes/api/lists/org-roles.rst` and `project-roles.rst`.',
      bad: `desc: CI pipeline key
roles: [GLOBAL_READ_ONLY, ORG_OWNER]
`,
      good: `desc: CI pipeline key
roles: [GLOBAL_READ_ONLY]
`,
    },
  },
  check(ctx) {
    const doc = ctx.value as { roles?: unknown } | null;
    if (doc === null || typeof doc !== 'object' || !Array.isArray(doc.roles)) return;
    const roles = doc.roles;
    const declared = apiKeyScopeFromFileName(ctx.filePath);
    if (declared) {
      const e = ENDPOINT[declared];
      roles.forEach((role, i) => {
        // Unknown roles and templates are the schema's.
        const scope = apiKeyScopeOfRole(role);
        if (!scope || scope === declared) return;
        ctx.report({
          pointer: `/roles/${i}`,
          messageId: 'wrongScope',
          data: { role, roleScope: scope, declared: e.label, endpoint: e.path, prefix: e.prefix },
        });
      });
      return;
    }
    const scopes = [...new Set(roles.map(apiKeyScopeOfRole).filter((s): s is ApiKeyScope => s !== undefined))];
    if (scopes.length > 1) {
      ctx.report({ pointer: '/roles', messageId: 'mixed', data: { scopes: scopes.join(', ') } });
    } else if (scopes.length === 1 && scopes[0] !== 'global') {
      // A global key is what the kind has always meant; other scopes are said once.
      const e = ENDPOINT[scopes[0]];
      ctx.report({ pointer: '/roles', severity: 'info', messageId: 'implied', data: { scope: scopes[0], endpoint: e.path, word: e.word } });
    }
  },
});
