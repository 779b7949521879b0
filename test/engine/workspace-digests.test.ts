// Workspace rules on digests (issue 22): the CLI lints file by file, lets each parse go, and the
// cross-document rules compare a small digest per document; a file they report on is linted again.
// The findings on a corpus of two project scopes are those of the build before digests.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import duplicateAlertConfig from '../../rules/duplicate-alert-config';
import { defineWorkspaceRule } from '../../src/core/rule';
import type { FileResult, LintInput, Rule, ScopeDocument } from '../../src/core/types';
import { defaultSettings } from '../../src/config/load';
import { lintEach, lintProject } from '../../src/engine/lint';
import { Project } from '../../src/project/project';
import type { ParseLimits } from '../../src/syntax/index';
import { cli, tree } from '../cli/run';

const PAYMENTS_CPU = `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
matchers:
  - fieldName: REPLICA_SET_NAME
    operator: EQUALS
    value: rs-payments
metricThreshold:
  metricName: NORMALIZED_SYSTEM_CPU_USER
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 90
  units: RAW
notifications:
`;
const GROUP_OWNER = `  - typeName: GROUP
    roles: [GROUP_OWNER]
    emailEnabled: true
    smsEnabled: false
    intervalMin: 60
`;

const TWO_SCOPES: Record<string, string> = {
  'a/chat.integration.yaml': `type: SLACK
apiToken: \${SLACK_BOT_TOKEN}
teamName: Example Corp
channelName: ops-alerts
---
type: SLACK
apiToken: \${SLACK_BOT_TOKEN}
teamName: Example Corp
channelName: db-alerts
`,
  'a/clean.alert-config.yaml': `eventTypeName: NO_PRIMARY
enabled: true
notifications:
${GROUP_OWNER}`,
  'a/cpu-1.alert-config.yaml': PAYMENTS_CPU + GROUP_OWNER,
  'a/cpu-2.alert-config.yaml': `# The same condition as cpu-1, matchers in another order of keys.
eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  units: RAW
  threshold: 90
  operator: GREATER_THAN
  mode: AVERAGE
  metricName: NORMALIZED_SYSTEM_CPU_USER
matchers:
  - value: rs-payments
    operator: EQUALS
    fieldName: REPLICA_SET_NAME
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    intervalMin: 15
`,
  'a/hook.alert-config.yaml': `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: WEBHOOK
    intervalMin: 5
`,
  'b/cpu-3.alert-config.yaml': PAYMENTS_CPU + `  - typeName: SMS
    mobileNumber: "+15555550100"
    intervalMin: 5
`,
  'b/cpu.alert-config.yaml': PAYMENTS_CPU + GROUP_OWNER,
  'b/hook.alert-config.yaml': `eventTypeName: HOST_RECOVERED
enabled: true
notifications:
  - typeName: WEBHOOK
    intervalMin: 5
`,
  'b/host-again.alert-config.yaml': `# omlint-disable duplicate-alert-config
eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: oncall@example.com
    intervalMin: 5
`,
  'b/host.alert-config.yaml': `# omlint-disable duplicate-alert-config
eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: PAGER_DUTY
    serviceKey: \${PAGERDUTY_SERVICE_KEY}
    intervalMin: 5
`,
  'b/omlint.config.yaml': `extends: ['omlint:alerting']
`,
  'b/webhook.integration.yaml': `type: WEBHOOK
url: https://hooks.example.com/ops
secret: \${WEBHOOK_SECRET}
`,
};

