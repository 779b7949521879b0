// Lists of one map where they are made (issue 37: the cost of a finding). V8 compiles a hot
// function for the maps of the arrays it has met; an array of another map met later (a literal
// `[]` has a map of small integers, a `.map()` in optimized code makes a holey array) throws the
// compiled code away, and the function with everything inlined in it is compiled again. These
// tests read the maps themselves (V8's %HaveSameMap, %HasHoleyElements): counts, never times.
import v8 from 'node:v8';
import { describe, expect, it, vi, afterEach } from 'vitest';
import { collectSecretValues, noSecrets } from '../../src/engine/mask';
import { lean, maskAll } from '../../src/engine/finish';
import { parseText } from '../../src/syntax/index';
import { aggregateRepeats } from '../../src/engine/aggregate';
import { mergeReports, placesOf } from '../../src/engine/merge-reports';
import { tokenRuns } from '../../src/engine/secret-text';
import { SECRET_SHAPES } from '../../src/model/secrets';
import { defaultSettings } from '../../src/config/load';
import type { Diagnostic, FileResult } from '../../src/core/types';

v8.setFlagsFromString('--allow-natives-syntax');
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: unknown, b: unknown) => boolean;
const holey = new Function('a', 'return %HasHoleyElements(a)') as (a: unknown) => boolean;
/** Calls `run` once more with `fn` compiled by TurboFan (after two calls to gather feedback). */
const optimized = new Function('fn', 'run', '%PrepareFunctionForOptimization(fn); run(); run(); %OptimizeFunctionOnNextCall(fn); return run();') as <T>(fn: unknown, run: () => T) => T;

/** A list of strings as a file's list of secrets holds them (a packed array of elements). */
const listed = (): string[] => ['abcdef-secret'].slice();

afterEach(() => vi.restoreAllMocks());

const finding = (pointer: string, extra: Partial<Diagnostic> = {}): Diagnostic => ({
  ruleId: 'some-rule',
  severity: 'warning',
  message: 'Something here.',
  pointer,
  range: { start: { line: 2, column: 1 }, end: { line: 2, column: 5 } },
  kind: 'automation-config',
  documentIndex: 0,
  fixable: false,
  ...extra,
});

