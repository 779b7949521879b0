// SourceFile: one text version's knowledge. The cursor reader (cursorAt) must name the pointer
// the parse places at that offset: checked on every key and scalar of real documents (the
// corpus and the examples), by walking them through the parse's own locate().
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { getLocation } from 'jsonc-parser';
import { joinPointer } from '../../src/core/pointer';
import { parseText, SourceFile } from '../../src/syntax/index';
import { jsonCursor, targetPointer } from '../../src/syntax/cursor';
import { JsonNavigator } from '../../src/syntax/json-locate';
import fc from 'fast-check';
import { commentMentions, MENTIONS_OMLINT, MENTIONS_YAML_LANGUAGE_SERVER } from '../../src/syntax/comments';
import { findBrokenModelines, findModelines } from '../../src/syntax/modelines';
import { findDirectives } from '../../src/syntax/suppress';
import { LineIndex } from '../../src/core/lines';

const ROOT = path.resolve(__dirname, '../..');
const CORPUS = path.resolve(ROOT, '../shared/corpus');

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(ya?ml|json)$/.test(name) && statSync(p).size < 400_000) out.push(p);
  }
  return out;
}

/** Every pointer of a value with its parent's kind ('object' or 'array'), the root excluded. */
function* pointers(value: unknown, base = ''): Generator<{ pointer: string; inArray: boolean; scalar: boolean }> {
  if (value === null || typeof value !== 'object') return;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [k, v] of entries) {
    const pointer = joinPointer(base, k);
    yield { pointer, inArray: Array.isArray(value), scalar: v === null || typeof v !== 'object' };
    yield* pointers(v, pointer);
  }
}

