// The README's usage block and the CLI's help agree (issue 31: `--partial`, `lsp`, the implicit
// `check` and the default of `plan --base` had drifted apart). Every command and option the block
// lists exists in `omlint <command> --help`, every one the help lists is in the block, and a default
// the block states is the one the help states.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../golden/corpus';
import { cliProcess } from './run';

const OPTION = /(?<![\w-])--?[a-zA-Z][\w-]*/g;
/** Every command's own, shown once in the block (`omlint [<command>] -h, --help`). */
const HELP = ['-h', '--help'];

interface Section {
  /** '' for omlint itself, else the command words (`policy test`). */
  command: string;
  options: Set<string>;
  /** Option → the default its description states. */
  defaults: Map<string, string>;
}

/** A stated default: `(default HEAD)`, or `stylish (default)` in a list of choices. */
function statedDefault(description: string): string | undefined {
  return /\(default ([^)\s,;:]+)\)/.exec(description)?.[1] ?? /(\w+) \(default\)/.exec(description)?.[1];
}

/** The usage block of README.md, by command: a line `omlint <command> …` opens one, lines indented by two spaces list its options. */
function readmeUsage(): Map<string, Section> {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('```\n', readme.indexOf('\n## Usage\n')) + 4;
  const block = readme.slice(start, readme.indexOf('```\n', start)).split('\n');
  const sections = new Map<string, Section>();
  let current: Section | undefined;
  for (const line of block) {
    if (line.trim() === '' || /^ {4,}/.test(line)) continue; // a description's second line
    const [left, ...rest] = line.replace(/^ {2}/, '').split(/ {2,}/);
    const description = rest.join(' ');
    if (line.startsWith('omlint ')) {
      const words = left.slice('omlint '.length).split(' ');
      const named = words[0] === '[check]' ? ['check'] : words.filter((w, i) => /^[a-z]+$/.test(w) && words.slice(0, i).every((x) => /^[a-z]+$/.test(x)));
      current = { command: named.join(' '), options: new Set(), defaults: new Map() };
      sections.set(current.command, current);
    } else if (!current || !line.startsWith('  ')) {
      throw new Error(`README usage block: a line outside a command: ${JSON.stringify(line)}`);
    }
    const options = left.match(OPTION) ?? [];
    for (const o of options) current.options.add(o);
    const d = statedDefault(description);
    if (d && options.length && !line.startsWith('omlint ')) current.defaults.set(options[options.length - 1], d);
  }
  return sections;
}

/** `omlint <command> --help`: the options (each with its whole description) and, for omlint itself, the commands. */
function help(command: string): { options: Map<string, string>; commands: string[] } {
  const r = cliProcess([...(command ? command.split(' ') : []), '--help'], { cwd: ROOT });
  expect(r.code, r.stderr).toBe(0);
  const options = new Map<string, string>();
  const commands: string[] = [];
  let section = '';
  let last: string[] = [];
  for (const line of r.stdout.split('\n')) {
    if (/^\S.*:$/.test(line)) {
      section = line;
      continue;
    }
    const option = /^ {2}(-\S.*?)(?: {2,}(.*))?$/.exec(line);
    if (section === 'Options:' && option) {
      last = option[1].match(OPTION) ?? [];
      for (const o of last) options.set(o, option[2] ?? '');
    } else if (section === 'Options:' && /^ {4,}\S/.test(line)) {
      for (const o of last) options.set(o, `${options.get(o)} ${line.trim()}`);
    } else if (section === 'Commands:' && /^ {2}[a-z]/.test(line)) {
      commands.push(line.trim().split(' ')[0]);
    }
  }
  return { options, commands };
}

describe("README's usage block and the CLI's help", () => {
  const readme = readmeUsage();
  let top: ReturnType<typeof help>;
  beforeAll(() => {
    top = help('');
  });

  it('list the same commands (check first, as the default command)', () => {
    const listed = [...new Set([...readme.keys()].map((c) => c.split(' ')[0]))].filter((c) => c !== '');
    expect(listed[0]).toBe('check');
    expect(listed.sort()).toEqual(top.commands.filter((c) => c !== 'help').sort());
    expect(help('policy').commands.filter((c) => c !== 'help').map((c) => `policy ${c}`).sort()).toEqual([...readme.keys()].filter((c) => c.startsWith('policy ')).sort());
  });

  it("omlint itself: -V, --version, -h, --help", () => {
    expect([...readme.get('')!.options].sort()).toEqual([...top.options.keys()].sort());
  });

  it.each(['check', 'plan', 'merge', 'policy test', 'test', 'rules', 'explain', 'schema', 'init', 'lsp'])('omlint %s: the same options, the same defaults', (command) => {
    const section = readme.get(command);
    expect(section, `README's usage block has no line for omlint ${command}`).toBeDefined();
    const { options } = help(command);
    const inHelp = [...options.keys()].filter((o) => !HELP.includes(o)).sort();
    expect([...section!.options].sort(), `README usage of omlint ${command} (left) vs omlint ${command} --help (right)`).toEqual(inHelp);
    for (const [option, value] of section!.defaults) {
      expect(options.get(option), `${command} ${option}: the README says the default is ${value}`).toMatch(new RegExp(`default:? "?${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?`));
    }
  });

  it('states the defaults that were missing: plan --base and check --staged default to HEAD, --format to stylish', () => {
    expect(readme.get('plan')!.defaults.get('--base')).toBe('HEAD');
    expect(readme.get('check')!.defaults.get('--staged')).toBe('HEAD');
    expect(readme.get('check')!.defaults.get('--format')).toBe('stylish');
  });

  it('check is the default command: omlint <path> is omlint check <path>', () => {
    const implicit = cliProcess(['examples/clean', '--no-color'], { cwd: ROOT });
    const explicit = cliProcess(['check', 'examples/clean', '--no-color'], { cwd: ROOT });
    expect(implicit.code).toBe(0);
    expect(implicit).toEqual(explicit);
  });
});
