// `omlint mcp`: an MCP server over stdio (@modelcontextprotocol/sdk) for editors and assistants.
// Its tools are the CLI's read-only commands run in this process with `--format json` (the
// library's runs, src/api/api.ts): check a text or paths, explain a rule, plan a change against a
// base, list the kinds, give a kind's JSON Schema, list the rules. What they return is what the
// CLI prints, so secrets are masked exactly as in every report; no tool writes a file.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { createApi, runCommand, type ApiCore, type ApiIO } from '../api/api';
import { OmlintError } from '../api/types';
import { KINDS } from '../core/kinds';
import { VERSION } from '../core/version';
import { formatResults } from '../format/index';

export type CliMain = (argv: string[], io: ApiIO) => Promise<number>;

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

type ToolResult = { content: { type: 'text'; text: string }[]; isError?: boolean };
const text = (t: string): ToolResult => ({ content: [{ type: 'text', text: t }] });
const json = (v: unknown): ToolResult => text(JSON.stringify(v, null, 2));

/** A tool's answer, or its error as the tool's own result (the assistant reads it), never a crash. */
async function answer(run: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof OmlintError) return { content: [{ type: 'text', text: `omlint: ${e.message}` }], isError: true };
    throw e;
  }
}

const runOptions = {
  config: z.string().optional().describe('a configuration file for every input (default: the omlint.config.yaml governing each file)'),
  kind: z.enum(KINDS).optional().describe('force the kind of every input'),
  targetVersion: z.string().regex(/^\d+\.\d+$/).optional().describe('Ops Manager version the documents are for, e.g. 7.0 (--target-version): features it removed and fields it does not know yet are errors'),
};

/** The server and its tools, on `main` (the CLI's), from `cwd`. */
export function mcpServer(main: CliMain, cwd: string): McpServer {
  const core: ApiCore = { main, formatResults: formatResults as unknown as ApiCore['formatResults'] };
  const api = createApi(core);
  const server = new McpServer({ name: 'omlint', version: VERSION });

  server.registerTool('check', {
    title: 'Check Ops Manager documents',
    description: 'Lint Ops Manager Public API v1.0 documents (alert configurations, maintenance windows, integrations, access lists, automation configuration…), YAML or JSON: either `text` (one document text, named by `filePath`) or `paths` (files and directories, relative to the server\'s directory). Returns the JSON report of `omlint check --format json`: per file its findings with rule id, severity, message, JSON pointer and range. Secrets are masked.',
    inputSchema: {
      text: z.string().optional().describe('the document text to check'),
      filePath: z.string().optional().describe('the file name the text stands for (its kind and configuration follow from it), e.g. alerts/cpu.alert-config.yaml'),
      paths: z.array(z.string()).optional().describe('files or directories to check'),
      ...runOptions,
    },
    annotations: { title: 'Check documents', ...READ_ONLY },
  }, (a) => answer(async () => {
    if ((a.text === undefined) === (a.paths === undefined)) throw new OmlintError('check: give either `text` or `paths`');
    const o = { cwd, config: a.config, kind: a.kind, targetVersion: a.targetVersion };
    return json(a.text !== undefined ? await api.lintText(a.text, { ...o, filePath: a.filePath }) : await api.lint(a.paths!, o));
  }));

  server.registerTool('explain', {
    title: 'Explain a rule',
    description: 'The documentation of one rule (or a policy of the configuration): what it checks, why, and examples, in Markdown, as `omlint explain <rule-id>`.',
    inputSchema: { ruleId: z.string().describe('a rule id, as in a finding\'s ruleId'), config: runOptions.config },
    annotations: { title: 'Explain a rule', ...READ_ONLY },
  }, (a) => answer(async () => text(await runCommand(core, ['explain', ...(a.config ? ['--config', a.config] : []), '--', a.ruleId], cwd))));

  server.registerTool('plan', {
    title: 'Plan a change against a base',
    description: 'What applying the files would change against their previous state (`base`: a file such as a saved GET, a directory of the same layout, or a git revision; default HEAD): versions, processes, members, restarts, removed fields, with the findings of the transition rules. The JSON of `omlint plan --format json`.',
    inputSchema: {
      paths: z.array(z.string()).min(1).describe('the changed files'),
      base: z.string().optional().describe('the previous state: a file, a directory, or a git revision (default HEAD)'),
      partial: z.boolean().optional().describe('the files are partial documents (write bodies)'),
      ...runOptions,
    },
    annotations: { title: 'Plan a change', ...READ_ONLY },
  }, (a) => answer(async () => json(await api.plan(a.paths, { cwd, base: a.base, partial: a.partial, config: a.config, kind: a.kind, targetVersion: a.targetVersion }))));

  server.registerTool('list_kinds', {
    title: 'List document kinds',
    description: 'The Ops Manager document kinds omlint knows, by the names `check` reports and `schema` takes.',
    inputSchema: {},
    annotations: { title: 'List kinds', ...READ_ONLY },
  }, () => answer(async () => json(KINDS)));

  server.registerTool('schema', {
    title: 'A kind\'s JSON Schema',
    description: 'The JSON Schema (draft 2020-12) of one document kind, as `omlint schema <kind>`.',
    inputSchema: { kind: z.enum(KINDS).describe('a kind from list_kinds') },
    annotations: { title: 'JSON Schema of a kind', ...READ_ONLY },
  }, (a) => answer(async () => text(await runCommand(core, ['schema', a.kind], cwd))));

  server.registerTool('list_rules', {
    title: 'List rules',
    description: 'The rule catalogue (id, kinds, default severity, fixable, description) and the policies of the configuration, as `omlint rules --format json`.',
    inputSchema: { config: runOptions.config },
    annotations: { title: 'List rules', ...READ_ONLY },
  }, (a) => answer(async () => json(await api.rules({ cwd, config: a.config }))));

  return server;
}

/** `omlint mcp`: serves on stdin/stdout until the client closes them. */
export async function runMcp(main: CliMain, cwd: string): Promise<void> {
  const server = mcpServer(main, cwd);
  const transport = new StdioServerTransport();
  // The client closing stdin ends the session, and the process with it.
  process.stdin.once('end', () => void server.close().finally(() => process.exit(0)));
  await server.connect(transport);
}
