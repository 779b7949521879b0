// Issue 15, item 6: Atlas-only names keep their callouts, and no Atlas-only name enters an Ops
// Manager list (the event types, roles and enums the schemas accept).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATLAS_ONLY_EVENT_TYPES, EVENT_TYPE_NAMES } from '../../src/model/events';
import { ATLAS_ORG_ROLES, ATLAS_PROJECT_ROLES } from '../../src/model/notifications';
import { GLOBAL_ROLES, ORG_ROLES, PROJECT_ROLES } from '../../src/model/roles';

const ATLAS_ONLY = [...ATLAS_ONLY_EVENT_TYPES, ...ATLAS_PROJECT_ROLES, ...ATLAS_ORG_ROLES];
const SCHEMAS = path.join(__dirname, '..', '..', 'schemas');

describe('Atlas vocabulary', () => {
  it('stays out of the Ops Manager event types and roles', () => {
    expect(EVENT_TYPE_NAMES.filter((e) => ATLAS_ONLY_EVENT_TYPES.has(e))).toEqual([]);
    const omRoles: readonly string[] = [...GLOBAL_ROLES, ...ORG_ROLES, ...PROJECT_ROLES];
    expect(omRoles.filter((r) => ATLAS_ONLY.includes(r))).toEqual([]);
  });

  it('stays out of every enum of the published schemas', () => {
    const found: string[] = [];
    const walk = (node: unknown, file: string): void => {
      if (Array.isArray(node)) node.forEach((n) => walk(n, file));
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if ((k === 'enum' || k === 'const') && (Array.isArray(v) ? v : [v]).some((x) => ATLAS_ONLY.includes(x as string))) found.push(`${file}: ${JSON.stringify(v)}`);
          walk(v, file);
        }
      }
    };
    for (const f of readdirSync(SCHEMAS).filter((f) => f.endsWith('.json'))) walk(JSON.parse(readFileSync(path.join(SCHEMAS, f), 'utf8')), f);
    expect(found).toEqual([]);
  });
  // The callouts themselves (an Atlas-only event type, an Atlas role named as Atlas) are rows of
  // the RuleTester tables in event-type-name.test.ts and notification-role.test.ts.
});
