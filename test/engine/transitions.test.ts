// The engine's side of transition rules (issue 19): a file's documents are paired with its base's
// by kind and identity, transition rules run only on pairs, a basePointer becomes a related
// location in the base, the base's secrets are masked, and a base that does not parse is said.
import { describe, expect, it } from 'vitest';
import { lint, type TransitionPairs } from '../../src/engine/lint';
import enabledFlipped from '../fixtures/transition/enabled-flipped';
import { defineRule } from '../../src/core/rule';
import type { DocumentFacts } from '../../src/core/facts';
import { topologyOf } from '../../src/model/automation-topology';
import { transitionOf, type AutomationTransition } from '../../src/model/automation-transition';

const NOW = new Date('2026-11-21T00:00:00Z');
const ALERT = (enabled: boolean, extra = '') => `eventTypeName: HOST_DOWN\nenabled: ${enabled}\n${extra}notifications:\n  - typeName: GROUP\n    intervalMin: 5\n    delayMin: 0\n    emailEnabled: true\n    smsEnabled: false\n`;

async function run(text: string, base?: string, filePath = '/p/a.yaml') {
  const pairs: TransitionPairs[] = [];
  const [r] = await lint([{ filePath, text, base: base === undefined ? undefined : { label: 'HEAD:a.yaml', text: base } }], { now: NOW, cwd: '/p', ruleSet: [enabledFlipped], onPairs: (_, p) => pairs.push(p) });
  return { diagnostics: r.diagnostics, pairs };
}

