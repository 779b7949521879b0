// The language service keeps what each unchanged document of a multi-document YAML was found to
// have (engine/document-cache.ts): a keystroke in one document checks that document again, and the
// cross-document rules run over every document's digest. The diagnostics after each edit equal a
// fresh service's on the same text; the work is counted (documents checked), never timed.
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it } from 'vitest';
import { OmlintLanguageService } from '../../src/server/service';
import { defineRule } from '../../src/core/rule';
import { loadAllRules } from '../../rules/registry';
import type { Rule } from '../../src/core/types';
import { workCounts } from '../../src/syntax/work-counts';
import { NOW, openDoc, tempDir } from './fixtures';

const RULES = await loadAllRules();

/** A document rule whose report names a place in the file's first document (the run gives it its range). */
const pointsAtFirst = defineRule({
  meta: { id: 'test-points-at-first', kinds: ['alert-config'], defaultSeverity: 'warning', description: 'Test rule.', docs: { why: 'Test.', bad: '', good: '' } },
  check(ctx) {
    if (ctx.value?.metricThreshold?.threshold !== 1006) return;
    ctx.report({ pointer: '/eventTypeName', message: 'Compare with the first document.', related: [{ filePath: ctx.filePath, documentIndex: 0, pointer: '/eventTypeName', message: 'The first document.' }] });
  },
});

/** The i-th alert configuration: distinct matchers (no duplicates), unless `same` names another's. */
function alert(i: number, extra = ''): string {
  return `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: CONNECTIONS
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: ${1000 + i}
  units: RAW
matchers:
  - fieldName: REPLICA_SET_NAME
    operator: EQUALS
    value: rs${i}
notifications:
  - typeName: EMAIL
    emailAddress: oncall${i}@example.com
    intervalMin: 60
    delayMin: 0
${extra}`;
}

/** Twenty alert configurations, one with a schema finding and one with a template value: over the size a stream is split at. */
function stream(): string {
  const docs = Array.from({ length: 20 }, (_, i) => alert(i));
  docs[3] = docs[3].replace('intervalMin: 60', 'intervalMin: "sixty"');
  docs[9] = docs[9].replace('operator: GREATER_THAN', 'operator: "{{ .Values.operator }}"');
  return docs.map((d) => `---\n${d}`).join('');
}

/** What a client sees of diagnostics (the fields compared). */
const shown = (ds: Awaited<ReturnType<OmlintLanguageService['diagnostics']>>) => JSON.parse(JSON.stringify(ds));

async function fresh(dir: string, name: string, text: string, now = NOW, ruleSet?: Rule[]): Promise<unknown> {
  const service = new OmlintLanguageService({ now, ruleSet });
  return shown(await service.diagnostics(openDoc(service, dir, name, text)));
}

