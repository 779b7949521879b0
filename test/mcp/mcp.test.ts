// `omlint mcp` driven by the MCP SDK's own client over stdio (the built CLI, a real process): the
// tools and their read-only annotations, check of a text and of paths equal to the CLI's JSON,
// explain, plan against a base, kinds and a schema; a planted secret never comes out; bad
// arguments are the tool's error, not a crash.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS } from '../../src/core/kinds';
import { BIN, cliProcess, TEST_CACHE_HOME } from '../cli/run';
import { expectNoLeak, plantedSecrets } from '../planted-secrets';

const ROOT = path.resolve(__dirname, '../..');
let client: Client;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-mcp-'));
  client = new Client({ name: 'omlint-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: ROOT, env: { PATH: process.env.PATH!, XDG_CACHE_HOME: TEST_CACHE_HOME }, stderr: 'pipe' }));
}, 30_000);
afterAll(async () => client?.close());

const textOf = (r: Awaited<ReturnType<Client['callTool']>>) => (r.content as { type: string; text: string }[]).map((c) => c.text).join('');

describe('omlint mcp', () => {
  it('lists its tools, each read-only', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['check', 'explain', 'list_kinds', 'list_rules', 'plan', 'schema']);
    for (const t of tools) expect(t.annotations, t.name).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(client.getServerVersion()).toMatchObject({ name: 'omlint', version: JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version });
  });

  it('check: paths give the JSON of omlint check; a text gives that of check --stdin', async () => {
    // The clock is the day's: compare with a CLI run of the same moment's files (no date rule in these).
    const file = 'examples/problems/access-list.access-list-entries.yaml';
    const byPath = JSON.parse(textOf(await client.callTool({ name: 'check', arguments: { paths: [file] } })));
    expect(byPath).toEqual(JSON.parse(cliProcess(['check', '--format', 'json', file], { cwd: ROOT }).stdout));
    expect(byPath[0].errorCount).toBeGreaterThan(0);
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const byText = JSON.parse(textOf(await client.callTool({ name: 'check', arguments: { text, filePath: 'mine.access-list-entries.yaml' } })));
    expect(byText[0].filePath).toBe('mine.access-list-entries.yaml');
    expect(byText[0].diagnostics).toEqual(byPath[0].diagnostics);
  });

  it('never returns a planted secret: check of every planted file, by text and by path', async () => {
    const { files, forcedKinds } = plantedSecrets();
    for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
    for (const [name, body] of Object.entries(files)) {
      const kind = forcedKinds[name];
      const r = await client.callTool({ name: 'check', arguments: { text: body, filePath: name, ...(kind ? { kind } : {}) } });
      expect(r.isError, textOf(r)).toBeFalsy();
      expectNoLeak(textOf(r), `check of the text of ${name}`);
    }
    const all = await client.callTool({ name: 'check', arguments: { paths: [dir] } });
    expect(JSON.parse(textOf(all)).length).toBeGreaterThan(3);
    expectNoLeak(textOf(all), 'check of the planted directory');
  }, 60_000);

  it('explain, list_kinds, schema, list_rules: what the CLI prints', async () => {
    const explain = textOf(await client.callTool({ name: 'explain', arguments: { ruleId: 'access-list-address' } }));
    expect(explain).toBe(cliProcess(['explain', 'access-list-address']).stdout);
    expect(JSON.parse(textOf(await client.callTool({ name: 'list_kinds', arguments: {} })))).toEqual([...KINDS]);
    const schema = textOf(await client.callTool({ name: 'schema', arguments: { kind: 'alert-config' } }));
    expect(schema).toBe(readFileSync(path.join(ROOT, 'schemas/alert-config.schema.json'), 'utf8'));
    const rules = JSON.parse(textOf(await client.callTool({ name: 'list_rules', arguments: {} })));
    expect(rules.map((r: { id: string }) => r.id)).toContain('access-list-address');
  });

  it('plan: a change against its base, as omlint plan --format json', async () => {
    const cwd = path.join(ROOT, 'test/data/transitions');
    const rel = (p: string) => path.relative(ROOT, path.join(cwd, p));
    const r = await client.callTool({ name: 'plan', arguments: { paths: [rel('jump-4.4-to-6.0/new.yaml')], base: rel('jump-4.4-to-6.0/base.yaml') } });
    const run = cliProcess(['plan', rel('jump-4.4-to-6.0/new.yaml'), '--base', rel('jump-4.4-to-6.0/base.yaml'), '--format', 'json'], { cwd: ROOT });
    expect(JSON.parse(textOf(r))).toEqual(JSON.parse(run.stdout));
  });

  it('is a lazy chunk of its own: a check never loads it, omlint mcp does', () => {
    const loaded = (args: string[], input?: string) => {
      const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, input, encoding: 'utf8', env: { PATH: process.env.PATH, XDG_CACHE_HOME: TEST_CACHE_HOME, OMLINT_DEBUG_CODE_CACHE: '1' } });
      return [...r.stderr.matchAll(/omlint: code cache \w+: \S*\/(core|chunk-[a-z0-9-]+?)-[0-9A-F]{8}\.js/g)].map((m) => m[1]);
    };
    const check = loaded(['check', 'examples/problems']);
    expect(check).toContain('core');
    expect(check).not.toContain('chunk-mcp');
    // The client closes stdin at once: the server loads, then ends.
    expect(loaded(['mcp'], '')).toContain('chunk-mcp');
  });

  it('bad arguments are the tool\'s error with a clear message; the server goes on', async () => {
    const both = await client.callTool({ name: 'check', arguments: {} });
    expect(both.isError).toBe(true);
    expect(textOf(both)).toMatch(/either `text` or `paths`/);
    const unknown = await client.callTool({ name: 'explain', arguments: { ruleId: 'no-such-rule' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/Unknown rule id "no-such-rule"/);
    const missing = await client.callTool({ name: 'check', arguments: { paths: ['no/such/file.yaml'] } });
    expect(missing.isError).toBe(true);
    const badKind = await client.callTool({ name: 'schema', arguments: { kind: 'nope' } });
    expect(badKind.isError).toBe(true);
    expect((await client.listTools()).tools).toHaveLength(6);
  });
});
