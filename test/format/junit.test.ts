import { beforeAll, describe, expect, it } from 'vitest';
import { formatJunit, xmlAttr, xmlText } from '../../src/format/junit';
import type { FileResult, LintRun } from '../../src/core/types';
import { assertCoverage, fixtureResults, fixtureRun, handResult, handRun } from './results';
import { children, parseXml, PYTHON, type XmlNode } from './xml';

if (!PYTHON) {
  console.warn('SKIPPED test/format/junit.test.ts (XML parsing): python3 with xml.etree is not installed, so the JUnit output cannot be parsed by a strict XML parser here.');
}

/** The control characters XML 1.0 forbids, as the formatter drops them. */
const stripForbidden = (s: string) => s.replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

describe.skipIf(!PYTHON)('junit format (parsed by expat)', () => {
  let results: FileResult[];
  let run: LintRun;
  let root: XmlNode;
  beforeAll(async () => {
    run = await fixtureRun();
    results = run.results;
    assertCoverage(results);
    root = parseXml(formatJunit(run));
  });

  it('has a <testsuites> with a <testsuite> per file', () => {
    expect(root.tag).toBe('testsuites');
    const suites = children(root, 'testsuite');
    expect(suites.map((s) => s.attrs.name)).toEqual(results.map((r) => r.filePath));
    expect(root.attrs.errors).toBe('0');
    expect(Number(root.attrs.tests)).toBe(suites.reduce((n, s) => n + Number(s.attrs.tests), 0));
    expect(Number(root.attrs.failures)).toBe(suites.reduce((n, s) => n + Number(s.attrs.failures), 0));
  });

  it('has a <testcase> per problem, and one passing <testcase> for a clean file', () => {
    for (const [i, suite] of children(root, 'testsuite').entries()) {
      const r = results[i];
      const cases = children(suite, 'testcase');
      expect(cases).toHaveLength(Math.max(1, r.diagnostics.length));
      expect(suite.attrs.tests).toBe(String(cases.length));
      expect(suite.attrs.errors).toBe('0');
      const names = r.diagnostics.length ? r.diagnostics.map((d) => `${d.ruleId} (${d.range.start.line}:${d.range.start.column})`) : [r.filePath];
      expect(cases.map((c) => c.attrs.name)).toEqual(names);
      for (const c of cases) {
        expect(c.attrs.classname).toBe(r.filePath.replace(/\.(json|ya?ml)$/, ''));
        expect(c.attrs.file).toBe(r.filePath);
      }
      // failures counts the failed test cases (JUnit semantics).
      const failed = cases.filter((c) => children(c, 'failure').length > 0).length;
      expect(suite.attrs.failures).toBe(String(failed));
    }
  });

  it('makes each error a <failure>, each warning and info a passing case with <system-out>', () => {
    for (const [i, suite] of children(root, 'testsuite').entries()) {
      const r = results[i];
      const cases = children(suite, 'testcase');
      r.diagnostics.forEach((d, k) => {
        const body = stripForbidden(`${d.range.start.line}:${d.range.start.column} ${d.severity} ${d.ruleId}: ${d.message}`);
        if (d.severity === 'error') {
          expect(children(cases[k], 'failure').map((f) => ({ message: f.attrs.message, type: f.attrs.type, body: f.text }))).toEqual([
            { message: stripForbidden(d.message), type: d.ruleId, body },
          ]);
          expect(children(cases[k], 'system-out')).toHaveLength(0);
        } else {
          expect(children(cases[k], 'failure')).toHaveLength(0);
          expect(children(cases[k], 'system-out').map((o) => o.text)).toEqual([body]);
        }
      });
    }
  });

  it('covers the syntax error, the multi-document stream and the clean file', () => {
    const suite = (name: string) => children(root, 'testsuite').find((s) => s.attrs.name === name)!;
    const broken = children(suite('broken.yaml'), 'testcase');
    expect(broken.flatMap((c) => children(c, 'failure')).map((f) => f.attrs.type)).toContain('syntax-error');
    const alerts = children(suite('alerts.yaml'), 'testcase');
    expect(alerts.flatMap((c) => children(c, 'failure')).map((f) => f.attrs.type)).toEqual(expect.arrayContaining(['duplicate-key', 'required-field']));
    expect(alerts.flatMap((c) => children(c, 'system-out')).map((o) => o.text).join('\n')).toMatch(/info read-only-field/);
    const clean = children(suite('clean.alert-config.yaml'), 'testcase');
    expect(clean).toHaveLength(1);
    expect(clean[0].attrs.name).toBe('clean.alert-config.yaml');
    expect(clean[0].children).toEqual([]);
  });

  it('escapes markup and drops characters XML 1.0 forbids', () => {
    const nasty = 'a <b> & "c" \'d\' ]]> e\u0001f\u0007g\u001bh\uFFFEi\uD800j \u{1F600}\ttab\nline';
    const r = handResult('dir/<odd> & "name".yaml', [
      { ruleId: 'invalid-value', severity: 'error', message: nasty },
      { ruleId: 'unknown-field', severity: 'warning', message: nasty },
    ]);
    const xml = formatJunit(handRun([r]));
    expect(xml).not.toMatch(/[\u0001\u0007\u001b\uFFFE]/);
    const parsed = parseXml(xml);
    const suite = children(parsed, 'testsuite')[0];
    expect(suite.attrs.name).toBe('dir/<odd> & "name".yaml');
    const [c, w] = children(suite, 'testcase');
    const expected = 'a <b> & "c" \'d\' ]]> efghij \u{1F600}\ttab\nline';
    expect(children(c, 'failure')[0].attrs.message).toBe(expected);
    expect(children(c, 'failure')[0].text).toBe(`1:1 error invalid-value: ${expected}`);
    expect(children(w, 'system-out')[0].text).toBe(`1:1 warning unknown-field: ${expected}`);
  });

  it('an empty run is still a well-formed report', () => {
    const parsed = parseXml(formatJunit(handRun([])));
    expect(parsed.attrs).toMatchObject({ tests: '0', failures: '0', errors: '0' });
  });
});

describe('junit escaping helpers', () => {
  it('escape text and attributes', () => {
    expect(xmlText('<a & b>')).toBe('&lt;a &amp; b&gt;');
    expect(xmlAttr('"x"\n\'y\'\t')).toBe('&quot;x&quot;&#10;&apos;y&apos;&#9;');
    expect(xmlText('a\u0000b\u000bc')).toBe('abc');
  });
});
