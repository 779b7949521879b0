// Issue 32: what omlint does with the values of its options, option by option. Every option that
// takes a value is listed in VALUE_OPTIONS (a new one fails the first test until it is), and that
// list drives the class tests: an empty value is a usage error for each (an unset `$BASE` made
// `--base ""` compare each file with itself), and each option that writes a file never writes
// through a symbolic link at its target (a committed `.omlintcache` link clobbered a user's script).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main';
import { writeFileAtomic } from '../../src/io/write-file';
import { tempTree } from '../files';
import { cli } from './run';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const GOOD = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
const BAD = 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n';
/** A document name a shell would run: a newline, command substitutions, a separator. */
const CRAFTED = 'x\n$(touch pwned1)`touch pwned2`;touch pwned3;\nrm -rf nothing-here #.alert-config.yaml';
const tree = (files: Record<string, string>) => tempTree(files, 'omlint-values-');

type Use = 'writes' | 'reads' | 'ref' | 'value';
/** Every option that takes a value, by command, and what the value is. */
const VALUE_OPTIONS: Record<string, Record<string, Use>> = {
  check: {
    '--format': 'value', '--output-file': 'writes', '--kind': 'value', '--config': 'reads', '--max-warnings': 'value', '--stdin-filename': 'reads', '--target-version': 'value', '--now': 'value',
    '--max-file-size': 'value', '--max-depth': 'value', '--jobs': 'value', '--cache-location': 'writes', '--ignore-pattern': 'value', '--max-aliases': 'value', '--max-documents': 'value', '--suppress-rule': 'value',
    '--suppressions-location': 'writes', '--max-nodes': 'value', '--max-memory': 'value', '--rule': 'value', '--print-config': 'reads', '--shard': 'value', '--base': 'ref',
  },
  plan: { '--base': 'ref', '--format': 'value', '--output-file': 'writes', '--kind': 'value', '--config': 'reads', '--target-version': 'value', '--now': 'value', '--max-file-size': 'value' },
  rules: { '--format': 'value', '--config': 'reads' },
  explain: { '--config': 'reads' },
  'policy test': { '--now': 'value' },
  merge: { '--output-file': 'writes', '--expect': 'value', '--max-warnings': 'value', '--max-size': 'value' },
  serve: {
    '--port': 'value', '--host': 'value', '--seed': 'reads', '--user': 'value', '--max-body-size': 'value', '--automation-delay': 'value', '--state-dir': 'writes', '--tls-cert': 'reads', '--tls-key': 'reads',
    '--proxy': 'value', '--proxy-mode': 'value',
  },
  test: { '--format': 'value', '--output-file': 'writes', '--explain': 'reads', '--series': 'value', '--event': 'value', '--window': 'reads', '--step': 'value' },
};
/** The arguments each command needs before its options are looked at. */
const ARGS: Record<string, string[]> = { check: ['a.yaml'], plan: ['a.yaml'], rules: [], explain: ['replica-set-voting'], 'policy test': ['.'], merge: ['part.json'], serve: [], test: ['.'] };

function programOptions(): Record<string, string[]> {
  const program = buildProgram({ stdout: { write: () => 0 }, stderr: { write: () => 0 }, readStdin: async () => Buffer.alloc(0), cwd: '/', env: {} }, () => {});
  const out: Record<string, string[]> = {};
  const walk = (c: Command, prefix: string): void => {
    for (const sub of c.commands) {
      const name = `${prefix}${sub.name()}`;
      const taking = sub.options.filter((o) => o.required || o.optional).map((o) => o.long!);
      if (taking.length) out[name] = taking.sort();
      walk(sub, `${name} `);
    }
  };
  walk(program, '');
  return out;
}

describe('the options that take a value', () => {
  it('are all listed here, with what their value is (a new one is put through the tests below)', () => {
    const listed = Object.fromEntries(Object.entries(VALUE_OPTIONS).map(([c, o]) => [c, Object.keys(o).sort()]));
    expect(listed).toEqual(programOptions());
  });
});

