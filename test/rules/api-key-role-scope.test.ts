import { describe, expect, it } from 'vitest';
import rule from '../../rules/api-key-role-scope';
import { apiKeyScopeFromFileName } from '../../src/kinds/detect';
import { ALL_API_KEY_ROLES, API_KEY_ROLES } from '../../src/model/roles';
import { ruleTester } from '../rule-tester';

const body = (roles: string) => `desc: CI pipeline key\nroles: [${roles}]\n`;
const kind = 'api-key-update' as const;

// Issue 31: the {desc, roles} PATCH body of global, organization and project keys.
ruleTester(rule, {
  valid: [
    { name: 'global roles, no declared scope (the kind\'s own)', code: body('GLOBAL_READ_ONLY, GLOBAL_OWNER'), kind },
    { name: 'global roles in a file that declares global', code: body('GLOBAL_READ_ONLY'), kind, fileName: 'ci.global.api-key-update.yaml' },
    { name: 'organization roles in a file that declares org', code: body('ORG_MEMBER, ORG_READ_ONLY'), kind, fileName: 'ci.org.api-key-update.yaml' },
    { name: 'project roles in a file that declares project', code: 'roles: [GROUP_READ_ONLY, GROUP_DATA_ACCESS_READ_WRITE]\n', kind, fileName: 'ci.project.api-key-update.json' },
    { name: '"group", the API\'s word, declares project', code: body('GROUP_OWNER'), kind, fileName: 'ci.group.api-key-update.yaml' },
    { name: 'an unknown role is the schema\'s', code: body('ORG_OWNERR'), kind, fileName: 'ci.global.api-key-update.yaml' },
    { name: 'no roles', code: 'desc: renamed\n', kind },
  ],
  invalid: [
    {
      name: 'an organization role in a global key',
      code: body('GLOBAL_READ_ONLY, ORG_OWNER'), kind, fileName: 'ci.global.api-key-update.yaml',
      errors: [{ messageId: 'wrongScope', line: 2, column: 27, severity: 'error', message: /ORG_OWNER is a role of organization API keys.*PATCH \/admin\/apiKeys/ }],
    },
    {
      name: 'a global role in an organization key',
      code: body('GLOBAL_OWNER'), kind, fileName: 'ci.org.api-key-update.yaml',
      errors: [{ messageId: 'wrongScope', line: 2, column: 9, severity: 'error', message: /PATCH \/orgs\/\{ORG-ID\}\/apiKeys/ }],
    },
    {
      name: 'an organization role in a project key',
      code: body('GROUP_OWNER, ORG_MEMBER'), kind, fileName: 'ci.project.api-key-update.yaml',
      errors: [{ messageId: 'wrongScope', line: 2, column: 22, severity: 'error' }],
    },
    { name: 'roles of two scopes, no declared scope', code: body('GLOBAL_READ_ONLY, GROUP_OWNER'), kind, errors: [{ messageId: 'mixed', line: 2, column: 8, severity: 'error' }] },
    {
      name: 'organization roles imply an organization key (info)',
      code: body('ORG_MEMBER, ORG_READ_ONLY'), kind,
      errors: [{ messageId: 'implied', line: 2, column: 8, severity: 'info', message: /organization roles, so this body is for PATCH \/orgs\/\{ORG-ID\}\/apiKeys\/\{API-KEY-ID\}; name the file <name>\.org\.api-key-update\.yaml/ }],
    },
    {
      name: 'project roles imply a project key (info)',
      code: body('GROUP_READ_ONLY'), kind,
      errors: [{ messageId: 'implied', line: 2, column: 8, severity: 'info', message: /PATCH \/groups\/\{PROJECT-ID\}\/apiKeys/ }],
    },
  ],
});

describe('API key roles', () => {
  it('the schema\'s enumeration is the roles of the three scopes', () => {
    expect([...ALL_API_KEY_ROLES].sort()).toEqual(Object.values(API_KEY_ROLES).flat().sort());
  });
  it('a file name declares the scope', () => {
    expect(apiKeyScopeFromFileName('keys/ci.org.api-key-update.yaml')).toBe('organization');
    expect(apiKeyScopeFromFileName('ci.ORGANIZATION.api-key-update.yml')).toBe('organization');
    expect(apiKeyScopeFromFileName('ci.project.api-key-update.json')).toBe('project');
    expect(apiKeyScopeFromFileName('ci.global.api-key-update.yaml')).toBe('global');
    expect(apiKeyScopeFromFileName('ci.api-key-update.yaml')).toBeUndefined();
    expect(apiKeyScopeFromFileName('org.alert-config.yaml')).toBeUndefined();
  });
});
