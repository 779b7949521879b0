import { describe, expect, it } from 'vitest';
import { parseText } from '../../src/syntax/index';
import { scanJson } from '../../src/syntax/json';
import { DEFAULT_LIMITS } from '../../src/syntax/types';
import { NOT_OMLINT_BROKEN } from '../kinds/resemblance-fixtures';

const pos = (file: ReturnType<typeof parseText>, offset: number) => file.lines.position(offset);

function keyAt(text: string, pointer: string, fileName: string, doc = 0) {
  const f = parseText(text, fileName);
  const loc = f.documents[doc].locate(pointer)!;
  return { key: loc.key && f.lines.range(loc.key), value: f.lines.range(loc.value) };
}

describe('parse: JSON', () => {
  it('reads the value and locates keys and values exactly', () => {
    const text = '{\n  "a": {\n    "b": [1, {"c": true}]\n  }\n}\n';
    const f = parseText(text, 'x.json');
    expect(f.syntax).toBe('json');
    expect(f.documents[0].value).toEqual({ a: { b: [1, { c: true }] } });
    const loc = keyAt(text, '/a/b/1/c', 'x.json');
    expect(loc.key).toEqual({ start: { line: 3, column: 15 }, end: { line: 3, column: 18 } });
    expect(loc.value).toEqual({ start: { line: 3, column: 20 }, end: { line: 3, column: 24 } });
    expect(keyAt(text, '/a/b/0', 'x.json').value.start).toEqual({ line: 3, column: 11 });
  });

  it('reports a syntax error at the spot, in plain words', () => {
    const f = parseText('{\n  "a": 1,\n  "b" 2\n}\n', 'x.json');
    expect(f.problems).toHaveLength(1);
    expect(f.problems[0].ruleId).toBe('syntax-error');
    expect(f.problems[0].message).toMatch(/expected ":"/);
    expect(pos(f, f.problems[0].span.start)).toEqual({ line: 3, column: 7 });
    expect(f.documents[0].unusable).toBe(true);
  });

  it('finds duplicate keys, with the pointer of the object', () => {
    const f = parseText('{"a": {"x": 1, "y": 2, "x": 3}, "b": [{"k": 1, "k": 2}]}', 'x.json');
    expect(f.problems.map((p) => [p.ruleId, p.pointer])).toEqual([
      ['duplicate-key', '/a/x'],
      ['duplicate-key', '/b/0/k'],
    ]);
    expect(pos(f, f.problems[0].span.start)).toEqual({ line: 1, column: 24 });
    expect(scanJson('{"a\\u0062": 1, "ab": 2}', 10).duplicates).toHaveLength(1);
  });

  it('handles CRLF line ends and a byte-order mark', () => {
    const text = '\uFEFF{\r\n  "a": 1,\r\n  "b": "x"\r\n}\r\n';
    const f = parseText(text, 'x.json');
    expect(f.bom).toBe(true);
    const loc = f.documents[0].locate('/b')!;
    expect(f.lines.range(loc.key!)).toEqual({ start: { line: 3, column: 3 }, end: { line: 3, column: 6 } });
    expect(f.lines.position(loc.value.start)).toEqual({ line: 3, column: 8 });
  });

  it('stops at the depth limit instead of overflowing the stack', () => {
    const deep = '['.repeat(200000) + ']'.repeat(200000);
    const f = parseText(deep, 'deep.json');
    expect(f.problems[0].ruleId).toBe('limit-exceeded');
    expect(f.problems[0].message).toMatch(/--max-depth/);
  });

  it('enforces the size limit before parsing', () => {
    const f = parseText('{"a": "' + 'x'.repeat(2000) + '"}', 'big.json', { ...DEFAULT_LIMITS, maxBytes: 1000, maxDepth: 64, maxAliases: 10 });
    expect(f.problems[0].ruleId).toBe('limit-exceeded');
    expect(f.problems[0].message).toMatch(/--max-file-size/);
  });
});

