// The language service called directly: quick fixes, suggestions, disable-for-line, fix all.
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { loadAllRules } from '../../rules/registry';
import { lintAndFix } from '../../src/engine/lint';
import { defineRule } from '../../src/core/rule';
import { OmlintLanguageService } from '../../src/server/service';
import { ALERT, applyAction, NOW, openDoc, tempDir } from './fixtures';

const RULES = await loadAllRules();

/** A rule with both a safe fix and a suggestion, independent of the real rules' evolution. */
const upRule = defineRule({
  meta: {
    id: 'test-host-up',
    kinds: ['alert-config'],
    defaultSeverity: 'warning',
    description: 'Test rule.',
    fixable: true,
    hasSuggestions: true,
    docs: { why: 'Test.', bad: ALERT, good: ALERT },
  },
  check(ctx) {
    if (ctx.value?.eventTypeName !== 'HOST_DOWN') return;
    ctx.report({
      pointer: '/eventTypeName',
      message: 'Use HOST_UP.',
      fix: { title: 'Replace with HOST_UP', ops: [{ op: 'replace', pointer: '/eventTypeName', value: 'HOST_UP' }] },
      suggestions: [{ title: 'Replace with HOST_RESTARTED', ops: [{ op: 'replace', pointer: '/eventTypeName', value: 'HOST_RESTARTED' }] }],
    });
  },
});

/** Counts the lints of alert configs (one check per document linted). */
let checks = 0;
const countingRule = defineRule({
  meta: { id: 'test-count-lints', kinds: ['alert-config'], defaultSeverity: 'info', description: 'Test rule.', docs: { why: 'Test.', bad: ALERT, good: ALERT } },
  check() {
    checks++;
  },
});

const whole = (doc: TextDocument) => ({ start: { line: 0, character: 0 }, end: doc.positionAt(doc.getText().length) });

