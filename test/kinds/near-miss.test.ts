// Issue 15 item 5: a document whose identifying key is misspelt is no silent skip. It gets
// unknown-kind naming the kind it nearly is (and a rename fix where one key is near); files with no
// resemblance to any kind are still skipped, and counted.
import { describe, expect, it } from 'vitest';
import { detectItems, findBrokenModelines, sniffObject } from '../../src/kinds/detect';
import { lint } from '../../src/engine/lint';
import { MISSPELT, NOT_OMLINT } from './resemblance-fixtures';

const NOW = new Date('2026-11-21T00:00:00Z');

describe('near-miss kind detection', () => {
  it('names the nearest kind and the key meant, with a rename fix when one key is near', () => {
    const [alert] = detectItems({ eventTypename: 'HOST_DOWN', enabled: true });
    expect(alert.kind).toBeUndefined();
    expect(alert.problem).toMatchObject({ candidates: ['alert-config'], pointer: '/eventTypename', fix: { ops: [{ op: 'rename', pointer: '/eventTypename', key: 'eventTypeName' }] } });
    expect(alert.problem!.message).toContain('did you mean `eventTypeName`?');
    expect(detectItems({ eventtypename: 'X', forAllGroups: true })[0].problem!.candidates).toEqual(['global-alert-config']);
    expect(detectItems({ alertTypeName: ['HOST'], startDate: 'a', endDate: 'b' })[0].problem).toMatchObject({ candidates: ['maintenance-window'], fix: { ops: [{ key: 'alertTypeNames' }] } });
    expect(detectItems({ startdate: 'a', endDate: 'b', description: 'x' })[0].problem!.candidates).toEqual(['maintenance-window-update']);
    expect(detectItems({ typ: 'SLACK', apiToken: 'x' })[0].problem).toMatchObject({ candidates: ['integration'], fix: { ops: [{ key: 'type' }] } });
    expect(detectItems({ Type: 'PAGER_DUTY' })[0].problem!.candidates).toEqual(['integration']);
    expect(detectItems({ proceses: [], options: {} })[0].problem!.candidates).toEqual(['automation-config']);
    expect(detectItems({ acknowledgedUntill: '2030-01-01' })[0].problem!.candidates).toEqual(['alert-acknowledgement']);
    // Two near keys: named both, no automatic fix.
    const two = detectItems({ alertTypeName: ['HOST'], startdate: 'a', endDate: 'b' })[0].problem!;
    expect(two.message).toMatch(/alertTypeNames[\s\S]*startDate/);
    expect(two.fix).toBeUndefined();
  });

  it('an array of misspelt documents is reported item by item, not as one unknown array', () => {
    const items = detectItems([{ eventTypename: 'A' }, { eventTypename: 'B' }]);
    expect(items.map((i) => [i.base, i.problem?.candidates])).toEqual([['/0', ['alert-config']], ['/1', ['alert-config']]]);
  });

  it('takes docs responses without eventTypeName but with notifications[].typeName or matchers[].fieldName for alert configurations', () => {
    expect(sniffObject({ notifications: [{ typeName: 'EMAIL', emailAddress: 'a@example.com' }], enabled: true })).toEqual(['alert-config']);
    expect(sniffObject({ matchers: [{ fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'x' }] })).toEqual(['alert-config']);
    expect(sniffObject({ matchers: [{ fieldName: 'HOSTNAME' }], forAllGroups: true })).toEqual(['global-alert-config']);
    // Alerts (instances) stay no configuration.
    expect(sniffObject({ notifications: [{ typeName: 'EMAIL' }], status: 'OPEN', alertConfigId: 'x' })).toEqual([]);
  });

  it('leaves files with no resemblance alone', () => {
    expect(detectItems({ name: 'app', version: '1.0.0', types: './index.d.ts' })[0].problem!.candidates).toEqual([]);
    expect(detectItems({ apiVersion: 'v1', kind: 'Service', spec: { type: 'ClusterIP' } })[0].problem!.candidates).toEqual([]);
    expect(detectItems({ services: { a: { image: 'x' } }, volumes: {} })[0].problem!.candidates).toEqual([]);
    expect(detectItems({ path: '/x', type: 'file' })[0].problem!.candidates).toEqual([]);
    // Common words near identifying keys, without the document around them.
    expect(detectItems({ start_date: '2026-01-01', end_date: '2026-02-01', title: 'sprint' })[0].problem!.candidates).toEqual([]);
    expect(detectItems({ process: { name: 'web' }, options: {} })[0].problem!.candidates).toEqual([]);
    expect(detectItems({ Type: { a: 1 }, apiKey: 'x' })[0].problem!.candidates).toEqual([]);
  });

  it('finds modelines that are malformed, and leaves prose about omlint alone', () => {
    const kinds = (t: string) => findBrokenModelines(t).map((b) => b.kind ?? '?');
    expect(kinds('# omlint kind=alert-config\n')).toEqual(['alert-config']);
    expect(kinds('# omlint: kind: integration\n')).toEqual(['integration']);
    expect(kinds('# omlint:kind alert-config\n')).toEqual(['alert-config']);
    expect(kinds('# omlint: knd=alert-konfig\n')).toEqual(['alert-config']);
    expect(kinds('# omlint: alert-config\n')).toEqual(['alert-config']);
    expect(kinds('# omlint: kind=alert-config\n# omlint-disable-next-line enabled-omitted\n# omlint checks this file\n# omlint: checked in CI\n')).toEqual([]);
  });
});

