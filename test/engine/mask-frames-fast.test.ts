// The shortcuts of a file with findings' masking (issue 37) held to what they replace: a short
// list masked without its index, the frame lines a released run keeps read without a text reader,
// a line at column 0 passed without looking for a block scalar above it, and shown() asked once
// per value of a file.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectSecretValues, maskFrameLine, maskSecrets, maskSecretsInPlace } from '../../src/engine/mask';
import { frameReader, keepFrames } from '../../src/engine/frame-lines';
import { LineIndex } from '../../src/core/lines';
import { collectOld } from './secrets-reference';
import { parseText } from '../../src/syntax/index';

/** Secrets that never match (a character no generated text holds): a list made longer than the few tried without an index. */
const PADS = ['\u0001\u0001\u0001\u0001a', '\u0001\u0001\u0001\u0001b', '\u0001\u0001\u0001\u0001c', '\u0001\u0001\u0001\u0001d', '\u0001\u0001\u0001\u0001e'];

describe('a short secret list, masked without its index', () => {
  const piece = fc.constantFrom('abcd', 'abcdef', 'abcdefgh', 'abc', 'xy', 'Sig9', 'Sig9ZZ', 'Sig9ZZvalue', ' ', ':', 'é', '\n');
  it('masks as the indexed list does: longest first at each offset, secrets of fewer than four characters never', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.array(fc.constantFrom('abcd', 'abcdef', 'abcdefgh', 'abc', 'Sig9ZZ', 'Sig9ZZvalue', 'bcde', 'cdab'), { maxLength: 4 }), (parts, list) => {
        const text = parts.join('');
        for (const secrets of [list, [...list].sort((a, b) => b.length - a.length)]) {
          const indexed = [...secrets, ...PADS];
          expect(maskSecrets(text, secrets), JSON.stringify([text, secrets])).toBe(maskSecrets(text, indexed));
          expect(maskSecretsInPlace(text, secrets), JSON.stringify([text, secrets])).toBe(maskSecretsInPlace(text, indexed));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a secret containing another is masked whole, in either order of the list', () => {
    expect(maskSecrets('x Sig9ZZvalue y', ['Sig9ZZ', 'Sig9ZZvalue'])).toBe('x **** y');
    expect(maskSecrets('x Sig9ZZvalue y', ['Sig9ZZvalue', 'Sig9ZZ'])).toBe('x **** y');
    expect(maskSecretsInPlace('x Sig9ZZvalue y', ['Sig9ZZ', 'Sig9ZZvalue'])).toBe('x *********** y');
  });
});

/** keepFrames as it was (main df0fa7c): through the text reader of a formatter. */
function keepFramesOld(lines: LineIndex, secrets: readonly string[], at: Iterable<number>) {
  const reader = frameReader({ text: lines.text, bom: false, secrets: [...secrets], lines });
  const lineCount = reader.lineCount;
  const shown = new Map<number, string>();
  const blank = new Set<number>();
  const done = new Set<number>();
  const keep = (n: number) => {
    if (!shown.has(n)) shown.set(n, reader.shown(n));
  };
  for (const line of at) {
    if (line < 1 || line > lineCount || done.has(line)) continue;
    done.add(line);
    keep(line);
    if (line === 1) continue;
    if (reader.blank(line - 1)) blank.add(line - 1);
    else keep(line - 1);
  }
  return { lineCount, at: [...shown.keys()], shown: [...shown.values()], blank: [...blank] };
}

describe('the frame lines a released run keeps', () => {
  const line = fc.constantFrom('', '   ', '\t', '\u000b', '\u00a0', '\u2028x', '\u3000', 'a: 1', '\tb: 2', 'password: |', '  hunter2hunter2', '\u000b  hunter2hunter2', '\u00a0 token: s3cr3tValue9', '# c: d', '- apiToken: xoxb-1234567890-abc', 'x\ty');
  it('are the lines, masks and blanks the text reader gives, in its order (duplicates, lines past the end, CRLF)', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), fc.constantFrom('\n', '\r\n'), fc.array(fc.integer({ min: -1, max: 12 }), { maxLength: 6 }), fc.boolean(), (ls, eol, at, listed) => {
        const text = ls.join(eol);
        const secrets = listed ? ['hunter2hunter2'] : [];
        const lines = new LineIndex(text);
        const { blank, ...kept } = keepFrames(lines, secrets, at);
        const { blank: blankOld, ...old } = keepFramesOld(new LineIndex(text), secrets, at);
        expect(kept, JSON.stringify([text, at])).toEqual(old);
        expect([...blank].sort(), JSON.stringify([text, at])).toEqual(blankOld.sort());
      }),
      { numRuns: 2000 },
    );
  });

  it('a line of a secret block scalar that starts with another blank than a space or tab is masked whole', () => {
    for (const lead of ['\u000b', '\f', '\u00a0', '\u3000']) {
      const lines = ['password: |', `${lead}  hunter2hunter2`];
      expect(maskFrameLine((n) => lines[n - 1], 2, [])).toBe(`${lead}  ${'*'.repeat(14)}`.replace(/\S/g, '*'));
    }
    // At column 0 the line is under no key.
    const plain = ['password: |', 'next: hunter2hunter2'];
    expect(maskFrameLine((n) => plain[n - 1], 2, [])).toBe('next: hunter2hunter2');
  });
});

describe('collectSecretValues asks shown() once per value', () => {
  it('lists what the reference lists when the same placeholder and values come from every net', () => {
    const text = ['notifications:', '  - typeName: SLACK', '    apiToken: ${SLACK_TOKEN}', '    channelName: x', '  - typeName: PAGER_DUTY', '    serviceKey: ${SLACK_TOKEN}', '  - typeName: VICTOR_OPS', '    victorOpsRoutingKey: catalog-dr', '    victorOpsApiKey: catalog-dr', '    password: "true"', 'token: REDACTED', 'secret: ****8b87', ''].join('\n');
    const value = {
      notifications: [
        { typeName: 'SLACK', apiToken: '${SLACK_TOKEN}', channelName: 'x' },
        { typeName: 'PAGER_DUTY', serviceKey: '${SLACK_TOKEN}' },
        { typeName: 'VICTOR_OPS', victorOpsRoutingKey: 'catalog-dr', victorOpsApiKey: 'catalog-dr', password: 'true' },
      ],
      token: 'REDACTED',
      secret: '****8b87',
    };
    const docs = [{ kind: 'alert-config' as const, value }];
    for (const wide of [true, false]) expect(collectSecretValues(docs, { text, wide })).toEqual(collectOld(docs, { text, wide }));
    expect(collectSecretValues(docs, { text })).toEqual(['catalog-dr']);
  });

  it('reads the source of a value found by kind and by name once, and lists what the reference lists', () => {
    const text = ['notifications:', '  - typeName: VICTOR_OPS', '    victorOpsApiKey: "catalog\\x2ddr"', '    victorOpsRoutingKey: ${VO_KEY}', ''].join('\n');
    const parsed = parseText(text, 'a.alert-config.yaml').documents[0];
    const asked: string[] = [];
    const docs = [{
      kind: 'alert-config' as const,
      value: parsed.value,
      sourceOf: (pointer: string) => {
        asked.push(pointer);
        const loc = parsed.locate(pointer);
        return loc ? text.slice(loc.value.start, loc.value.end) : undefined;
      },
    }];
    const got = collectSecretValues(docs, { text });
    expect(asked).toEqual(['/notifications/0/victorOpsApiKey']);
    expect(got).toEqual(collectOld(docs, { text }));
    expect(got).toEqual(['catalog\\x2ddr', 'catalog-dr']);
  });
});