/** Findings of the build before digests (7411ba6) on TWO_SCOPES: file, rule, range, related (file, line, column). */
const BEFORE = [
  ['a/chat.integration.yaml', 'duplicate-integration', 6, 7, 6, 12, [['a/chat.integration.yaml', 1, 7]]],
  ['a/cpu-2.alert-config.yaml', 'duplicate-alert-config', 2, 16, 2, 40, [['a/cpu-1.alert-config.yaml', 1, 16]]],
  ['a/hook.alert-config.yaml', 'webhook-default-url', 4, 15, 4, 22, []],
  ['b/cpu-3.alert-config.yaml', 'alerting/disk-space-pages', 1, 1, 1, 40, []],
  ['b/cpu-3.alert-config.yaml', 'alerting/no-primary-pages', 1, 1, 1, 40, []],
  ['b/cpu-3.alert-config.yaml', 'alerting/replication-lag-pages', 1, 1, 1, 40, []],
  ['b/cpu.alert-config.yaml', 'duplicate-alert-config', 1, 16, 1, 40, [['b/cpu-3.alert-config.yaml', 1, 16]]],
  ['b/host-again.alert-config.yaml', 'unused-disable-directive', 1, 1, 1, 40, []],
  ['b/host.alert-config.yaml', 'notification-field-not-applicable', 7, 5, 7, 16, []],
  ['b/webhook.integration.yaml', 'plaintext-secret', 2, 6, 2, 35, []],
];

const NOW = new Date('2026-11-24T00:00:00Z');
const docs = { why: 'test', bad: '', good: '' };

/** A project of the given files alone that counts its parses. */
class CountingProject extends Project {
  parses = 0;
  constructor() {
    super({ settingsFor: defaultSettings, openText: () => undefined, openPaths: () => [], closed: true });
  }
  override parse(filePath: string, text: string, limits?: ParseLimits) {
    if (!this.cachedParse(filePath, text)) this.parses++;
    return super.parse(filePath, text, limits);
  }
}

const cpu = (threshold: number, more = '') => `${more}eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: NORMALIZED_SYSTEM_CPU_USER
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: ${threshold}
  units: RAW
notifications:
${GROUP_OWNER}`;
const inputs: LintInput[] = [
  { filePath: '/p/a.alert-config.yaml', text: cpu(80) },
  { filePath: '/p/b.alert-config.yaml', text: cpu(90) },
  { filePath: '/p/c.alert-config.yaml', text: cpu(70) },
  { filePath: '/p/d.alert-config.yaml', text: cpu(90, '# the same as b\n') },
];

const compact = (results: FileResult[]) =>
  results.flatMap((r) => r.diagnostics.map((d) => [r.filePath, d.ruleId, d.range.start.line, d.range.start.column, d.range.end.line, d.range.end.column, (d.related ?? []).map((x) => [x.filePath, x.range?.start.line, x.range?.start.column])]));