describe('an empty value (an unset variable) is a usage error, never "here"', () => {
  it('--base "" (check and plan): exit 2 with a clear message, no report', async () => {
    // Before: "" resolved to the current directory, each file its own base, and a change dropping votes passed.
    const dir = tree({ 'a.yaml': GOOD });
    for (const command of ['check', 'plan']) {
      const r = await cli([command, ...NOW, '--base', '', 'a.yaml'], { cwd: dir });
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toBe('omlint: --base "": the value is empty (an unset variable?); give one, or leave the option out.\n');
    }
  });

  it('every option of every command that takes a value', async () => {
    const dir = tree({ 'a.yaml': GOOD, 'part.json': '[]' });
    for (const [command, options] of Object.entries(VALUE_OPTIONS)) {
      for (const option of Object.keys(options)) {
        const r = await cli([...command.split(' '), option, '', ...ARGS[command]], { cwd: dir });
        expect({ command, option, code: r.code, stdout: r.stdout }).toEqual({ command, option, code: 2, stdout: '' });
        // Ours, or commander's for an option whose value it checks itself (a count, a choice).
        expect(r.stderr, `${command} ${option}`).toMatch(new RegExp(`${option} ""|'(-[a-z], )?${option} <[^>]+>' argument '' is invalid`));
      }
    }
    expect(readdirSync(dir).sort()).toEqual(['a.yaml', 'part.json']); // nothing written anywhere
  });

  it('an empty path argument: check (also read without commander), plan, merge, policy test', async () => {
    const dir = tree({ 'a.yaml': BAD });
    for (const args of [['check', ''], ['check', 'a.yaml', ''], ['plan', ''], ['merge', ''], ['policy', 'test', '']]) {
      const r = await cli(args, { cwd: dir });
      expect([args, r.code, r.stdout]).toEqual([args, 2, '']);
      expect(r.stderr).toMatch(/^omlint: [a-z]+: an argument is empty \(an unset variable\?\); name a path/);
    }
  });
});

describe('a symbolic link where omlint writes is never written through', () => {
  it('writeFileAtomic with replaceLinks replaces the link itself; its target keeps its text and mode', () => {
    const dir = tree({ 'victim.sh': '#!/bin/sh\necho safe\n' });
    chmodSync(path.join(dir, 'victim.sh'), 0o755);
    symlinkSync(path.join(dir, 'victim.sh'), path.join(dir, 'out.txt'));
    writeFileAtomic(path.join(dir, 'out.txt'), 'report\n', { replaceLinks: true });
    expect(readFileSync(path.join(dir, 'victim.sh'), 'utf8')).toBe('#!/bin/sh\necho safe\n');
    expect(statSync(path.join(dir, 'victim.sh')).mode & 0o777).toBe(0o755);
    expect(lstatSync(path.join(dir, 'out.txt')).isFile()).toBe(true);
    expect(statSync(path.join(dir, 'out.txt')).mode & 0o111).toBe(0); // the default mode, not the script's
    expect(readFileSync(path.join(dir, 'out.txt'), 'utf8')).toBe('report\n');
  });

  /**
   * Each way omlint writes a file (every 'writes' option above, and the files written at a default
   * place), with a link at the target aimed at a user's script. Replaced: the link becomes omlint's
   * file; refused: exit 2 with a message, the link left alone. Either way the script is untouched.
   */
  const CASES: { name: string; covers?: string; target: string; args: string[]; outcome: 'replaced' | 'refused'; message?: RegExp }[] = [
    { name: 'check -o', covers: 'check --output-file', target: 'report.txt', args: ['check', ...NOW, '-o', 'report.txt', '.'], outcome: 'replaced' },
    { name: 'plan -o', covers: 'plan --output-file', target: 'plan.txt', args: ['plan', ...NOW, '--base', 'base/a.alert-config.yaml', '-o', 'plan.txt', 'a.alert-config.yaml'], outcome: 'replaced' },
    { name: 'test -o', covers: 'test --output-file', target: 'timeline.txt', args: ['test', '--explain', 'a.alert-config.yaml', '-o', 'timeline.txt'], outcome: 'replaced' },
    { name: 'merge -o', covers: 'merge --output-file', target: 'merged.json', args: ['merge', 'part.json', '-o', 'merged.json'], outcome: 'replaced' },
    { name: 'check --cache', target: '.omlintcache', args: ['check', ...NOW, '--cache', '.'], outcome: 'replaced' },
    { name: 'check --cache-location', covers: 'check --cache-location', target: 'my.cache', args: ['check', ...NOW, '--cache', '--cache-location', 'my.cache', '.'], outcome: 'replaced' },
    { name: 'check --suppress-all', target: 'omlint-suppressions.json', args: ['check', ...NOW, '--suppress-all', '.'], outcome: 'refused', message: /omlint: the suppressions file omlint-suppressions\.json is a symbolic link; omlint neither reads nor writes a baseline through a link/ },
    { name: 'check --suppressions-location', covers: 'check --suppressions-location', target: 's.json', args: ['check', ...NOW, '--suppress-all', '--suppressions-location', 's.json', '.'], outcome: 'refused', message: /the suppressions file s\.json is a symbolic link/ },
    { name: 'check reading a linked baseline', target: 'omlint-suppressions.json', args: ['check', ...NOW, '.'], outcome: 'refused', message: /is a symbolic link/ },
    { name: 'serve --state-dir', covers: 'serve --state-dir', target: 'state', args: ['serve', '--port', '0', '--state-dir', 'state'], outcome: 'refused', message: /--state-dir .*state is a symbolic link: refused/ },
    { name: 'init', target: 'omlint.config.yaml', args: ['init'], outcome: 'refused', message: /already exists; not overwritten/ },
  ];

  it('covers every option that writes a file', () => {
    const writing = Object.entries(VALUE_OPTIONS).flatMap(([c, o]) => Object.entries(o).filter(([, use]) => use === 'writes').map(([name]) => `${c} ${name}`));
    expect(CASES.flatMap((c) => (c.covers ? [c.covers] : [])).sort()).toEqual(writing.sort());
  });

  for (const c of CASES) {
    it(`${c.name}: ${c.outcome}, the link's target untouched (a document with a crafted name in the run)`, async () => {
      const outside = tree({ 'victim.sh': '#!/bin/sh\necho safe\n' });
      const victim = path.join(outside, 'victim.sh');
      chmodSync(victim, 0o755);
      const dir = tree({ 'a.alert-config.yaml': BAD, 'base/a.alert-config.yaml': GOOD, [CRAFTED]: BAD });
      // The part merged: a real report of this tree.
      writeFileSync(path.join(dir, 'part.json'), (await cli(['check', ...NOW, '-f', 'json', 'a.alert-config.yaml'], { cwd: dir })).stdout);
      symlinkSync(victim, path.join(dir, c.target));
      const r = await cli(c.args, { cwd: dir });
      expect(readFileSync(victim, 'utf8')).toBe('#!/bin/sh\necho safe\n');
      expect(statSync(victim).mode & 0o777).toBe(0o755);
      if (c.outcome === 'replaced') {
        expect(r.code, r.stderr).not.toBe(2);
        expect(lstatSync(path.join(dir, c.target)).isFile()).toBe(true);
        expect(statSync(path.join(dir, c.target)).mode & 0o111).toBe(0);
      } else {
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(c.message!);
        expect(lstatSync(path.join(dir, c.target)).isSymbolicLink()).toBe(true);
      }
      expect(readdirSync(dir).filter((f) => f.includes('omlint-tmp'))).toEqual([]);
    });
  }
});