/** YAML forms the line reader leaves to the parse: flow collections, multi-line and block scalars. */
function plainLine(text: string, at: number): boolean {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  const line = text.slice(start, end < 0 ? text.length : end);
  return !/[[{|>]/.test(line.replace(/"[^"]*"|'[^']*'/g, '""')) && !/^\s*$/.test(line);
}

const documents = [...files(path.join(ROOT, 'examples')), ...files(CORPUS)];

describe('SourceFile.cursorAt names what the parse places there', () => {
  it('finds real documents to check', () => {
    expect(documents.length).toBeGreaterThan(50);
  });

  it.each(documents.map((f) => [path.relative(path.dirname(ROOT), f), f]))('%s', (_name, file) => {
    const source = parseText(readFileSync(file, 'utf8'), file);
    let checked = 0;
    source.documents.forEach((doc, d) => {
      if (doc.unusable || doc.empty) return;
      for (const { pointer, inArray, scalar } of pointers(doc.value)) {
        const loc = doc.locate(pointer);
        if (!loc) continue;
        if (source.syntax === 'yaml' && !plainLine(source.text, loc.value.start)) continue;
        if (loc.key) {
          const c = source.cursorAt(loc.key.start + 1);
          expect({ pointer, at: c?.at, target: c && targetPointer(c), doc: c?.docIndex }).toEqual({ pointer, at: 'key', target: pointer, doc: d });
          checked++;
        }
        if (scalar && loc.value.end > loc.value.start) {
          const c = source.cursorAt(loc.value.start + 1);
          const named = c && (inArray && source.syntax === 'yaml' ? c.itemPointer ?? targetPointer(c) : targetPointer(c));
          expect({ pointer, named, doc: c?.docIndex }).toEqual({ pointer, named: pointer, doc: d });
          checked++;
        }
      }
    });
    // Nothing checked only where every line is of a form left to the parse (flow, block scalars), or no value.
    if (checked === 0) expect(/[[{|>]/.test(source.text) || source.documents.every((d) => d.unusable || d.empty || typeof d.value !== 'object')).toBe(true);
  });
});

describe('SourceFile.cursorAt in JSON that does not parse', () => {
  // jsonc-parser's getLocation (the tolerant reader used before) as the reference, on every
  // offset of truncated real documents.
  const json = documents.filter((f) => f.endsWith('.json')).slice(0, 12);
  it.each(json.map((f) => [path.basename(f), f]))('%s, cut short', (_name, file) => {
    const whole = readFileSync(file, 'utf8').slice(0, 3000);
    const text = whole.slice(0, Math.floor(whole.length * 0.7));
    const source = new SourceFile(parseText(text, 'cut.json'), 'cut.json');
    expect(source.problems.length).toBeGreaterThan(0);
    for (let offset = 0; offset <= text.length; offset += 7) {
      const loc = getLocation(text, offset);
      const c = source.cursorAt(offset)!;
      const path = loc.isAtPropertyKey ? loc.path.slice(0, -1) : loc.path;
      expect({ offset, at: c.at, pointer: c.pointer }).toEqual({ offset, at: loc.isAtPropertyKey ? 'key' : 'value', pointer: joinPointer('', ...path) });
    }
  });
});

describe('SourceFile', () => {
  const yaml = '# omlint: kind=alert-config\neventTypeName: HOST_DOWN # omlint-disable-line enabled-required\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n';
  it('reads values, keys and locations of one version', () => {
    const s = parseText(yaml, 'a.yaml');
    expect(s.value()).toMatchObject({ eventTypeName: 'HOST_DOWN' });
    expect(s.keysAt('/notifications/0')).toEqual(['typeName', 'emailAddress']);
    expect(yaml.slice(s.locate('/notifications/0/typeName')!.value.start, s.locate('/notifications/0/typeName')!.value.end)).toBe('EMAIL');
  });

  it('holds its comments: modelines and directives, fresh directives per call', () => {
    const s = parseText(yaml, 'a.yaml');
    const c = s.comments();
    expect(c.modelines).toEqual([{ offset: 0, kind: 'alert-config' }]);
    expect(c.directives.directives.map((d) => d.word)).toEqual(['disable-line']);
    c.directives.directives[0].used.add('*');
    expect(s.comments().directives.directives[0].used.size).toBe(0);
    expect(parseText('{"a": "# omlint-disable"}', 'a.json').comments().directives.directives).toEqual([]);
  });

  it('finds the same comments with its look at each "#" as the readers do over the whole text', () => {
    // comments() and findModelines read a text only when a '#', white space (any that \s
    // matches: line breaks, U+00A0, U+2028…) and "omlint" or "yaml-language-server" stand in it.
    // The readers over the whole text must find nothing the look missed.
    const unit = fc.constantFrom('#', ' ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '\ufeff', 'a: 1', 'x', 'o', 'y', 'omlint', 'omlint-disable', 'omlint-disable-next-line', 'omlint-enabel', ' omlint: kind=alert-config', 'omlint kind=alert-confg', ': kind=maintenance-window', 'yaml-language-server: $schema=https://x/alert-config.schema.json', 'yaml-language-server', '"', '# omlint-disable-line', '#\u00a0omlint: kind=alert-config', '#\n omlint kind=alert-config', '# yaml-language-server: $schema=x/maintenance-window.schema.json');
    const OMLINT_MODELINE = /#\s*omlint:\s*kind\s*=\s*([A-Za-z0-9_-]+)/g;
    const YLS_MODELINE = /#\s*yaml-language-server:\s*\$schema=(\S+)/g;
    let found = 0;
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 14 }), (units) => {
        const parsed = parseText(units.join(''), 'a.yaml');
        const text = parsed.text; // (without a leading BOM)
        const c = parsed.comments();
        const omlint = [...text.matchAll(OMLINT_MODELINE)].length + findBrokenModelines(text).length + findDirectives(text, new LineIndex(text)).directives.length + findDirectives(text, new LineIndex(text)).unknown.length;
        const yls = [...text.matchAll(YLS_MODELINE)].length;
        if (omlint + yls > 0) found++;
        const mentions = commentMentions(text);
        expect({ text, omlint: omlint > 0 && !(mentions & MENTIONS_OMLINT), yls: yls > 0 && !(mentions & MENTIONS_YAML_LANGUAGE_SERVER) }).toEqual({ text, omlint: false, yls: false });
        expect({ text, c: { ...c, directives: { ...c.directives, lines: undefined } } }).toEqual({
          text,
          c: { directives: { ...findDirectives(text, new LineIndex(text)), lines: undefined }, modelines: findModelines(text), brokenModelines: findBrokenModelines(text) },
        });
      }),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 2000), seed: 20261124 },
    );
    expect(found).toBeGreaterThan(500);
    expect(commentMentions('# o\n#\u00a0\n  omlint: kind=x')).toBe(MENTIONS_OMLINT);
    expect(commentMentions('omlint: kind=x # yaml-language-server')).toBe(MENTIONS_YAML_LANGUAGE_SERVER);
    expect(commentMentions('# Owner: omlint team\n')).toBe(0);
  });

  it('applies fixes with the layout kept', () => {
    const s = parseText(yaml, 'a.yaml');
    const fixed = s.applyFixes([{ op: 'replace', pointer: '/notifications/0/typeName', value: 'SMS' }]);
    expect(fixed?.text).toBe(yaml.replace('typeName: EMAIL', 'typeName: SMS'));
  });

  it('reads the cursor in a YAML text that does not parse', () => {
    const text = 'notifications:\n  - typeName: EMAIL\n    delayMin: [\n    ty';
    const s = parseText(text, 'a.yaml');
    expect(s.problems.length).toBeGreaterThan(0);
    expect(s.cursorAt(text.length)).toMatchObject({ at: 'key', pointer: '/notifications/0', partial: 'ty', presentKeys: ['typeName', 'delayMin'] });
  });
});

