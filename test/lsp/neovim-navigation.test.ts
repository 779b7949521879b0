// Neovim (0.7+) as a real LSP client of the navigation features: definition from a member host to
// its process, and rename of a process applied by Neovim itself to the buffer.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { tempDir } from './fixtures';
import { AUTOMATION_YAML } from './automation-fixture';
import { FINISH, hasNvim, runNeovim, START_CLIENT } from './neovim-harness';

const SCRIPT = `${START_CLIENT}
-- Wait until the server answered a first request (it is up and has the buffer).
vim.wait(30000, function()
  local r = vim.lsp.buf_request_sync(bufnr, 'textDocument/documentSymbol', { textDocument = { uri = vim.uri_from_bufnr(bufnr) } }, 2000) or {}
  for _, x in pairs(r) do if x.result and #x.result > 0 then return true end end
  return false
end, 200)
local lines = {}
local uri = vim.uri_from_bufnr(bufnr)
-- Line 27 (0-based) is "        host: rs0_1": the cursor on rs0_1.
local def = vim.lsp.buf_request_sync(bufnr, 'textDocument/definition', { textDocument = { uri = uri }, position = { line = 27, character = 16 } }, 10000) or {}
for _, r in pairs(def) do
  for _, loc in ipairs(r.result or {}) do table.insert(lines, vim.fn.json_encode({ definition = loc.range, uri = loc.uri })) end
end
local prep = vim.lsp.buf_request_sync(bufnr, 'textDocument/prepareRename', { textDocument = { uri = uri }, position = { line = 3, character = 6 } }, 10000) or {}
for _, r in pairs(prep) do table.insert(lines, vim.fn.json_encode({ prepareOnKey = r.result == nil or r.result == vim.NIL })) end
local ren = vim.lsp.buf_request_sync(bufnr, 'textDocument/rename', { textDocument = { uri = uri }, position = { line = 27, character = 16 }, newName = 'node-1' }, 10000) or {}
for _, r in pairs(ren) do
  if r.result then vim.lsp.util.apply_workspace_edit(r.result, 'utf-16') end
end
table.insert(lines, vim.fn.json_encode({ text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\\n') }))
${FINISH}`;

describe('Neovim as a client of navigation', () => {
  it.skipIf(!hasNvim)('goes to a definition and renames a process', () => {
    const dir = tempDir({ 'automation.yaml': AUTOMATION_YAML });
    const run = runNeovim(dir, 'automation.yaml', SCRIPT);
    expect(run.error, run.stderr).toBeUndefined();
    const def = run.records.find((r) => r.definition);
    expect(def, JSON.stringify(run.records)).toMatchObject({ definition: { start: { line: 9, character: 10 }, end: { line: 9, character: 15 } } });
    expect(def.uri).toMatch(/automation\.yaml$/);
    expect(run.records.find((r) => 'prepareOnKey' in r)?.prepareOnKey).toBe(true);
    const text = run.records.find((r) => r.text)?.text as string;
    const renamed = parse(text);
    expect(renamed.processes[1].name).toBe('node-1');
    expect(renamed.replicaSets[0].members[1].host).toBe('node-1');
    expect(text).not.toContain('rs0_1');
  }, 120_000);
});