describe('parse: YAML', () => {
  it('locates keys and values, in sequences too', () => {
    const text = 'eventTypeName: HOST_DOWN\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@b.c\n';
    const loc = keyAt(text, '/notifications/0/emailAddress', 'x.yaml');
    expect(loc.key).toEqual({ start: { line: 4, column: 5 }, end: { line: 4, column: 17 } });
    expect(loc.value).toEqual({ start: { line: 4, column: 19 }, end: { line: 4, column: 24 } });
    expect(keyAt(text, '/notifications/0/typeName', 'x.yaml').key!.start).toEqual({ line: 3, column: 5 });
  });

  it('splits multi-document streams and keeps positions per document', () => {
    const text = 'a: 1\n---\nb: 2\nc: 3\n';
    const f = parseText(text, 'x.yaml');
    expect(f.documents.map((d) => d.value)).toEqual([{ a: 1 }, { b: 2, c: 3 }]);
    expect(f.lines.position(f.documents[1].locate('/c')!.key!.start)).toEqual({ line: 4, column: 1 });
  });

  it('reports an empty document in a stream', () => {
    const f = parseText('a: 1\n---\n', 'x.yaml');
    expect(f.documents.map((d) => d.empty)).toEqual([false, true]);
  });

  it('reports duplicate keys and syntax errors with positions, CRLF included', () => {
    const f = parseText('a: 1\r\nb: 2\r\na: 3\r\n', 'x.yaml');
    expect(f.problems[0].ruleId).toBe('duplicate-key');
    expect(pos(f, f.problems[0].span.start)).toEqual({ line: 3, column: 1 });
    // The unclosed "[" is the cause: told at the bracket (issue 31), not where yaml stopped (line 2).
    const g = parseText('a: [1, 2\nb: c\n', 'x.yaml');
    expect(g.problems[0].ruleId).toBe('syntax-error');
    expect(pos(g, g.problems[0].span.start)).toEqual({ line: 1, column: 4 });
  });

  it('refuses alias bombs', () => {
    const bomb = 'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n';
    const f = parseText(bomb, 'bomb.yaml');
    expect(f.problems.map((p) => p.ruleId)).toEqual(['limit-exceeded']);
    expect(f.problems[0].message).toMatch(/alias/);
  });

  it('never constructs objects from tags', () => {
    const f = parseText('a: !!binary aGVsbG8=\nb: !Ref x\nc: !!set {x}\n', 'x.yaml');
    const v = f.documents[0].value as Record<string, unknown>;
    expect(typeof v.a).toBe('string');
    expect(v.b).toBe('x');
    expect(v.c instanceof Set).toBe(false);
  });

  it('reports deep YAML nesting as limit-exceeded', () => {
    let y = '';
    for (let i = 0; i < 3000; i++) y += ' '.repeat(i) + 'a:\n';
    const f = parseText(y, 'deep.yaml');
    expect(f.problems.some((p) => p.ruleId === 'limit-exceeded')).toBe(true);
  });

  it('reads a BOM-prefixed YAML file with columns that ignore the BOM', () => {
    const f = parseText('\uFEFFkey: value\n', 'x.yaml');
    expect(f.lines.range(f.documents[0].locate('/key')!.key!)).toEqual({ start: { line: 1, column: 1 }, end: { line: 1, column: 4 } });
  });

  it('says a binary file is binary', () => {
    const f = parseText('\u0000\u0001\u0002', 'x.yaml');
    expect(f.problems[0]).toMatchObject({ ruleId: 'syntax-error' });
    expect(f.problems[0].message).toMatch(/binary/);
  });
});

describe('parse: values JSON cannot hold', () => {
  it('keeps YAML .nan and .inf as strings (the schema then reports them)', () => {
    const f = parseText('a: .nan\nb: -.inf\nc: 1.5e3\n', 'x.yaml');
    expect(f.documents[0].value).toEqual({ a: '.nan', b: '-.inf', c: 1500 });
  });
});