describe('the per-document result cache of the language service', () => {
  it('after each edit (a duplicate added, a document inserted before the others, lines added, the duplicate removed) the diagnostics are a fresh lint\'s', async () => {
    const dir = tempDir();
    const service = new OmlintLanguageService({ now: NOW });
    let text = stream();
    expect(text.length).toBeGreaterThan(4096);
    let doc = openDoc(service, dir, 'alerts.yaml', text);
    expect(shown(await service.diagnostics(doc))).toEqual(await fresh(dir, 'alerts.yaml', text));
    const steps: [string, (t: string) => string, (ds: { code?: unknown }[]) => void][] = [
      ['a threshold changed', (t) => t.replace('threshold: 1005', 'threshold: 1055'), () => undefined],
      // Document 12 becomes document 2's duplicate: the later one is reported, with the first as related place.
      ['a duplicate added', (t) => t.replace('threshold: 1012', 'threshold: 1002').replace('value: rs12', 'value: rs2'), (ds) => expect(ds.filter((d) => d.code === 'duplicate-alert-config')).toHaveLength(1)],
      ['a document inserted first', (t) => `---\n${alert(99)}${t}`, (ds) => expect(ds.filter((d) => d.code === 'duplicate-alert-config')).toHaveLength(1)],
      ['lines added inside a document before the duplicate', (t) => t.replace('value: rs1\n', 'value: rs1\n  - fieldName: HOSTNAME\n    operator: STARTS_WITH\n    value: db\n'), () => undefined],
      ['a second duplicate, of the inserted document', (t) => `${t}---\n${alert(99)}`, (ds) => expect(ds.filter((d) => d.code === 'duplicate-alert-config')).toHaveLength(2)],
      ['the first duplicate removed', (t) => t.replace('threshold: 1002\n  units: RAW\nmatchers:\n  - fieldName: REPLICA_SET_NAME\n    operator: EQUALS\n    value: rs2\nnotifications:\n  - typeName: EMAIL\n    emailAddress: oncall12', 'threshold: 1012\n  units: RAW\nmatchers:\n  - fieldName: REPLICA_SET_NAME\n    operator: EQUALS\n    value: rs12\nnotifications:\n  - typeName: EMAIL\n    emailAddress: oncall12'), (ds) => expect(ds.filter((d) => d.code === 'duplicate-alert-config')).toHaveLength(1)],
      ['a schema finding fixed', (t) => t.replace('intervalMin: "sixty"', 'intervalMin: 60'), (ds) => expect(ds.some((d) => d.code === 'invalid-type')).toBe(false)],
    ];
    let version = 1;
    for (const [what, change, check] of steps) {
      const next = change(text);
      expect(next, what).not.toBe(text);
      text = next;
      doc = TextDocument.create(doc.uri, 'yaml', ++version, text);
      service.setDocument(doc);
      const got = shown(await service.diagnostics(doc));
      expect(got, what).toEqual(await fresh(dir, 'alerts.yaml', text));
      check(got);
    }
  });

  it('a keystroke in one document checks that document only: the others\' checks and digests are kept', async () => {
    const dir = tempDir();
    const service = new OmlintLanguageService({ now: NOW });
    const text = stream();
    let doc = openDoc(service, dir, 'alerts.yaml', text);
    await service.diagnostics(doc);
    const stats = service.documentCache.stats;
    expect(stats.checked).toBe(20);
    // The workspace rules of alert configurations (duplicate-alert-config among them): one digest each per document.
    const perDocument = stats.digested / 20;
    expect(Number.isInteger(perDocument) && perDocument >= 1).toBe(true);
    let version = 1;
    for (const [from, to] of [['threshold: 1007', 'threshold: 1077'], ['oncall15@', 'oncall-15@'], ['value: rs3\n', 'value: rs33\n']]) {
      const before = { ...stats };
      const reads = workCounts.blockReads;
      doc = TextDocument.create(doc.uri, 'yaml', ++version, doc.getText().replace(from, to));
      service.setDocument(doc);
      await service.diagnostics(doc);
      expect(stats.checked - before.checked, `${from} → ${to}`).toBe(1);
      // The stream is split and its edited document parsed alone: never read whole by the block reader first.
      expect(workCounts.blockReads - reads).toBe(0);
      expect(stats.reused - before.reused).toBe(19);
      // The digests of the edited document only.
      expect(stats.digested - before.digested).toBe(perDocument);
      expect(stats.digestsReused - before.digestsReused).toBe(19 * perDocument);
    }
  });

  it('a document whose rules read the clock is checked again when the clock moved, not served from before', async () => {
    const dir = tempDir();
    let clock = new Date('2030-01-01T00:00:00Z');
    const now = () => clock;
    const service = new OmlintLanguageService({ now });
    const window = `# omlint: kind=maintenance-window\nalertTypeNames:\n  - AGENT\nstartDate: "2030-06-01T22:00:00Z"\nendDate: "2030-06-01T23:30:00Z"\ndescription: Backup daemon migration\n`;
    let text = `${stream()}---\n${window}`;
    let doc = openDoc(service, dir, 'mixed.yaml', text);
    const before = shown(await service.diagnostics(doc));
    expect(before.some((d: { code?: unknown }) => d.code === 'window-in-past')).toBe(false);
    expect(before).toEqual(await fresh(dir, 'mixed.yaml', text, now));
    // The clock passes the window's end; an edit elsewhere lints the file again.
    clock = new Date('2031-01-01T00:00:00Z');
    text = text.replace('threshold: 1004', 'threshold: 1044');
    doc = TextDocument.create(doc.uri, 'yaml', 2, text);
    service.setDocument(doc);
    const after = shown(await service.diagnostics(doc));
    expect(after.some((d: { code?: unknown }) => d.code === 'window-in-past')).toBe(true);
    expect(after).toEqual(await fresh(dir, 'mixed.yaml', text, now));
  });

  it('a kept report\'s related place is placed again in each run (the first document moved down a line)', async () => {
    const dir = tempDir();
    const ruleSet = [...RULES, pointsAtFirst];
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    let text = stream();
    let doc = openDoc(service, dir, 'alerts.yaml', text);
    const first = shown(await service.diagnostics(doc));
    const related = (ds: { code?: unknown; relatedInformation?: { location: { range: { start: { line: number } } } }[] }[]) => ds.find((d) => d.code === 'test-points-at-first')?.relatedInformation?.[0]?.location.range.start.line;
    expect(related(first)).toBe(1);
    text = text.replace('---\neventTypeName', '---\n# a comment\neventTypeName');
    doc = TextDocument.create(doc.uri, 'yaml', 2, text);
    service.setDocument(doc);
    const after = shown(await service.diagnostics(doc));
    expect(related(after)).toBe(2);
    expect(after).toEqual(await fresh(dir, 'alerts.yaml', text, NOW, ruleSet));
  });

  it('one big YAML list, whose items the block reader keeps across an edit before them, keeps no outcome: the items\' places are found again (the text moved)', async () => {
    const dir = tempDir();
    const service = new OmlintLanguageService({ now: NOW });
    const item = (i: number) => `${alert(i).trimEnd().replace(/^/gm, '  ').replace(/^  /, '- ')}\n`;
    const items = Array.from({ length: 220 }, (_, i) => item(i));
    // The last item repeats the one before it: a duplicate placed near the end of the text.
    items.push(item(219));
    let text = items.join('');
    expect(text.length).toBeGreaterThan(64 * 1024);
    let doc = openDoc(service, dir, 'alerts.yaml', text);
    expect(shown(await service.diagnostics(doc))).toEqual(await fresh(dir, 'alerts.yaml', text));
    for (const [version, from, to] of [[2, 'oncall3@example.com', 'oncall-three-longer@example.com'], [3, 'oncall5@example.com', 'o5@example.com']] as const) {
      text = text.replace(from, to);
      doc = TextDocument.create(doc.uri, 'yaml', version, text);
      service.setDocument(doc);
      const got = shown(await service.diagnostics(doc));
      expect(got.filter((d: { code?: unknown }) => d.code === 'duplicate-alert-config')).toHaveLength(1);
      expect(got, to).toEqual(await fresh(dir, 'alerts.yaml', text));
    }
    // Only a stream's documents keep their values with their texts: nothing else is kept (nor counted).
    expect(service.documentCache.stats).toEqual({ checked: 0, reused: 0, digested: 0, digestsReused: 0 });
  });

  it('a JSON document keeps no outcome (its value is new in each version)', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    let doc = openDoc(service, tempDir(), 'alert.json', JSON.stringify({ eventTypeName: 'HOST_DOWN', enabled: true, notifications: [] }));
    await service.diagnostics(doc);
    doc = TextDocument.create(doc.uri, 'json', 2, doc.getText().replace('true', 'false'));
    service.setDocument(doc);
    await service.diagnostics(doc);
    expect(service.documentCache.stats).toEqual({ checked: 0, reused: 0, digested: 0, digestsReused: 0 });
  });
  it('a stream under the size the parse splits at keeps no outcome (its values are new in each version)', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const small = [alert(0), alert(1)].map((d) => `---\n${d}`).join('');
    expect(small.length).toBeLessThan(4096);
    let doc = openDoc(service, tempDir(), 'small.alert-config.yaml', small);
    await service.diagnostics(doc);
    doc = TextDocument.create(doc.uri, 'yaml', 2, small.replace('threshold: 1001', 'threshold: 1002'));
    service.setDocument(doc);
    await service.diagnostics(doc);
    expect(service.documentCache.stats).toEqual({ checked: 0, reused: 0, digested: 0, digestsReused: 0 });
  });
});
