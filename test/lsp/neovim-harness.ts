// Runs a Lua script in a headless Neovim with its own XDG directories (Neovim writes to $HOME
// otherwise), the omlint server from source, and returns the JSON lines the script wrote.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './client';

export const hasNvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;

/** Lua that starts omlint as a client of the buffer of OMLINT_FILE (bufnr, client_id are locals). */
export const START_CLIENT = `
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
`;

/** Lua that writes the local \`lines\` to OMLINT_OUT, stops the client and quits. */
export const FINISH = `
vim.fn.writefile(lines, out)
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
vim.cmd('qa!')
`;

export function runNeovim(dir: string, fileName: string, lua: string): { records: any[]; stderr: string; error?: Error } {
  const xdg = path.join(dir, '.xdg');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_CACHE_HOME']) {
    env[k] = path.join(xdg, k.toLowerCase());
    mkdirSync(env[k]!, { recursive: true });
  }
  const script = path.join(dir, 'client.lua');
  writeFileSync(script, lua);
  Object.assign(env, {
    OMLINT_OUT: path.join(dir, 'out.jsonl'),
    OMLINT_FILE: path.join(dir, fileName),
    OMLINT_NODE: process.execPath,
    OMLINT_SERVER: path.join(ROOT, 'src/bin/language-server.ts'),
    OMLINT_ROOT: ROOT,
  });
  const run = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', 'NONE', '-c', `luafile ${script}`], { env, cwd: dir, encoding: 'utf8', timeout: 90_000 });
  let text = '';
  try {
    text = readFileSync(path.join(dir, 'out.jsonl'), 'utf8');
  } catch {
    text = '';
  }
  return { records: text.trim() ? text.trim().split('\n').map((l) => JSON.parse(l)) : [], stderr: run.stderr, error: run.error };
}