// Issue 17: "syntax errors point at the cause".
describe('syntax errors point at the cause', () => {
  const problems = (text: string, name: string) => parseText(text, name).problems.map((p) => ({ ruleId: p.ruleId, at: text.slice(p.span.start, p.span.end), start: p.span.start, message: p.message }));

  it.each([
    ['double', 'a: 1\nb: "abc\nc: 2\nd: 3\n', 8],
    ['single', "a: 1\nb: 'it''s\nc: 2\n", 8],
    ['double with an escaped quote', 'b: "say \\"hi\\" \nc: 2\n', 3],
    ['in a flow sequence', 'x: [1, "ab\n', 7],
  ])('an unclosed %s quote: at the opening quote', (_, text, open) => {
    const [first] = problems(text, 'x.yaml');
    expect(first).toMatchObject({ ruleId: 'syntax-error', start: open, message: expect.stringMatching(/never closed/) });
    expect(first.at).toMatch(/^["']$/);
  });

  it.each([
    ['{"a": 1,}', 7, '}'],
    ['{"a": [1, 2 ,\n ], "b": 2}', 12, ']'],
    ['[1,\n]', 2, ']'],
  ])('a JSON trailing comma, named as such, at the comma: %j', (text, at, bracket) => {
    expect(problems(text, 'x.json')).toEqual([{ ruleId: 'syntax-error', at: ',', start: at, message: `JSON syntax error: a trailing comma before "${bracket}"; JSON allows none. Remove the comma.` }]);
  });

  it('lines ending in CR alone: the YAML error says so; with a LF anywhere, or none, it does not', () => {
    const cr = 'eventTypeName: HOST_DOWN\renabled: true\rnotifications:\r  - typeName: EMAIL\r';
    const found = problems(cr, 'x.yaml');
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) expect(p.message).toMatch(/^YAML syntax error: .* The lines of this file end in CR alone \(old Mac OS line endings\).*save it with LF \(or CRLF\) line endings\.$/);
    for (const text of [cr.replace('\r', '\n'), 'a: [1, 2\nb: 3\n', 'a: [1, 2\r\nb: 3\r\n']) {
      const other = problems(text, 'x.yaml');
      expect(other.length).toBeGreaterThan(0);
      for (const p of other) expect(p.message).not.toMatch(/CR alone/);
    }
  });

  it('a duplicate key names the key, at the repeated key (YAML and JSON)', () => {
    expect(problems('name: a\nother: 1\nname: b\n', 'x.yaml')).toEqual([{ ruleId: 'duplicate-key', at: 'name', start: 17, message: expect.stringMatching(/^Key "name" appears twice/) }]);
    expect(problems('{"name": "a", "name": "b"}', 'x.json')).toEqual([{ ruleId: 'duplicate-key', at: '"name"', start: 14, message: expect.stringMatching(/^Key "name" appears twice/) }]);
  });
});

// Issue 31: one syntax problem gives one diagnostic, at its cause (ESLint: one fatal parse error a file).
describe('one syntax problem, one diagnostic at its cause', () => {
  const problems = (text: string, name: string) => parseText(text, name).problems.map((p) => ({ ruleId: p.ruleId, at: text.slice(p.span.start, p.span.end), start: p.span.start, message: p.message }));
  const HELM = NOT_OMLINT_BROKEN['chart/templates/configmap.yaml'];

  it('a Helm template: one diagnostic at the first "{{", which names it a template (yaml reports dozens)', () => {
    expect(problems(HELM, 'configmap.yaml')).toEqual([{ ruleId: 'syntax-error', at: '{{', start: 0, message: expect.stringMatching(/"\{\{" opens a template expression .*not YAML/) }]);
  });

  it('a template expression further down: at its "{{"', () => {
    const text = 'a: 1\nb: {{- .Values.x }}\n';
    expect(problems(text, 'x.yaml')).toEqual([{ ruleId: 'syntax-error', at: '{{', start: 8, message: expect.stringMatching(/template expression/) }]);
  });

  it.each([
    ['a block mapping goes on', 'eventTypeName: HOST_DOWN\nmatchers: [1, 2\nenabled: true\nthreshold: 3\n', 35, '['],
    ['the text ends', 'a: [1, 2', 3, '['],
    ['a flow mapping', 'a: {x: 1\nb: 2\n', 3, '{'],
    ['the inner one of two', 'x: [a, {b: 1]\n', 7, '{'],
    ['at the top level', '[1, 2\n', 0, '['],
  ])('YAML: an unclosed bracket (%s) at the bracket, once', (_, text, at, bracket) => {
    expect(problems(text, 'x.yaml')).toEqual([{ ruleId: 'syntax-error', at: bracket, start: at, message: expect.stringMatching(new RegExp(`the "\\${bracket}" opened here`)) }]);
  });

  it('YAML: one diagnostic per document of a stream, each at its own bracket', () => {
    const text = 'a: 1\n---\nb: [\n---\nc: {\n';
    expect(problems(text, 'x.yaml').map((p) => [p.at, p.start])).toEqual([['[', 12], ['{', 21]]);
  });

  it.each([
    ['closed by the "}" of the object', '{\n  "a": [1, 2,\n  "b": 3\n}\n', 9, '[', /the "\}" on line 4 closes what encloses it/],
    ['at the end of the file', '{\n  "a": [1, 2\n', 9, '[', /no "\]" before the end of the file/],
    ['an inner object, by the layout', '{\n  "a": {"x": 1\n}\n', 9, '{', /the "\}" on line 3/],
    ['minified', '{"a":[1,{"b":2}', 5, '[', /no "\]" before the end/],
  ])('JSON: an unclosed bracket %s, at the bracket', (_, text, at, bracket, words) => {
    expect(problems(text, 'x.json')).toEqual([{ ruleId: 'syntax-error', at: bracket, start: at, message: expect.stringMatching(words) }]);
  });

  it('JSON: balanced brackets keep the parser\'s own error (a missing comma), and an unclosed quote is not taken for a bracket', () => {
    expect(problems('{"a": [1, 2 3]}', 'x.json')).toEqual([{ ruleId: 'syntax-error', at: '3', start: 12, message: 'JSON syntax error: expected "," between items.' }]);
    expect(problems('{"a": "x, "b": 1}\n', 'x.json')[0].message).not.toMatch(/opened here/);
    expect(problems('{\n  // a comment [\n  "a": 1\n}\n', 'x.json')[0].message).toMatch(/comments are not allowed/);
  });
});
