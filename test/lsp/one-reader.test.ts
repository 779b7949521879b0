// One reader per job (issue 33, item 7): once a text version is parsed and linted, hover,
// completion, folding and the items behind them read what its SourceFile knows (its lines, the
// document markers the parse saw, its modelines) and never scan the whole text again. The spy
// counts calls of the string and regular-expression builtins that read the whole document text;
// a regular expression anchored at the start (no `m` flag) reads only the text's first characters.
import { afterEach, describe, expect, it } from 'vitest';
import { OmlintLanguageService } from '../../src/server/service';
import { ALERT, NOW, openDoc, positionOf, tempDir } from './fixtures';
import { AUTOMATION_YAML } from './automation-fixture';

const STRING_READS = ['split', 'match', 'matchAll', 'search', 'includes', 'indexOf', 'lastIndexOf', 'replace', 'replaceAll', 'trim', 'trimStart', 'trimEnd', 'startsWith', 'endsWith'] as const;
const REGEX_READS = ['test', 'exec'] as const;

type Restore = () => void;
const restores: Restore[] = [];
afterEach(() => {
  while (restores.length) restores.pop()!();
});

/** Calls that read all of `texts` (or their BOM-less forms) while `run` runs, by name. */
function wholeTextReads(texts: string[], run: () => void): string[] {
  const whole = new Set(texts.flatMap((t) => [t, t.replace(/^\uFEFF/, '')]));
  const seen: string[] = [];
  const proto = String.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of STRING_READS) {
    const original = proto[name];
    proto[name] = function (this: string, ...args: unknown[]) {
      // A search from a later position, or a check of the text's ends, reads a part only.
      // A regular expression reads as its own spy below says.
      if (args[0] instanceof RegExp) return original.apply(this, args);
      const partial = ((name === 'indexOf' || name === 'includes' || name === 'startsWith') && typeof args[1] === 'number' && args[1] > 0) || name === 'lastIndexOf' || name === 'startsWith' || name === 'endsWith';
      if (!partial && whole.has(String(this))) seen.push(`String.${name}`);
      return original.apply(this, args);
    };
    restores.push(() => (proto[name] = original));
  }
  const rx = RegExp.prototype as unknown as Record<string | symbol, (...a: unknown[]) => unknown>;
  for (const name of [...REGEX_READS, Symbol.matchAll, Symbol.split, Symbol.match, Symbol.replace, Symbol.search]) {
    const original = rx[name];
    rx[name] = function (this: RegExp, ...args: unknown[]) {
      const anchored = this.source.startsWith('^') && !this.multiline;
      if (!anchored && typeof args[0] === 'string' && whole.has(args[0])) seen.push(`RegExp.${String(name)} /${this.source}/`);
      return original.apply(this, args);
    };
    restores.push(() => (rx[name] = original));
  }
  try {
    run();
  } finally {
    while (restores.length) restores.pop()!();
  }
  return seen;
}

describe('hover, completion, folding on a parsed version read its SourceFile, not the text again', () => {
  const dir = tempDir();
  const service = new OmlintLanguageService({ now: NOW });

  it.each([
    ['an automation config', 'automation.yaml', AUTOMATION_YAML, ['hostname', 'replicaSets', 'members']],
    ['an alert config with a modeline', 'alert.yaml', `# omlint: kind=alert-config\n${ALERT}`, ['typeName', 'intervalMin', 'enabled']],
    ['a text with a BOM', 'bom.yaml', `\uFEFF${ALERT}`, ['typeName', 'emailAddress']],
    ['a stream of two documents', 'stream.yaml', `${ALERT}---\n${ALERT.replace('HOST_DOWN', 'NO_PRIMARY')}`, ['NO_PRIMARY', 'delayMin']],
  ])('%s', async (_name, file, text, needles) => {
    const doc = openDoc(service, dir, file, text);
    await service.diagnostics(doc);
    // The version's first hover and completion find what the lint may not have needed (its
    // modelines, its line break), once for the version.
    service.hover(doc, positionOf(doc, needles[0], 1));
    service.completion(doc, positionOf(doc, needles[0], 1));
    const at = needles.map((needle) => positionOf(doc, needle, 1));
    const reads = wholeTextReads([text], () => {
      for (const position of at) {
        service.hover(doc, position);
        service.completion(doc, position);
      }
      service.foldingRanges(doc);
    });
    expect(reads).toEqual([]);
  });
});

