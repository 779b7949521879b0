// The places a run's digests recorded, read at the end of a run with workspace findings
// (merge-reports.ts): found by file, document and pointer, a Place made only for a place asked
// for (a map of every place of every document, made at once, was garbage the size of the run:
// bench/README.md, dup17); and a workspace finding merged into a finished file's sorted findings
// in sortDiagnostics's order without a sort per file.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mergeReports, placesOf } from '../../src/engine/merge-reports';
import { sortDiagnostics } from '../../src/engine/finish';
import { defaultSettings } from '../../src/config/load';
import type { PackedPlaces } from '../../src/engine/file-report';
import type { Diagnostic, FileResult } from '../../src/core/types';

afterEach(() => vi.restoreAllMocks());

/** Packed places (placeOf's eight slots each) whose slots count the reads of them. */
function counted(reads: { n: number }, ...places: [string, number, number, number, number, number, number, number][]): PackedPlaces {
  return new Proxy(places.flat(), {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads.n++;
      return Reflect.get(target, key, receiver);
    },
  });
}

describe('placesOf', () => {
  it('reads no place until one is asked for, then only the records of that file', () => {
    const reads = { n: 0 };
    const records = Array.from({ length: 1000 }, (_, i) => ({ sd: { filePath: `f${i}.yaml`, documentIndex: 0 }, places: counted(reads, ['/eventTypeName', 0, 20, 1, 1, 1, 21, 0]) }));
    const places = placesOf(records);
    expect(reads.n).toBe(0);
    expect(places.get('f500.yaml', 0, '/eventTypeName')).toEqual({ pointer: '/eventTypeName', span: { start: 0, end: 20 }, range: { start: { line: 1, column: 1 }, end: { line: 1, column: 21 } }, template: false });
    // The record's own eight slots, no other record's.
    expect(reads.n).toBeLessThanOrEqual(8);
  });

  it('finds by file, document and pointer; where records hold the same place, the last one; a template place says so', () => {
    const none = { n: 0 };
    const places = placesOf([
      { sd: { filePath: 'a.yaml', documentIndex: 0 }, places: counted(none, ['/x', 1, 2, 1, 2, 1, 3, 0], ['/y', 5, 6, 2, 1, 2, 2, 0]) },
      { sd: { filePath: 'a.yaml', documentIndex: 1 }, places: counted(none, ['/x', 10, 11, 4, 1, 4, 2, 1]) },
      { sd: { filePath: 'b.yaml', documentIndex: 0 } },
      { sd: { filePath: 'b.yaml', documentIndex: 0 }, places: counted(none, ['/x', 3, 4, 1, 4, 1, 5, 0]) },
      // Another rule's record of the same document and place: the last one holds.
      { sd: { filePath: 'a.yaml', documentIndex: 0 }, places: counted(none, ['/x', 1, 2, 9, 9, 9, 9, 0]) },
    ]);
    expect(places.get('a.yaml', 0, '/x')?.range.start).toEqual({ line: 9, column: 9 });
    expect(places.get('a.yaml', 0, '/y')?.span).toEqual({ start: 5, end: 6 });
    expect(places.get('a.yaml', 1, '/x')?.template).toBe(true);
    expect(places.get('b.yaml', 0, '/x')?.range.start).toEqual({ line: 1, column: 4 });
    expect(places.get('a.yaml', 2, '/x')).toBeUndefined();
    expect(places.get('a.yaml', 0, '/z')).toBeUndefined();
    expect(places.get('c.yaml', 0, '/x')).toBeUndefined();
    expect(placesOf([]).get('a.yaml', 0, '/x')).toBeUndefined();
  });
});

const finding = (ruleId: string, line: number, column: number): Diagnostic => ({
  ruleId,
  severity: 'warning',
  message: `${ruleId} here.`,
  pointer: '/a',
  range: { start: { line, column }, end: { line, column: column + 1 } },
  kind: 'alert-config',
  documentIndex: 0,
  fixable: false,
});