describe('workspace rules read digests, not documents', () => {
  it("duplicate-alert-config's check gets each document's digest and no value; the report lands at its place", async () => {
    const seen: ScopeDocument[] = [];
    const spy = { ...duplicateAlertConfig, check: (ctx: Parameters<typeof duplicateAlertConfig.check>[0]) => (seen.push(...ctx.documents), duplicateAlertConfig.check(ctx)) } as Rule;
    const run = await lintProject(Project.ofFiles(defaultSettings), inputs, { now: NOW, ruleSet: [spy], release: true });
    expect(seen).toHaveLength(4);
    for (const d of seen) {
      expect(d.value).toBeUndefined();
      expect(typeof d.digest).toBe('string');
    }
    expect(compact(run.results)).toEqual([['/p/d.alert-config.yaml', 'duplicate-alert-config', 2, 16, 2, 40, [['/p/b.alert-config.yaml', 1, 16]]]]);
  });

  it('a released run has let the parse of every earlier file go when the next one is digested; files are parsed once, and again only where a workspace rule reports on a file that was clean', async () => {
    const project = new CountingProject();
    const stillParsed: string[] = [];
    const probe = defineWorkspaceRule<string>({
      meta: { id: 'test-probe', kinds: ['alert-config'], defaultSeverity: 'info', description: 'test', docs, scope: 'workspace' },
      digest: (doc) => {
        for (const i of inputs) if (i.filePath !== doc.filePath && project.cachedParse(i.filePath, i.text)) stillParsed.push(`${i.filePath} while ${doc.filePath}`);
        return 'x';
      },
      check: () => undefined,
    });
    const run = await lintEach(project, { paths: inputs.map((i) => i.filePath), read: (_, i) => inputs[i] }, { now: NOW, ruleSet: [duplicateAlertConfig, probe], release: true });
    expect(stillParsed).toEqual([]);
    // Four parses, then d again: reported on, and clean until then (a clean file's secrets are
    // looked for narrowly). b, the place its finding names, was placed with b's digest.
    expect(project.parses).toBe(5);
    expect(compact(run.results)).toEqual([['/p/d.alert-config.yaml', 'duplicate-alert-config', 2, 16, 2, 40, [['/p/b.alert-config.yaml', 1, 16]]]]);
    // Nothing is kept once the run is done.
    for (const i of inputs) expect(project.cachedParse(i.filePath, i.text)).toBeUndefined();
  });

  it('without release (the language server), the parses stay in the project', async () => {
    const project = new CountingProject();
    await lintProject(project, inputs, { now: NOW, ruleSet: [duplicateAlertConfig] });
    expect(project.parses).toBe(4);
    for (const i of inputs) expect(project.cachedParse(i.filePath, i.text)).toBeDefined();
  });

  it('a released run keeps no text: a file with findings keeps the lines of its code frames, a file with secrets its secrets', async () => {
    const secret = { filePath: '/p/hook.integration.yaml', text: 'type: WEBHOOK\nurl: ${HOOK_URL}\nsecret: s3cr3t-Value-0f-the-hook\n' };
    const run = await lintProject(Project.ofFiles(defaultSettings), [...inputs, secret], { now: NOW, release: true });
    expect(run.sources.get('/p/a.alert-config.yaml')!.text).toBe('');
    expect(run.sources.get('/p/d.alert-config.yaml')!.text).toBe('');
    expect(((f) => f.at.map((n, k) => [n, f.shown[k]]))(run.sources.get('/p/d.alert-config.yaml')!.frames!).sort()).toEqual(inputs[3].text.split('\n').slice(0, 2).map((t, k) => [k + 1, t]));
    expect(run.sources.get('/p/hook.integration.yaml')!.secrets).toContain('s3cr3t-Value-0f-the-hook');
    expect(run.sources.get('/p/hook.integration.yaml')!.text).toBe('');
  });

  it('a digest that throws is the rule\'s internal error on the document; the other rules still run', async () => {
    const broken = defineWorkspaceRule({
      meta: { id: 'test-broken', kinds: ['alert-config'], defaultSeverity: 'info', description: 'test', docs, scope: 'workspace' },
      digest: () => {
        throw new Error('no digest');
      },
      check: () => undefined,
    });
    const run = await lintProject(Project.ofFiles(defaultSettings), inputs, { now: NOW, ruleSet: [broken, duplicateAlertConfig], release: true });
    const ids = run.results.flatMap((r) => r.diagnostics.map((d) => `${r.filePath} ${d.ruleId}`));
    expect(ids.filter((x) => x.endsWith('internal-error'))).toHaveLength(4);
    expect(ids).toContain('/p/d.alert-config.yaml duplicate-alert-config');
  });
});

describe('the findings on two project scopes are those of the build before digests', () => {
  it('omlint check --format json', async () => {
    const dir = tree(TWO_SCOPES);
    const { code, stdout } = await cli(['check', '--format', 'json', '.'], { cwd: dir });
    expect(code).toBe(1);
    expect(compact(JSON.parse(stdout))).toEqual(BEFORE);
  });

  it('the code frame of a file that had no finding until the workspace rules ran (its text read again)', async () => {
    const dir = tree(TWO_SCOPES);
    const { stdout } = await cli(['check', '--no-color', path.join(dir, 'a')], { cwd: dir });
    expect(stdout).toContain('  > 2 | eventTypeName: OUTSIDE_METRIC_THRESHOLD\n        |                ^^^^^^^^^^^^^^^^^^^^^^^^\n');
  });
});