describe('lists of one map', () => {
  it('the secret shapes, and their needs, are objects of one map (maskShapes reads them past checks most texts fail)', () => {
    for (const s of SECRET_SHAPES) {
      expect(sameMap(s, SECRET_SHAPES[0])).toBe(true);
      expect(sameMap(s.needs, SECRET_SHAPES[0].needs)).toBe(true);
    }
  });

  it('a file listing no secret and one listing some: lists of one map (noSecrets, not a literal)', () => {
    const none = collectSecretValues([{ value: { name: 'plain' } }]);
    const some = collectSecretValues([{ value: { password: 'hunter2-long-secret' } }]);
    expect(none).toEqual([]);
    expect(some).toEqual(['hunter2-long-secret']);
    expect(sameMap(none, some)).toBe(true);
    expect(sameMap(noSecrets(), listed())).toBe(true);
    // A new list each time: finish.ts pushes a base's secrets into it.
    expect(noSecrets()).not.toBe(noSecrets());
  });

  it('a released file keeps its secrets detached in a list of the same map, however lean is compiled', () => {
    const kept = optimized(lean, () => lean({ text: 'password: abcdef-secret\n', bom: false, secrets: listed() }, []));
    expect(kept.secrets).toEqual(['abcdef-secret']);
    expect(holey(kept.secrets)).toBe(false);
    expect(sameMap(kept.secrets, listed())).toBe(true);
  });

  it('a text without parse problems and one with: problem lists of one map', () => {
    const clean = parseText('a: 1\n', 'a.yaml').problems;
    const dup = parseText('a: 1\na: 2\n', 'b.yaml').problems;
    expect(clean).toEqual([]);
    expect(dup.length).toBeGreaterThan(0);
    expect(sameMap(clean, dup)).toBe(true);
  });

  it('maskAll leaves a list nothing changed in as it was, and copies one it changes in its map, however it is compiled', () => {
    const title = 'Use abcdef-secret here';
    const make = () => [finding('/a', { suggestions: [{ title: 'Add enabled: true', edits: [] }] }), finding('/b', { suggestions: [{ title, edits: [] }, { title: 'other', edits: [] }] })];
    const ds = optimized(maskAll, () => {
      const d = make();
      const unchanged = d[0].suggestions;
      maskAll(d, listed());
      return { d, before: make(), unchanged };
    });
    // Nothing to mask: the very list.
    expect(ds.d[0].suggestions).toBe(ds.unchanged);
    expect(ds.d[0].suggestions).toEqual(ds.before[0].suggestions);
    expect(ds.d[1].suggestions!.map((s) => s.title)).toEqual(['Use **** here', 'other']);
    for (const d of ds.d) expect(holey(d.suggestions)).toBe(false);
    expect(sameMap(ds.d[1].suggestions, ds.before[1].suggestions)).toBe(true);
    const one = make();
    const list = one[0].suggestions;
    maskAll(one, listed());
    expect(one[0].suggestions).toBe(list);
  });

  it('a workspace finding merged into a file: its findings in a packed list (not `new Array(n)`)', () => {
    const result: FileResult = { filePath: 'a.alert-config.yaml', kinds: ['alert-config'], documents: 1, errorCount: 0, warningCount: 1, infoCount: 0, diagnostics: [finding('/a')] };
    const places = placesOf([{ sd: { filePath: 'a.alert-config.yaml', documentIndex: 0 }, places: ['/eventTypeName', 0, 9, 1, 1, 1, 10, 0] }]);
    const related = [{ filePath: 'b.alert-config.yaml', documentIndex: 0, pointer: '/eventTypeName', message: 'The first.' }];
    const report = { documentIndex: 0, ruleId: 'duplicate-alert-config', report: { pointer: '/eventTypeName', message: 'A duplicate.', related } };
    expect(mergeReports({ result, source: { text: '', bom: false, secrets: noSecrets() } }, [report], places, defaultSettings('a.alert-config.yaml'), {})).toBe(true);
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['duplicate-alert-config', 'some-rule']);
    expect(holey(result.diagnostics)).toBe(false);
    expect(sameMap(result.diagnostics, [finding('/x')].slice())).toBe(true);
  });

  it('aggregate writes the forms of an array path as strings, no array joined per text', () => {
    const value = { processes: [{ a: 1 }, { a: 2 }, { a: 3 }] };
    const ds = [0, 1, 2].map((i) => finding(`/processes/${i}/a`, { message: `processes[${i}].a is deprecated.`, range: { start: { line: i + 2, column: 1 }, end: { line: i + 2, column: 5 } } }));
    const join = vi.spyOn(Array.prototype, 'join');
    const out = aggregateRepeats(ds, { filePath: 'a.json', documentValue: () => value });
    expect(join).not.toHaveBeenCalled();
    join.mockRestore();
    expect(out).toHaveLength(1);
    expect(out[0].occurrences).toBe(3);
    expect(out[0].related!.map((r) => r.pointer)).toEqual(['/processes/1/a', '/processes/2/a']);
  });

  it("tokenRuns' 32 hex digits, told in one test at the end of every run", () => {
    const hex = '0123456789abcdef0123456789abcdef';
    expect(tokenRuns(`key ${hex} end`).hex32).toBe(true);
    expect(tokenRuns(`${hex}`).hex32).toBe(true);
    expect(tokenRuns(`${hex}0`).hex32).toBe(false);
    expect(tokenRuns(hex.slice(1)).hex32).toBe(false);
    expect(tokenRuns(hex.slice(0, 31) + 'g').hex32).toBe(false);
    expect(tokenRuns(hex.slice(0, 31) + 'A').hex32).toBe(false);
    expect(tokenRuns(hex.slice(0, 31) + '_').hex32).toBe(false);
  });
});
