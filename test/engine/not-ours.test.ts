// Issue 31: where unknown files are skipped (a directory walk, --skip-unknown), a file that does not
// parse and declares no kind is judged by what can be read of it; a file named with a kind, or with
// a modeline, is always reported; a kind misspelt in a file name and a file named as another kind
// each get one diagnostic.
import { describe, expect, it } from 'vitest';
import { lint, type KindReport } from '../../src/engine/lint';
import { defaultSettings } from '../../src/config/load';
import { BROKEN_OURS, NOT_OMLINT_BROKEN } from '../kinds/resemblance-fixtures';

const NOW = new Date('2026-11-21T00:00:00Z');
const GOOD_ALERT = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
const HELM = NOT_OMLINT_BROKEN['chart/templates/configmap.yaml'];

const inputs = (files: Record<string, string>) => Object.entries(files).map(([filePath, text]) => ({ filePath, text }));
const ruleIds = (results: Awaited<ReturnType<typeof lint>>) => Object.fromEntries(results.map((r) => [r.filePath, r.diagnostics.map((d) => d.ruleId)]));

describe('skip or report a file that does not parse (lint with skipUnknown)', () => {
  it('skips a tsconfig.json with comments, VS Code settings and Helm templates, and says why', async () => {
    const skipped = new Map<string, string | false>();
    const onKinds = (filePath: string, _docs: KindReport[], why: string | false) => void skipped.set(filePath, why);
    expect(await lint(inputs(NOT_OMLINT_BROKEN), { now: NOW, skipUnknown: () => true, onKinds })).toEqual([]);
    expect(skipped.get('app/tsconfig.json')).toBe('not valid JSON, and no Ops Manager document by what can be read of it: no kind declared (file name, modeline or config), no identifying key of any kind');
    expect(skipped.get('chart/templates/configmap.yaml')).toMatch(/^not valid YAML, and no Ops Manager document/);
    // A file that parses and holds no kind: the reason it had before.
    await lint([{ filePath: 'package.json', text: '{"name": "x"}' }], { now: NOW, skipUnknown: () => true, onKinds });
    expect(skipped.get('package.json')).toBe('no document of a known kind, nor one that looks like one (not an Ops Manager document)');
  });

  it('without skipUnknown (a file named on the command line) reports the one syntax error of each', async () => {
    const results = await lint(inputs(NOT_OMLINT_BROKEN), { now: NOW });
    expect(ruleIds(results)).toEqual(Object.fromEntries(Object.keys(NOT_OMLINT_BROKEN).map((f) => [f, ['syntax-error']])));
    expect(results.find((r) => r.filePath === 'chart/templates/configmap.yaml')!.diagnostics[0]).toMatchObject({ range: { start: { line: 1, column: 1 } }, message: expect.stringMatching(/template expression/) });
  });

  it('reports a broken text whose keys are those of a kind, once', async () => {
    const results = await lint(inputs(BROKEN_OURS), { now: NOW, skipUnknown: () => true });
    expect(ruleIds(results)).toEqual(Object.fromEntries(Object.keys(BROKEN_OURS).map((f) => [f, ['syntax-error']])));
  });

  it('always reports a broken file named with a kind, with a modeline, with a config kind, or with a kind nearly', async () => {
    const results = await lint(
      inputs({
        'chart/x.alert-config.yaml': HELM,
        'chart/modeline.yaml': `# omlint: kind=integration\n${HELM}`,
        'chart/bad-modeline.yaml': `# omlint: kind=integrations\n${HELM}`,
        'chart/config.yaml': HELM,
        'chart/x.alert-confg.yaml': HELM,
        'chart/plain.yaml': HELM,
      }),
      { now: NOW, skipUnknown: () => true, settingsFor: (f) => ({ ...defaultSettings(f), ...(f === 'chart/config.yaml' ? { kind: 'alert-config' as const } : {}) }) },
    );
    expect(ruleIds(results)).toEqual({
      'chart/x.alert-config.yaml': ['syntax-error'],
      'chart/modeline.yaml': ['syntax-error'],
      'chart/bad-modeline.yaml': ['syntax-error'],
      'chart/config.yaml': ['syntax-error'],
      'chart/x.alert-confg.yaml': ['syntax-error', 'unknown-kind'],
    });
  });
});

describe('a file name that says another kind, or nearly a kind', () => {
  it('an alert configuration saved as cpu.integration.yaml: one diagnostic that says both, not the schema of an integration', async () => {
    const [r] = await lint([{ filePath: 'cpu.integration.yaml', text: GOOD_ALERT }], { now: NOW });
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ ruleId: 'unknown-kind', severity: 'error', range: { start: { line: 1, column: 1 }, end: { line: 1, column: 14 } } });
    expect(r.diagnostics[0].message).toMatch(/^The file is named as an integration, but this reads as an alert-config \(it has eventTypeName\)/);
  });

  it('cpu.alert-confg.yaml: the near kind is named, and the content is checked as the kind it reads as', async () => {
    const [r] = await lint([{ filePath: 'team/cpu.alert-confg.yaml', text: GOOD_ALERT.replace('enabled: true\n', 'enabled: maybe\n') }], { now: NOW });
    expect(r.diagnostics.map((d) => d.ruleId)).toEqual(['unknown-kind', 'invalid-type']);
    expect(r.diagnostics[0].message).toContain('did you mean "alert-config"? Rename it to cpu.alert-config.yaml');
    expect(r.kinds).toEqual(['alert-config']);
  });

  it('a modeline that declares the kind makes the file name moot', async () => {
    const [r] = await lint([{ filePath: 'cpu.alert-confg.yaml', text: `# omlint: kind=alert-config\n${GOOD_ALERT}` }], { now: NOW });
    expect(r.diagnostics).toEqual([]);
  });
});
