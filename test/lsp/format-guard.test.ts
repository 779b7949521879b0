// The formatter's guards and its diff: a selection whose printing would change the document's
// structure is refused (never applied), and the line diff rebuilds the new text from the old.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { formatEdits, FormatRefused } from '../../src/server/format';
import { lineHunks, splitLines } from '../../src/server/line-diff';

const apply = (lines: string[], hunks: ReturnType<typeof lineHunks>) => {
  const out: string[] = [];
  let at = 0;
  for (const h of hunks) {
    out.push(...lines.slice(at, h.oldStart), ...h.lines);
    at = h.oldEnd;
  }
  return [...out, ...lines.slice(at)].join('');
};

describe('line diff', () => {
  it('its hunks turn the old lines into the new ones, and leave equal lines alone', () => {
    const line = fc.constantFrom('a\n', 'b\n', 'c\n', '  d\n', 'e');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), (a, b) => {
        const before = splitLines(a.join(''));
        const after = splitLines(b.join(''));
        const hunks = lineHunks(before, after);
        expect(apply(before, hunks)).toBe(after.join(''));
        const replaced = hunks.reduce((n, h) => n + h.oldEnd - h.oldStart, 0);
        expect(replaced).toBeLessThanOrEqual(before.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('YAML formatting guards', () => {
  const text = 'a:\n  b:\n    c: 1\n';
  const doc = TextDocument.create('file:///x/a.yaml', 'yaml', 1, text);
  it('a parent line alone at a new indentation would move its children: refused', () => {
    const range = { start: { line: 1, character: 0 }, end: { line: 1, character: 4 } };
    expect(() => formatEdits(doc, false, { tabSize: 4, insertSpaces: true }, range)).toThrow(FormatRefused);
  });
  it('the innermost line alone is re-indented (still the same value)', () => {
    const range = { start: { line: 2, character: 0 }, end: { line: 2, character: 3 } };
    expect(TextDocument.applyEdits(doc, formatEdits(doc, false, { tabSize: 4, insertSpaces: true }, range))).toBe('a:\n  b:\n        c: 1\n');
  });
  it('a big integer, CRLF line ends and a BOM are kept', () => {
    const crlf = TextDocument.create('file:///x/b.yaml', 'yaml', 1, '\uFEFFn:    12345678901234567890\r\nm: [1,2]\r\n');
    expect(TextDocument.applyEdits(crlf, formatEdits(crlf, false, { tabSize: 2, insertSpaces: true }))).toBe('\uFEFFn: 12345678901234567890\r\nm: [ 1, 2 ]\r\n');
  });
});

describe('JSON formatting refusals', () => {
  it('say where the JSON breaks, never what the text holds', () => {
    const secret = 'hunter2-0a1b2c3d4e5f';
    const doc = TextDocument.create('file:///x/a.json', 'json', 1, `{\n  "password": ${secret}\n}\n`);
    let refused: unknown;
    try {
      formatEdits(doc, true, { tabSize: 2, insertSpaces: true });
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(FormatRefused);
    expect((refused as Error).message).toBe('the JSON does not parse (InvalidSymbol at line 2, column 15); fix it first');
    expect((refused as Error).message).not.toContain('hunter2');
  });
});

describe('YAML formatting of nested aliases', () => {
  it('a YAML parse error is told by its code and place, never by text of the document', () => {
    const doc = TextDocument.create('file:///t/a.alert-config.yaml', 'yaml', 1, 'typeName: EMAIL\npassword: "hunter2secret\nb: [\n');
    let refused: unknown;
    try {
      formatEdits(doc, false, { tabSize: 2, insertSpaces: true });
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(FormatRefused);
    expect((refused as Error).message).toBe('the YAML does not parse (MISSING_CHAR at line 4, column 1); fix it first');
  });

  it('refuses aliases that expand past the linter\'s limit (an alias bomb) instead of expanding them', () => {
    // Seven levels of ten aliases each: ten million values from a few hundred bytes.
    const levels = ['l0: &l0 [x,x,x,x,x,x,x,x,x,x]'];
    for (let i = 1; i <= 7; i++) levels.push(`l${i}: &l${i} [${Array(10).fill(`*l${i - 1}`).join(',')}]`);
    const doc = TextDocument.create('file:///x/bomb.yaml', 'yaml', 1, levels.join('\n') + '\n');
    expect(doc.getText().length).toBeLessThan(600);
    expect(() => formatEdits(doc, false, { tabSize: 2, insertSpaces: true })).toThrow(/aliases expand past 1000/);
  });
});

describe('YAML formatting guard reads as the linter', () => {
  it('a number printed as .inf (a string to the linter) is refused', () => {
    // yaml's printer writes the overflowing 1e400 as .inf, which the linter reads as the string ".inf".
    const doc = TextDocument.create('file:///x/t.yaml', 'yaml', 1, 'threshold:    1e400\n');
    expect(() => formatEdits(doc, false, { tabSize: 2, insertSpaces: true })).toThrow(/would not hold the same values/);
  });
});

describe('YAML formatting keeps each suppression directive on what it covers', () => {
  const format = (text: string) => {
    const doc = TextDocument.create('file:///x/d.yaml', 'yaml', 1, text);
    return TextDocument.applyEdits(doc, formatEdits(doc, false, { tabSize: 2, insertSpaces: true }));
  };
  it('refuses to move an omlint-disable-line comment off the line it suppresses', () => {
    // The printer puts the comment after `bogusField:` on a line of its own: the finding at bogusField would come back.
    expect(() => format('bogusField: # omlint-disable-line unknown-field\n  x: 1\n')).toThrow(/every comment as it is, where it is/);
  });
  it('refuses when an omlint-disable-next-line would cover other content', () => {
    // `key:` and its value on the next line are printed as one line: the directive would cover the value too.
    expect(() => format('# omlint-disable-next-line unknown-field\nkey:\n  value\n')).toThrow(/move an omlint directive/);
  });
  it('re-spaces a line that holds a directive, which still covers it', () => {
    expect(format('a:\n  b:   [1,2] # omlint-disable-line unknown-field\n# omlint-disable-next-line unknown-field\nc:    1\n')).toBe('a:\n  b: [ 1, 2 ] # omlint-disable-line unknown-field\n# omlint-disable-next-line unknown-field\nc: 1\n');
  });
});