describe('transition rules in the engine', () => {
  it('runs on a document and its base, with the base place as a related location', async () => {
    const { diagnostics } = await run(ALERT(false), `# previous\n${ALERT(true)}`);
    const d = diagnostics.filter((x) => x.ruleId === 'test-enabled-flipped');
    expect(d).toHaveLength(1);
    expect(d[0].message).toBe('enabled was true in HEAD:a.yaml, now false.');
    expect(d[0].range.start).toEqual({ line: 2, column: 10 });
    expect(d[0].related).toEqual([{ filePath: 'HEAD:a.yaml', documentIndex: 0, pointer: '/enabled', message: 'In the base (HEAD:a.yaml).', range: { start: { line: 3, column: 1 }, end: { line: 3, column: 8 } } }]);
  });
  it('does not run without a base, nor on an unchanged document', async () => {
    expect((await run(ALERT(false))).diagnostics.filter((x) => x.ruleId === 'test-enabled-flipped')).toEqual([]);
    expect((await run(ALERT(false), ALERT(false))).diagnostics.filter((x) => x.ruleId === 'test-enabled-flipped')).toEqual([]);
  });
  it('pairs alert configs by id, not by position', async () => {
    const now = `id: b\n${ALERT(true)}---\nid: a\n${ALERT(false)}`;
    const base = `id: a\n${ALERT(false)}---\nid: b\n${ALERT(false)}`;
    const { diagnostics, pairs } = await run(now, base);
    expect(diagnostics.filter((x) => x.ruleId === 'test-enabled-flipped').map((x) => [x.documentIndex, x.related?.[0].documentIndex])).toEqual([[0, 1]]);
    expect(pairs[0].pairs.map((p) => (p.value as { id: string }).id)).toEqual(['b', 'a']);
  });
  it('pairs an alert config without id (a POST body) by event type and matchers, in any order', async () => {
    const host = '  - {fieldName: HOSTNAME, operator: EQUALS, value: db1}\n';
    const port = '  - {fieldName: PORT, operator: EQUALS, value: "27017"}\n';
    const now = `${ALERT(false, `matchers:\n${host}${port}`)}---\neventTypeName: NO_PRIMARY\nenabled: true\n`;
    const base = `id: 5f0\n${ALERT(true, `matchers:\n${port}${host}`)}---\n${ALERT(true, `matchers:\n${host}`)}`;
    const { diagnostics, pairs } = await run(now, base);
    expect(diagnostics.filter((x) => x.ruleId === 'test-enabled-flipped')).toHaveLength(1);
    expect(pairs[0].added.map((a) => a.documentIndex)).toEqual([1]);
    expect(pairs[0].removed.map((r) => (r.value as { matchers: unknown[] }).matchers.length)).toEqual([1]);
  });
  it('masks a secret of the base in messages', async () => {
    const rule = { ...enabledFlipped, check: (ctx: Parameters<typeof enabledFlipped.check>[0]) => ctx.report({ pointer: '', message: `was ${JSON.stringify(ctx.base.notifications[0].serviceKey)}` }) };
    const base = `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: PAGER_DUTY\n    serviceKey: 0123456789abcdef0123456789abcdef\n    intervalMin: 5\n    delayMin: 0\n`;
    const [r] = await lint([{ filePath: '/p/a.yaml', text: ALERT(true), base: { label: 'base.yaml', text: base } }], { now: NOW, ruleSet: [rule] });
    const message = r.diagnostics.find((d) => d.ruleId === 'test-enabled-flipped')!.message;
    expect(message).not.toContain('0123456789abcdef');
  });
  it('says so when the base does not parse, instead of passing the change', async () => {
    const { diagnostics } = await run(ALERT(false), '{"eventTypeName": "HOST_DOWN",');
    expect(diagnostics.filter((x) => x.ruleId === 'base-unusable').map((x) => x.message)).toEqual([expect.stringMatching(/^The base HEAD:a\.yaml does not parse \(.+\): its documents were not compared\.$/)]);
  });
  it('a failing transition rule is an internal error, the other findings stay', async () => {
    const rule = { ...enabledFlipped, check: () => { throw new Error('boom'); } };
    const [r] = await lint([{ filePath: '/p/a.yaml', text: ALERT(false), base: { label: 'b', text: ALERT(true) } }], { now: NOW, ruleSet: [rule] });
    expect(r.diagnostics.map((d) => d.ruleId)).toContain('internal-error');
  });

  it('gives transition rules the facts their document rules read, and the base\'s, one transition per pair', async () => {
    const seen: { doc: DocumentFacts[]; now: DocumentFacts[]; base: DocumentFacts[]; transitions: AutomationTransition[] } = { doc: [], now: [], base: [], transitions: [] };
    const meta = { kinds: ['automation-config' as const], defaultSeverity: 'warning' as const, description: 'fixture', docs: { why: 'fixture', bad: '', good: '' } };
    const documentRule = defineRule({ meta: { ...meta, id: 'test-doc-facts' }, check: (ctx) => void seen.doc.push(ctx.facts) });
    const transitionRule = (id: string) => ({
      meta: { ...meta, id, scope: 'transition' as const },
      check: (ctx: Parameters<typeof enabledFlipped.check>[0]) => {
        seen.now.push(ctx.facts);
        seen.base.push(ctx.baseFacts);
        seen.transitions.push(transitionOf(ctx));
      },
    });
    const config = (version: string) => `processes:\n  - name: a\n    processType: mongod\n    version: ${version}\n    hostname: h1\n`;
    await lint([{ filePath: '/p/auto.yaml', text: config('7.0.12'), base: { label: 'b', text: config('6.0.15') } }], { now: NOW, kind: 'automation-config', ruleSet: [documentRule, transitionRule('test-t1'), transitionRule('test-t2')] });
    expect(seen.doc).toHaveLength(1);
    expect(seen.now).toEqual([seen.doc[0], seen.doc[0]]);
    expect(seen.now[0]).toBe(seen.doc[0]);
    expect(seen.base[0]).toBe(seen.base[1]);
    expect((seen.base[0].value as { processes: { version: string }[] }).processes[0].version).toBe('6.0.15');
    // Built once for both rules, from the topology the document rules share.
    expect(seen.transitions[1]).toBe(seen.transitions[0]);
    expect(seen.transitions[0].now).toBe(topologyOf(seen.doc[0]));
    expect(seen.transitions[0].kept.map((p) => [p.base.value.version, p.now.value.version])).toEqual([['6.0.15', '7.0.12']]);
  });
});
