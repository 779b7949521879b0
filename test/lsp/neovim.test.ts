// Neovim (0.7+) as a real LSP client: headless, vim.lsp.start_client, a YAML file with a known
// problem; the diagnostics it received (vim.diagnostic.get) and a hover are written to a file.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './client';
import { ALERT, tempDir } from './fixtures';

const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const hasNvim = nvim.status === 0;
if (!hasNvim) console.warn('test/lsp/neovim.test.ts: skipped, Neovim (nvim) is not installed (apt-get install neovim).');

const SCRIPT = `
local out = vim.env.OMLINT_OUT
local file = vim.env.OMLINT_FILE
local client_id = vim.lsp.start_client({
  name = 'omlint',
  cmd = { vim.env.OMLINT_NODE, '--import', 'tsx', vim.env.OMLINT_SERVER, '--stdio' },
  cmd_cwd = vim.env.OMLINT_ROOT,
  root_dir = vim.fn.fnamemodify(file, ':h'),
})
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)
vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  local lsp = (d.user_data and d.user_data.lsp) or {}
  table.insert(lines, vim.fn.json_encode({
    lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
    severity = d.severity, source = d.source, message = d.message, code = d.code or lsp.code,
  }))
end
local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = 0, character = 3 } }
local hover = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, 10000) or {}
for _, r in pairs(hover) do
  if r.result and r.result.contents then table.insert(lines, vim.fn.json_encode({ hover = r.result.contents.value })) end
end
vim.fn.writefile(lines, out)
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
vim.cmd('qa!')
`;

describe('Neovim as a client', () => {
  it.skipIf(!hasNvim)('receives the diagnostics of a YAML file with a problem', () => {
    const dir = tempDir({ 'cpu.yaml': ALERT.replace('    delayMin: 0', '    delayMin: 0\n    colour: red') });
    const xdg = path.join(dir, '.xdg');
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const k of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_CACHE_HOME']) {
      env[k] = path.join(xdg, k.toLowerCase());
      mkdirSync(env[k]!, { recursive: true });
    }
    const script = path.join(dir, 'client.lua');
    writeFileSync(script, SCRIPT);
    Object.assign(env, {
      OMLINT_OUT: path.join(dir, 'out.jsonl'),
      OMLINT_FILE: path.join(dir, 'cpu.yaml'),
      OMLINT_NODE: process.execPath,
      OMLINT_SERVER: path.join(ROOT, 'src/server/bin.ts'),
      OMLINT_ROOT: ROOT,
    });
    const run = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', 'NONE', '-c', `luafile ${script}`], { env, cwd: dir, encoding: 'utf8', timeout: 90_000 });
    expect(run.error, run.stderr).toBeUndefined();
    const records = readFileSync(path.join(dir, 'out.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const diagnostic = records.find((r) => r.code === 'unknown-field');
    expect(diagnostic, JSON.stringify(records)).toMatchObject({ lnum: 7, col: 4, end_lnum: 7, end_col: 10, source: 'omlint', severity: 2 });
    expect(diagnostic.message).toMatch(/Unknown field `colour`/);
    expect(records.find((r) => r.hover)?.hover).toMatch(/eventTypeName/);
  }, 120_000);
});
