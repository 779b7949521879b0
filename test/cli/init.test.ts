// `omlint init`: the starter's commented examples stay valid YAML, and a valid config, when uncommented.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfigText } from '../../src/config/load';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import { cli } from './run';

async function starter(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-init-'));
  expect((await cli(['init'], { cwd: dir })).code).toBe(0);
  return readFileSync(path.join(dir, 'omlint.config.yaml'), 'utf8');
}

/** Line numbers of the example lines: comments that are not prose (a sentence ends with "."; the link). */
function exampleLines(lines: string[]): number[] {
  return lines.flatMap((l, i) => (/^\s*# /.test(l) && !/\.$/.test(l) && !l.includes('https://') ? [i] : []));
}

const uncomment = (lines: string[], which: number[]) => lines.map((l, i) => (which.includes(i) ? l.replace(/# /, '') : l)).join('\n');

function load(text: string) {
  // Strict YAML first (duplicate keys are errors), then omlint's own config checks.
  expect(() => parse(text, { uniqueKeys: true, prettyErrors: true })).not.toThrow();
  return loadConfigText('/p/omlint.config.yaml', text, KNOWN_RULE_IDS).config;
}

describe('omlint init', () => {
  it('writes a starter that is a valid config as written', async () => {
    expect(load(await starter())).toMatchObject({ rules: {}, overrides: [], ignore: [], secretPlaceholders: [] });
  });

  it('stays valid with each commented example uncommented, one at a time and all together', async () => {
    const lines = (await starter()).split('\n');
    const examples = exampleLines(lines);
    expect(examples.length).toBe(7);
    for (const i of examples) load(uncomment(lines, [i]));
    const all = load(uncomment(lines, examples));
    expect(all.rules).toEqual({ 'read-only-field': 'off', 'enabled-omitted': 'error' });
    expect(all.overrides).toHaveLength(2);
    expect(all.ignore).toEqual(['generated/**']);
    expect(all.targetVersion).toBe('8.0');
    expect(all.secretPlaceholders).toEqual(['^CHANGE_ME$']);
  });
});