describe('mergeReports', () => {
  it('adds a workspace finding in the order sortDiagnostics gives (line, column, rule id), counted, without sorting', () => {
    const diagnostics = [finding('enabled-omitted', 2, 1), finding('unknown-field', 2, 1), finding('invalid-value', 5, 3)];
    const result: FileResult = { filePath: 'a.alert-config.yaml', kinds: ['alert-config'], documents: 1, errorCount: 0, warningCount: 3, infoCount: 0, diagnostics: diagnostics.slice() };
    const places = placesOf([{ sd: { filePath: 'a.alert-config.yaml', documentIndex: 0 }, places: ['/eventTypeName', 0, 9, 2, 1, 2, 10, 0] }]);
    const related = [{ filePath: 'b.alert-config.yaml', documentIndex: 0, pointer: '/eventTypeName', message: 'The first configuration with this condition.' }];
    const report = { documentIndex: 0, ruleId: 'duplicate-alert-config', report: { pointer: '/eventTypeName', message: 'A duplicate of b.alert-config.yaml.', messageId: 'duplicate', related } };
    const sort = vi.spyOn(Array.prototype, 'sort');
    expect(mergeReports({ result, source: { text: '', bom: false, secrets: [] } }, [report], places, defaultSettings('a.alert-config.yaml'), {})).toBe(true);
    expect(sort).not.toHaveBeenCalled();
    sort.mockRestore();
    const added = result.diagnostics.find((d) => d.ruleId === 'duplicate-alert-config')!;
    expect(added.range).toEqual({ start: { line: 2, column: 1 }, end: { line: 2, column: 10 } });
    expect(result.diagnostics).toEqual(sortDiagnostics([...diagnostics, added]));
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['duplicate-alert-config', 'enabled-omitted', 'unknown-field', 'invalid-value']);
    expect(result.warningCount).toBe(4);
  });

  it('in sortDiagnostics order whatever the places: before, between, after, and on a tie of line and column', () => {
    const lines: [number, number][] = [[1, 1], [2, 1], [2, 5], [3, 1], [9, 9]];
    for (const [line, column] of [[1, 1], [2, 1], [2, 3], [3, 1], [4, 1], [10, 1]] as [number, number][]) {
      const diagnostics = lines.map(([l, c], k) => finding(k % 2 ? 'a-rule' : 'z-rule', l, c));
      const result: FileResult = { filePath: 'a.yaml', kinds: ['alert-config'], documents: 1, errorCount: 0, warningCount: diagnostics.length, infoCount: 0, diagnostics: sortDiagnostics(diagnostics.slice()) };
      const places = placesOf([{ sd: { filePath: 'a.yaml', documentIndex: 0 }, places: ['/p', 0, 1, line, column, line, column + 1, 0] }]);
      const report = { documentIndex: 0, ruleId: 'm-rule', report: { pointer: '/p', message: 'm', related: [{ filePath: 'b.yaml', documentIndex: 0, pointer: '/p', message: 'first' }] } };
      const before = result.diagnostics.slice();
      expect(mergeReports({ result, source: { text: '', bom: false, secrets: [] } }, [report], places, defaultSettings('a.yaml'), {})).toBe(true);
      const added = result.diagnostics.find((d) => d.ruleId === 'm-rule')!;
      expect(result.diagnostics).toEqual(sortDiagnostics([...before, added]));
    }
  });
});

describe('linear in a file of many documents (a list of thousands of items)', () => {
  it('placesOf finds each document\'s place without walking the records of the file\'s other documents', () => {
    const n = 2000;
    const reads = { sd: 0 };
    const records = Array.from({ length: n }, (_, i) => {
      const sd = { filePath: 'list.alert-config.yaml', documentIndex: i };
      return {
        get sd() {
          reads.sd++;
          return sd;
        },
        places: [`/${i}`, i, i + 1, i + 1, 1, i + 1, 2, 0] as PackedPlaces,
      };
    });
    const places = placesOf(records);
    reads.sd = 0;
    for (let i = 0; i < n; i++) expect(places.get('list.alert-config.yaml', i, `/${i}`)?.span).toEqual({ start: i, end: i + 1 });
    // A chain through the file's records per document read ~n²/2 of them (2,000,000 here).
    expect(reads.sd).toBeLessThanOrEqual(2 * n);
  });

  it('mergeReports reads each finding of the file a bounded number of times, not once per report', () => {
    const n = 2000;
    const diagnostics = sortDiagnostics(Array.from({ length: n }, (_, i) => ({ ...finding('enabled-omitted', i + 1, 1), documentIndex: i })));
    let reads = 0;
    const counted = new Proxy(diagnostics, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const result: FileResult = { filePath: 'list.alert-config.yaml', kinds: diagnostics.map(() => 'alert-config'), documents: n, errorCount: 0, warningCount: n, infoCount: 0, diagnostics: counted };
    const places = placesOf(Array.from({ length: n }, (_, i) => ({ sd: { filePath: 'list.alert-config.yaml', documentIndex: i }, places: ['/eventTypeName', i, i + 1, i + 1, 3, i + 1, 9, 0] as PackedPlaces })));
    const related = [{ filePath: 'b.alert-config.yaml', documentIndex: 0, pointer: '/eventTypeName', message: 'The first configuration with this condition.' }];
    const reports = Array.from({ length: n / 2 }, (_, i) => ({ documentIndex: 2 * i, ruleId: 'duplicate-alert-config', report: { pointer: '/eventTypeName', message: 'A duplicate.', related } }));
    expect(mergeReports({ result, source: { text: '', bom: false, secrets: [] } }, reports, places, defaultSettings('list.alert-config.yaml'), { maxProblemsPerFile: 10 * n })).toBe(true);
    expect(result.diagnostics).toHaveLength(n + n / 2);
    expect(result.warningCount).toBe(n + n / 2);
    // Once per report through the findings read 2,000,000 of them.
    expect(reads).toBeLessThanOrEqual(10 * n);
  });
});
