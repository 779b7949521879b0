import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'for-all-groups';

async function hits(text: string) {
  return (await lintDoc(text, { kind: 'global-alert-config' }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const doc = (targeting: string) => `enabled: true
eventTypeName: BACKUP_AGENT_DOWN
${targeting}notifications:
  - typeName: ADMIN
    intervalMin: 60
`;

describe(RULE, () => {
  it.each([
    ['all projects', 'forAllGroups: true\n'],
    ['all projects with empty lists', 'forAllGroups: true\ngroupIds: []\ntags: []\n'],
    ['all projects narrowed by tags', 'forAllGroups: true\ntags: [production]\n'],
    ['listed projects', 'forAllGroups: false\ngroupIds: [5e1d4c0f8f0f0a6b3c2d1e0f]\n'],
    ['listed projects and empty tags', 'forAllGroups: false\ngroupIds: [5e1d4c0f8f0f0a6b3c2d1e0f]\ntags: []\n'],
    ['no forAllGroups (the schema says so)', 'groupIds: []\n'],
  ])('accepts %s', async (_name, targeting) => {
    expect(await hits(doc(targeting))).toEqual([]);
  });

  it.each([
    ['false without groupIds', 'forAllGroups: false\n', [[3, 15, 'error']]],
    ['false with empty groupIds', 'forAllGroups: false\ngroupIds: []\n', [[4, 11, 'error']]],
    ['false with tags', 'forAllGroups: false\ngroupIds: [5e1d4c0f8f0f0a6b3c2d1e0f]\ntags: [production]\n', [[5, 1, 'error']]],
    ['true with groupIds (ignored)', 'forAllGroups: true\ngroupIds: [5e1d4c0f8f0f0a6b3c2d1e0f]\n', [[4, 1, 'warning']]],
  ])('reports %s', async (_name, targeting, expected) => {
    expect(await hits(doc(targeting))).toEqual(expected);
  });
});