describe('code actions', () => {
  it('offers the fix (preferred) and the suggestions of a diagnostic as quick fixes', async () => {
    const service = new OmlintLanguageService({ now: NOW, ruleSet: [...RULES, upRule] });
    const doc = openDoc(service, tempDir(), 'cpu.yaml', ALERT);
    const actions = await service.codeActions(doc, { start: { line: 0, character: 16 }, end: { line: 0, character: 16 } }, { diagnostics: [] });
    const fix = actions.find((a) => a.title === 'Replace with HOST_UP')!;
    expect(fix.kind).toBe('quickfix');
    expect(fix.isPreferred).toBe(true);
    expect(fix.diagnostics?.[0].code).toBe('test-host-up');
    expect(applyAction(doc, fix)).toBe(ALERT.replace('HOST_DOWN', 'HOST_UP'));
    const suggestion = actions.find((a) => a.title === 'Replace with HOST_RESTARTED')!;
    expect(suggestion.isPreferred).toBeFalsy();
    expect(applyAction(doc, suggestion)).toBe(ALERT.replace('HOST_DOWN', 'HOST_RESTARTED'));
    // Nothing for a range without diagnostics.
    expect(await service.codeActions(doc, { start: { line: 4, character: 4 }, end: { line: 4, character: 4 } }, { diagnostics: [] })).toEqual([]);
  });

  it('places edits right in a document that starts with a BOM', async () => {
    const service = new OmlintLanguageService({ now: NOW, ruleSet: [...RULES, upRule] });
    const doc = openDoc(service, tempDir(), 'cpu.yaml', `\uFEFF${ALERT}`);
    const actions = await service.codeActions(doc, whole(doc), { diagnostics: [], only: ['quickfix'] });
    const fix = actions.find((a) => a.title === 'Replace with HOST_UP')!;
    expect(fix.edit?.changes?.[doc.uri][0].range).toEqual({ start: { line: 0, character: 16 }, end: { line: 0, character: 25 } });
    expect(applyAction(doc, fix)).toBe(`\uFEFF${ALERT.replace('HOST_DOWN', 'HOST_UP')}`);
  });

  it('applies the schema layer fixes (rename a misspelt key)', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const text = ALERT.replace('emailAddress', 'emailAdress');
    const doc = openDoc(service, tempDir(), 'cpu.yaml', text);
    const actions = await service.codeActions(doc, { start: { line: 4, character: 6 }, end: { line: 4, character: 6 } }, { diagnostics: [] });
    const rename = actions.find((a) => /emailAddress/.test(a.title));
    expect(rename, JSON.stringify(actions.map((a) => a.title))).toBeDefined();
    expect(applyAction(doc, rename!)).toBe(ALERT);
  });

  it('disables a rule for one line with a directive at the line\'s indentation (YAML only)', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const dir = tempDir();
    const text = ALERT.replace('    delayMin: 0', '    delayMin: 0\n    colour: red');
    const doc = openDoc(service, dir, 'cpu.yaml', text);
    const at = { start: { line: 7, character: 5 }, end: { line: 7, character: 5 } };
    const disable = (await service.codeActions(doc, at, { diagnostics: [] })).find((a) => a.title === 'Disable unknown-field for this line')!;
    expect(disable.kind).toBe('quickfix');
    const after = applyAction(doc, disable);
    expect(after).toBe(text.replace('    colour: red', '    # omlint-disable-next-line unknown-field\n    colour: red'));
    const fixed = openDoc(service, dir, 'cpu.yaml', after, 2);
    expect((await service.diagnostics(fixed)).map((d) => d.code)).not.toContain('unknown-field');

    // A directive right above gets the rule added.
    const withDirective = ALERT.replace('eventTypeName: HOST_DOWN', '# omlint-disable-next-line enabled-omitted -- on purpose\neventTypeName: HOST_DWN');
    const doc2 = openDoc(service, dir, 'two.yaml', withDirective);
    const acts = await service.codeActions(doc2, { start: { line: 1, character: 16 }, end: { line: 1, character: 16 } }, { diagnostics: [] });
    const add = acts.find((a) => a.title.startsWith('Disable ') && a.title !== 'Disable unused-disable-directive for this line');
    expect(add).toBeDefined();
    const rule = add!.title.replace(/^Disable (\S+) for this line$/, '$1');
    expect(applyAction(doc2, add!)).toBe(withDirective.replace('enabled-omitted -- on purpose', `enabled-omitted, ${rule} -- on purpose`));

    const json = openDoc(service, dir, 'cpu.json', JSON.stringify({ eventTypeName: 'HOST_DOWN', enabled: true, colour: 'red', notifications: [] }, null, 2));
    const jsonActions = await service.codeActions(json, whole(json), { diagnostics: [] });
    // JSON has no comments: no directive, but the config's override (service-disable-file.test.ts).
    expect(jsonActions.filter((a) => a.title.startsWith('Disable ')).map((a) => a.title)).toEqual(['Disable unknown-field for this file (in a new omlint.config.yaml)', 'Disable notifications-required for this file (in a new omlint.config.yaml)']);
  });

  it('fixes everything at once with source.fixAll.omlint, as --fix does', async () => {
    const service = new OmlintLanguageService({ now: NOW, ruleSet: [...RULES, upRule] });
    const dir = tempDir();
    const text = `\uFEFF${ALERT.replace('enabled: true\n', '')}`;
    const doc = openDoc(service, dir, 'cpu.yaml', text);
    const actions = await service.codeActions(doc, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, { diagnostics: [], only: ['source.fixAll'] });
    expect(actions.map((a) => a.kind)).toEqual(['source.fixAll.omlint']);
    const [expected] = await lintAndFix([{ filePath: doc.uri.replace('file://', ''), text }], { now: NOW(), ruleSet: [...RULES, upRule] });
    expect(expected.output).toBeDefined();
    expect(applyAction(doc, actions[0])).toBe(expected.output);
    expect(applyAction(doc, actions[0])).toContain('HOST_UP');
    // Only quick fixes asked for: no fix-all action.
    const quick = await service.codeActions(doc, whole(doc), { diagnostics: [], only: ['quickfix'] });
    expect(quick.some((a) => a.kind === 'source.fixAll.omlint')).toBe(false);
  });

  it('a suggestion (enabled-omitted) is a quick fix, never part of fix-all (issue 31)', async () => {
    const service = new OmlintLanguageService({ now: NOW, ruleSet: RULES });
    const text = ALERT.replace('enabled: true\n', '').replace('delayMin', 'delayMn');
    const doc = openDoc(service, tempDir(), 'cpu.yaml', text);
    const quick = await service.codeActions(doc, whole(doc), { diagnostics: [], only: ['quickfix'] });
    const add = quick.find((a) => a.title.includes('Add enabled: true'));
    expect(add).toBeDefined();
    expect(add!.isPreferred).not.toBe(true);
    expect(applyAction(doc, add!)).toBe(ALERT.replace('delayMin', 'delayMn'));
    const [all] = await service.codeActions(doc, whole(doc), { diagnostics: [], only: ['source.fixAll'] });
    // Fix-all renames delayMn (a safe fix) and leaves enabled to the author.
    expect(applyAction(doc, all)).toBe(text.replace('delayMn', 'delayMin'));
  });

  it('offers fix-all without its edit to clients that resolve code actions, and computes it on codeAction/resolve', async () => {
    const service = new OmlintLanguageService({ now: NOW, ruleSet: [...RULES, upRule] });
    const text = ALERT.replace('enabled: true\n', '');
    const dir = tempDir();
    const doc = openDoc(service, dir, 'cpu.yaml', text);
    const only = { diagnostics: [], only: ['source.fixAll'] };
    const eager = await service.codeActions(doc, whole(doc), only);
    const [lazy] = await service.codeActions(doc, whole(doc), only, true);
    expect(lazy.kind).toBe('source.fixAll.omlint');
    expect(lazy.edit).toBeUndefined();
    expect(lazy.data).toEqual({ uri: doc.uri, version: 1 });
    const resolved = await service.resolveCodeAction(lazy, doc);
    expect(resolved.edit).toEqual(eager[0].edit);
    // Fix-all starts from the version's own lint: only the fixed text is linted again.
    const counted = new OmlintLanguageService({ now: NOW, ruleSet: [...RULES, upRule, countingRule] });
    const doc2 = openDoc(counted, tempDir(), 'cpu.yaml', text);
    const [offer] = await counted.codeActions(doc2, whole(doc2), only, true);
    checks = 0;
    expect(applyAction(doc2, await counted.resolveCodeAction(offer, doc2))).toBe(applyAction(doc, resolved));
    expect(checks).toBe(1);
    // Resolved against a newer text: the offer is stale and gets no edit.
    const newer = openDoc(service, dir, 'cpu.yaml', text, 2);
    expect((await service.resolveCodeAction(lazy, newer)).edit).toBeUndefined();
    expect(await service.codeActions(doc, whole(doc), only, true, () => true)).toEqual([]);
  });
});