describe('the JSON cursor from the parse\'s containers (big texts)', () => {
  // On every offset (every 3rd, and every offset of the first 4 KB) of real JSON documents, the
  // cursor read from the navigator's containers is the cursor read from the text's start: one
  // navigator per document, asked in an order that jumps back and forth (its state is reused).
  const json = documents.filter((f) => f.endsWith('.json') && statSync(f).size > 2000).slice(0, 10);
  it.each(json.map((f) => [path.basename(f), f]))('%s', (_name, file) => {
    const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    const navigator = new JsonNavigator(text, true);
    const offsets: number[] = [];
    for (let o = 0; o <= text.length; o += o < 4096 ? 1 : 3) offsets.push(o);
    // Forward, then from the end backwards, then interleaved: the navigator's reading state varies.
    const order = [...offsets.filter((_, i) => i % 2 === 0), ...offsets.filter((_, i) => i % 2 === 1).reverse()];
    let seeded = 0;
    for (const offset of order) {
      const steps = navigator.containersAt(offset);
      if (steps.length) seeded++;
      expect({ offset, c: jsonCursor(text, offset, () => steps) }).toEqual({ offset, c: jsonCursor(text, offset) });
    }
    expect(seeded).toBeGreaterThan(order.length / 2);
  });

  it('a big JSON SourceFile reads the cursor from its containers', () => {
    const big = `{"processes": [${Array.from({ length: 9000 }, (_, i) => JSON.stringify({ name: `p${i}`, hostname: `h${i}.example.com`, args2_6: { net: { port: 27017 + (i % 3), tls: { mode: 'requireTLS' } } } })).join(',\n')}],\n"replicaSets": []}`;
    expect(big.length).toBeGreaterThan(600_000);
    const source = parseText(big, 'big.json');
    const spy = vi.spyOn(source.documents[0], 'containersAt');
    const at = big.indexOf('"mode"', Math.floor(big.length * 0.6)) + 2;
    const c = source.cursorAt(at)!;
    expect(spy).toHaveBeenCalled();
    expect({ at: c.at, pointer: c.pointer, key: c.key }).toMatchObject({ at: 'key', key: 'mode' });
    expect(c.pointer).toMatch(/^\/processes\/\d+\/args2_6\/net\/tls$/);
    expect(c).toEqual(jsonCursor(big, at));
  });
});
