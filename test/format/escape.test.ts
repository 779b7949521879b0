// Issue 18: raw ESC/OSC and other control bytes from document values must not reach a terminal
// or a CI log through stylish or github output: they are shown as visible escapes.
import { describe, expect, it } from 'vitest';
import { runOf } from './results';
import { formatStylish } from '../../src/format/stylish';
import { formatGithub } from '../../src/format/github';
import { escapeControls } from '../../src/format/escape';
import { cli } from '../cli/run';
import { tempDir } from '../robustness/support';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const NOW = new Date('2026-11-21T00:00:00Z');
// An OSC 0 (retitle the terminal), a CSI colour, an OSC 8 hyperlink, BEL, a C1 CSI, and a
// bidi override: in a value the enum check quotes, and in a key the unknown-field check quotes.
const HOSTILE = 'US\u001b]0;pwned\u0007\u001b[31mred\u001b]8;;http://evil.example/\u001b\\link\u009b2J\u202eevil';
const TEXT = `{"type": "DATADOG", "apiKey": "\${K}", "region": ${JSON.stringify(HOSTILE)}, ${JSON.stringify('bad\u001b[2Jkey')}: 1}\n`;
/** Control characters that must never be printed raw (tab and newline are layout). */
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('control characters from documents are escaped', () => {
  it('escapeControls shows them as \\uXXXX', () => {
    expect(escapeControls('a\u001b[31mb\u0007\u009b\u202e')).toBe('a\\u001b[31mb\\u0007\\u009b\\u202e');
    expect(escapeControls('plain text, ünïcödé ✓')).toBe('plain text, ünïcödé ✓');
  });

  it('stylish: messages and code frames, with the caret still under the value', async () => {
    const run = await runOf([{ filePath: 'x.integration.json', text: TEXT }], { now: NOW });
    const results = run.results;
    expect(results[0].diagnostics.map((d) => d.ruleId).sort()).toEqual(['invalid-value', 'unknown-field']);
    const out = formatStylish(run, { color: false, frames: true });
    expect(out).not.toMatch(RAW);
    expect(out).toContain('\\u001b]0;pwned\\u0007');
    const frame = out.split('\n');
    const i = frame.findIndex((l) => l.includes('invalid-value'));
    const code = frame[i + 1];
    const caret = frame[i + 2];
    // The caret starts under the opening quote of the region value, as shown (escapes included).
    expect(code[caret.indexOf('^')]).toBe('"');
    expect(code.slice(caret.indexOf('^')).startsWith(`"US\\u001b]0;pwned`)).toBe(true);
    // ... and ends under its closing quote: the carets span the value as shown, escapes measured.
    const shownValue = JSON.stringify(HOSTILE).replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/g, '');
    expect(code[caret.lastIndexOf('^')]).toBe('"');
    expect(caret.lastIndexOf('^') - caret.indexOf('^')).toBeGreaterThan(shownValue.length);
    // The unknown key's caret, after the raw controls of the value before it on the line, under its opening quote.
    const j = frame.findIndex((l) => l.includes('unknown-field'));
    const keyCaret = frame[j + 2].indexOf('^');
    expect(frame[j + 1].slice(keyCaret).startsWith('"bad\\u001b[2Jkey"')).toBe(true);
  });

  it('stylish with colour adds its own escapes only', async () => {
    const run = await runOf([{ filePath: 'x.integration.json', text: TEXT }], { now: NOW });
    const results = run.results;
    const out = formatStylish(run, { color: true, frames: true });
    expect(out.replace(/\u001b\[[0-9;]*m/g, '')).not.toMatch(RAW);
  });

  it('github: workflow commands carry no raw control character', async () => {
    const run = await runOf([{ filePath: 'x.integration.json', text: TEXT }], { now: NOW });
    const results = run.results;
    const out = formatGithub(run);
    expect(out.trimEnd().split('\n')).toHaveLength(2);
    expect(out).not.toMatch(RAW);
    expect(out).toContain('\\u001b[2Jkey');
  });

  it('the CLI, and a file name with an escape', async () => {
    const dir = tempDir('escape');
    writeFileSync(path.join(dir, 'e\u001b[2Jvil.integration.json'), TEXT);
    for (const format of ['stylish', 'github']) {
      const r = await cli(['check', '--format', format, '--now', NOW.toISOString(), '.'], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr, format).not.toMatch(RAW);
    }
  });
});
