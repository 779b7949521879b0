// Neovim (0.7+) as a real LSP client: headless, vim.lsp.start_client, a YAML file with a known
// problem; the diagnostics it received (vim.diagnostic.get) and a hover are written to a file.
import { describe, expect, it } from 'vitest';
import { ALERT, tempDir } from './fixtures';
import { FINISH, hasNvim, runNeovim, START_CLIENT } from './neovim-harness';

if (!hasNvim) console.warn('test/lsp/neovim.test.ts: skipped, Neovim (nvim) is not installed (apt-get install neovim).');

const SCRIPT = `${START_CLIENT}vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
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
${FINISH}`;

describe('Neovim as a client', () => {
  it.skipIf(!hasNvim)('receives the diagnostics of a YAML file with a problem', () => {
    const dir = tempDir({ 'cpu.yaml': ALERT.replace('    delayMin: 0', '    delayMin: 0\n    colour: red') });
    const run = runNeovim(dir, 'cpu.yaml', SCRIPT);
    expect(run.error, run.stderr).toBeUndefined();
    const { records } = run;
    const diagnostic = records.find((r) => r.code === 'unknown-field');
    expect(diagnostic, JSON.stringify(records)).toMatchObject({ lnum: 7, col: 4, end_lnum: 7, end_col: 10, source: 'omlint', severity: 2 });
    expect(diagnostic.message).toMatch(/Unknown field `colour`/);
    expect(records.find((r) => r.hover)?.hover).toMatch(/eventTypeName/);
  }, 120_000);
});