describe('the cursor reader of a parsed version', () => {
  it('takes its line facts from the parse: no marker search when the block reader saw none, lone \\r from the line index', async () => {
    const { parseText } = await import('../../src/syntax/index');
    // Texts the block reader reads (a text it declines, such as one with flow mappings, has its markers looked for once per version).
    for (const text of [ALERT, ALERT.replace(/\n/g, '\r\n'), `version: 3\nprocesses:\n${'  - name: a\n    hostname: h\n    args2_6:\n      net:\n        port: 1\n'.repeat(20)}`]) {
      const src = parseText(text, 'a.yaml');
      expect(src.lines.lineCount).toBeGreaterThan(5); // the lint's positions built the line index
      const offsets = [5, text.indexOf('typeName') + 2, text.length - 3].filter((o) => o > 0);
      const reads = wholeTextReads([text], () => {
        for (const o of offsets) src.cursorAt(o);
      });
      expect(reads).toEqual([]);
      expect(src.cursorAt(text.indexOf('typeName') + 2)?.docIndex ?? 0).toBe(0);
    }
  });
});

describe('YAML folding by the line walker', () => {
  /** The former reading: the text split into lines, each trimmed at its start. */
  function splitLines(text: string) {
    return text.split(/\r\n|\r|\n/).map((l) => {
      const indent = l.length - l.trimStart().length;
      const rest = l.slice(indent);
      return { indent, dash: rest === '-' || rest.startsWith('- '), blank: rest === '', comment: rest.startsWith('#') };
    });
  }

  it('reads each line as the split text did: CRLF, lone \\r, tabs and other white space, dashes, comments, a last line without a break', async () => {
    const { yamlLines } = await import('../../src/server/folding');
    const { TextLines } = await import('../../src/syntax/cursor');
    const texts = [
      'a:\n  b: 1\n  c:\n    - x\n    -\n    - y: 2\n      z: 3\n# one\n# two\nd: 4',
      'a:\r\n  b: 1\r\n\r\n  c: 2\r\nd:\r\n- 1\r\n- 2\r\n',
      'a:\r  b: 1\r  c:\r    d: 2\re: 3\r',
      'a:\n\tb: 1\n \u00a0c: 2\n\u3000d: 3\n-x: 1\n-\n  - y\n#\n  # c\n   \n',
      '',
      '\n\n',
    ];
    for (const text of texts) expect({ text, lines: yamlLines(new TextLines(text)) }).toEqual({ text, lines: splitLines(text) });
  });
});

describe('the marker lines of a YAML text: one pass from the parse to the cursor', () => {
  /** Passes over the whole text by a regular expression that looks for "---" lines (a pass's own exec calls are one pass). */
  const markerReads = (text: string, run: () => void) => wholeTextReads([text], run).filter((r) => r.includes('---') && !r.startsWith('RegExp.exec'));

  it('a big stream read by the server (documents limit, stream split, cursor): one pass', async () => {
    const { parseText, YamlDocumentCache } = await import('../../src/syntax/index');
    const { DEFAULT_LIMITS } = await import('../../src/syntax/types');
    // Past 4 * maxDocuments characters, so that the documents limit is counted before the parse.
    const stream = `# leading comment\n---\n${`${ALERT}...\n---\n`.repeat(Math.ceil(45_000 / ALERT.length))}${ALERT}`;
    expect(stream.length).toBeGreaterThan(4 * DEFAULT_LIMITS.maxDocuments);
    const reads = markerReads(stream, () => {
      const src = parseText(stream, 'stream.yaml', DEFAULT_LIMITS, new YamlDocumentCache());
      expect(src.documents.length).toBeGreaterThan(100);
      for (const at of [10, stream.indexOf('typeName', 5000), stream.length - 5]) src.cursorAt(at);
    });
    expect(reads).toHaveLength(1);
  });

  it('a document the block reader read after a leading "---": one pass', async () => {
    const { parseText } = await import('../../src/syntax/index');
    const text = `---\n${ALERT}`;
    const reads = markerReads(text, () => {
      const src = parseText(text, 'a.yaml');
      expect(src.cursorAt(text.indexOf('typeName') + 2)?.docIndex).toBe(0);
    });
    expect(reads).toHaveLength(1);
  });
});