describe('silent skips in a directory walk (lint with skipUnknown)', () => {
  const lintAll = (files: Record<string, string>) =>
    lint(Object.entries(files).map(([filePath, text]) => ({ filePath, text })), { now: NOW, skipUnknown: () => true });

  it('reports every misspelt form with unknown-kind', async () => {
    const results = await lintAll(MISSPELT);
    expect(results.map((r) => r.filePath).sort()).toEqual(Object.keys(MISSPELT).sort());
    for (const r of results) expect(r.diagnostics.some((d) => d.ruleId === 'unknown-kind' && d.severity === 'error'), r.filePath).toBe(true);
  });

  it('skips common non-omlint YAML and JSON', async () => {
    expect((await lintAll(NOT_OMLINT)).map((r) => r.filePath)).toEqual([]);
  });

  it('a comment-only file whose modeline names a kind is an empty document; without a kind it is skipped', async () => {
    const results = await lintAll({ 'c.yaml': '# omlint: kind=alert-config\n# to be written\n', 'd.integration.yaml': '# later\n', 'e.yaml': '# notes\n' });
    expect(results.map((r) => [r.filePath, r.diagnostics.map((d) => d.ruleId)])).toEqual([
      ['c.yaml', ['empty-document']],
      ['d.integration.yaml', ['empty-document']],
    ]);
    expect(results[0].diagnostics[0].message).toMatch(/only comments.*alert-config \(by its modeline\)/);
  });

  it('a modeline naming an unknown kind says which kind is near', async () => {
    const [r] = await lintAll({ 'x.yaml': '# omlint: kind=alert-konfig\neventTypeName: HOST_DOWN\n' });
    expect(r.diagnostics[0]).toMatchObject({ ruleId: 'unknown-kind' });
    expect(r.diagnostics[0].message).toContain('Did you mean "alert-config"?');
  });
});

describe('real documents of ../shared/corpus, with their identifying key misspelt', async () => {
  const { existsSync, readdirSync, readFileSync } = await import('node:fs');
  const path = await import('node:path');
  const CORPUS = path.join(__dirname, '..', '..', '..', 'shared', 'corpus');
  const MISSPELL: Record<string, [RegExp, string]> = {
    'alert-config': [/"eventTypeName"/g, '"eventTypename"'],
    'global-alert-config': [/"eventTypeName"/g, '"eventTypename"'],
    'maintenance-window': [/"alertTypeNames"/g, '"alertTypeName"'],
    integration: [/"type"/g, '"typ"'],
  };
  const files = existsSync(CORPUS)
    ? Object.keys(MISSPELL).flatMap((dir) => readdirSync(path.join(CORPUS, dir)).map((f) => ({ dir, filePath: path.join(CORPUS, dir, f) })))
    : [];

  it.skipIf(files.length === 0)('are never skipped in a walk; the corpus\'s other documents still are', async () => {
    const inputs = files.map(({ dir, filePath }) => {
      const [re, to] = MISSPELL[dir];
      const text = readFileSync(filePath, 'utf8');
      expect(re.test(text), filePath).toBe(true);
      return { filePath, text: text.replace(re, to) };
    });
    const results = await lint(inputs, { now: NOW, skipUnknown: () => true });
    expect(results.map((r) => r.filePath).sort()).toEqual(inputs.map((i) => i.filePath).sort());
    for (const r of results) expect(r.diagnostics.some((d) => d.ruleId === 'unknown-kind'), r.filePath).toBe(true);
    // The "other" directory (alerts, API keys, agent configs…: no omlint kinds) is skipped as before.
    const other = readdirSync(path.join(CORPUS, 'other')).map((f) => path.join(CORPUS, 'other', f));
    const kept = await lint(other.map((filePath) => ({ filePath, text: readFileSync(filePath, 'utf8') })), { now: NOW, skipUnknown: () => true });
    expect(kept.flatMap((r) => r.diagnostics.filter((d) => d.ruleId === 'unknown-kind').map((d) => `${r.filePath}: ${d.message}`))).toEqual([]);
  });
});