describe('the cache stores nothing a shell could run', () => {
  it('a document name with a newline, $(…), backquotes and ; is in the cache as no shell text', async () => {
    const dir = tree({ [CRAFTED]: BAD, 'ok.yaml': GOOD });
    const first = await cli(['check', ...NOW, '-f', 'json', '--cache', '.'], { cwd: dir });
    expect(first.code).toBe(1);
    // Run as a script by sh and bash: nothing of the name is executed (the plain JSON of before ran pwned1 and pwned2).
    for (const shell of ['sh', 'bash']) spawnSync(shell, ['.omlintcache'], { cwd: dir, encoding: 'utf8' });
    expect(['pwned1', 'pwned2', 'pwned3'].filter((f) => existsSync(path.join(dir, f)))).toEqual([]);
    expect(readFileSync(path.join(dir, '.omlintcache'), 'utf8')).not.toMatch(/[\n$`;|&<>()'\\]/);
    // And still a cache: the second run reads it back, same report, no note.
    const second = await cli(['check', ...NOW, '-f', 'json', '--cache', '.'], { cwd: dir });
    expect([second.code, second.stdout, second.stderr]).toEqual([1, first.stdout, '']);
  });

  it('a cache that is a symbolic link is not read (a note), and the save replaces it', async () => {
    const outside = tree({ 'victim.sh': '#!/bin/sh\necho safe\n' });
    const dir = tree({ 'bad.yaml': BAD });
    symlinkSync(path.join(outside, 'victim.sh'), path.join(dir, '.omlintcache'));
    const r = await cli(['check', ...NOW, '--cache', '.'], { cwd: dir });
    expect(r.stderr).toMatch(/^omlint: note: .*\.omlintcache: the cache is a symbolic link; not read, and replaced by a file when this run saves\n/);
    expect(lstatSync(path.join(dir, '.omlintcache')).isFile()).toBe(true);
    expect(readFileSync(path.join(outside, 'victim.sh'), 'utf8')).toBe('#!/bin/sh\necho safe\n');
  });

  it('--cache-location with a trailing separator names a directory, made if missing', async () => {
    const dir = tree({ 'bad.yaml': BAD });
    await cli(['check', ...NOW, '--cache', '--cache-location', 'cachedir/', '.'], { cwd: dir });
    expect(lstatSync(path.join(dir, 'cachedir', '.omlintcache')).isFile()).toBe(true);
  });
});
