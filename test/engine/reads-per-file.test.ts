// Each file of a findings-dense run is read once and parsed once (issue 37), the duplicates of a
// third of them included: a workspace finding is added to its file's result at the place the
// rule's digest recorded, and its related location in the first file is found the same way.
// Counted, not timed: the engine's reader (LintTargets.read) and the project's parse.
import { describe, expect, it } from 'vitest';
import duplicateAlertConfig from '../../rules/duplicate-alert-config';
import type { FileResult, LintInput, Rule, WorkspaceRule } from '../../src/core/types';
import { loadRules } from '../../rules/registry';
import { defaultSettings } from '../../src/config/load';
import { lintEach } from '../../src/engine/lint';
import { Project } from '../../src/project/project';
import type { ParseLimits } from '../../src/syntax/index';

const NOW = new Date('2026-11-28T00:00:00Z');

/** A project of the given files alone that counts each file's parses. */
class CountingProject extends Project {
  readonly parses = new Map<string, number>();
  constructor() {
    super({ settingsFor: defaultSettings, openText: () => undefined, openPaths: () => [], closed: true });
  }
  override parse(filePath: string, text: string, limits?: ParseLimits) {
    if (!this.cachedParse(filePath, text)) this.parses.set(filePath, (this.parses.get(filePath) ?? 0) + 1);
    return super.parse(filePath, text, limits);
  }
}

const notification = (i: number) => `  - typeName: EMAIL
    emailAddress: team-${i}@example.com
    delayMin: 0
    intervalMin: 60
`;
/** Five findings of five rules (the bench's planted mistakes). */
const FIVE = `  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 3
  - typeName: SLACK
    apiToken: \${SLACK_BOT_TOKEN}
    delayMin: 0
    intervalMin: 60
  - typeName: PAGER_DUTY
    serviceKey: "****************************a1f3"
    delayMin: 0
  - typeName: EMAIL
    emailAdress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;

/**
 * `n` alert configurations of one scope, each with `enabled` omitted (one finding); every third
 * repeats the condition of the file before it (a duplicate), every tenth has five findings.
 */
function corpus(n: number): LintInput[] {
  const out: LintInput[] = [];
  for (let i = 0; i < n; i++) {
    const host = i % 3 === 2 ? i - 1 : i;
    const text = `# alert ${i}, owned by team ${i % 4}
eventTypeName: HOST_DOWN
matchers:
  - fieldName: HOSTNAME
    operator: STARTS_WITH
    value: db-${host}
notifications:
${i % 10 === 0 ? FIVE : notification(i)}`;
    out.push({ filePath: `/p/${String(i).padStart(3, '0')}.alert-config.yaml`, text });
  }
  return out;
}

async function run(inputs: LintInput[], ruleSet?: Rule[], maxProblemsPerFile?: number) {
  const project = new CountingProject();
  const reads = new Map<string, number>();
  const read = (p: string, i: number) => (reads.set(p, (reads.get(p) ?? 0) + 1), inputs[i]);
  const { results } = await lintEach(project, { paths: inputs.map((i) => i.filePath), read }, { now: NOW, ruleSet, release: true, maxProblemsPerFile });
  return { results, reads, parses: project.parses };
}

const ruleIds = (results: FileResult[]) => results.flatMap((r) => r.diagnostics.map((d) => d.ruleId));

describe('a findings-dense run reads and parses each file once', () => {
  const inputs = corpus(60);

  it('every file one finding, a third of them duplicates, a tenth with five: one read and one parse per file', async () => {
    // The registry's rules, as the CLI runs them.
    const { results, reads, parses } = await run(inputs);
    const ids = ruleIds(results);
    expect(ids.filter((id) => id === 'duplicate-alert-config')).toHaveLength(20);
    expect(ids.filter((id) => id === 'enabled-omitted')).toHaveLength(60);
    expect(results.every((r) => r.diagnostics.length > 0)).toBe(true);
    expect(results.filter((r) => new Set(r.diagnostics.map((d) => d.ruleId)).size >= 5)).toHaveLength(6);
    for (const { filePath } of inputs) {
      expect([filePath, reads.get(filePath)]).toEqual([filePath, 1]);
      expect([filePath, parses.get(filePath)]).toEqual([filePath, 1]);
    }
  });

  it('the results are those of linting the reported files again (the rule without recorded places)', async () => {
    const { places, ...unplaced } = duplicateAlertConfig as WorkspaceRule;
    expect(places).toBeDefined();
    const rules = await loadRules(['alert-config']);
    expect(rules).toContain(duplicateAlertConfig);
    const merged = await run(inputs, rules);
    const again = await run(inputs, rules.map((r) => (r === duplicateAlertConfig ? (unplaced as WorkspaceRule) : r)));
    expect(JSON.stringify(merged.results)).toBe(JSON.stringify(again.results));
    // Linted again: each duplicate, and the first file its related location names.
    expect([...again.parses.values()].reduce((a, b) => a + b, 0)).toBe(60 + 20 + 20);
    expect([...again.reads.values()].reduce((a, b) => a + b, 0)).toBe(60 + 20 + 20);
    // Past the problem limit the file is linted again (the limit's note counts the finding).
    const limited = await run(inputs, rules, 1);
    expect(JSON.stringify(limited.results)).toBe(JSON.stringify((await run(inputs, rules.map((r) => (r === duplicateAlertConfig ? (unplaced as WorkspaceRule) : r)), 1)).results));
    expect(ruleIds(limited.results)).toContain('limit-exceeded');
    expect(limited.parses.get('/p/002.alert-config.yaml')).toBe(2);
    const dup = merged.results[2].diagnostics.find((d) => d.ruleId === 'duplicate-alert-config')!;
    expect(dup.related?.[0]).toMatchObject({ filePath: '/p/001.alert-config.yaml', range: { start: { line: 2, column: 16 } } });
  });
});
