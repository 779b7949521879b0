// Neovim as a real client of formatting: the setting omlint.format.enable comes from the client's
// `settings` (Neovim answers workspace/configuration from them), and Neovim's own formatting
// request (vim.lsp.buf.format from 0.8, formatting_sync before) rewrites the buffer, comments kept.
import { describe, expect, it } from 'vitest';
import { tempDir } from './fixtures';
import { FINISH, hasNvim, runNeovim, START_CLIENT } from './neovim-harness';

if (!hasNvim) console.warn('test/lsp/neovim-format.test.ts: skipped, Neovim (nvim) is not installed.');

const YAML = `# on-call alert
eventTypeName:    HOST_DOWN
enabled: true
notifications:
    - typeName: EMAIL   # the list
      emailAddress: dba@example.com
      intervalMin: 60
      delayMin: 0
`;

const WITH_SETTINGS = START_CLIENT.replace("root_dir = vim.fn.fnamemodify(file, ':h'),", "root_dir = vim.fn.fnamemodify(file, ':h'),\n  settings = { omlint = { format = { enable = true } } },\n  -- Neovim 0.7 sends the settings only when told to (as nvim-lspconfig does); later versions are asked.\n  on_init = function(client) client.notify('workspace/didChangeConfiguration', { settings = client.config.settings }) end,");

const SCRIPT = `${WITH_SETTINGS}
local lines = {}
vim.wait(30000, function() local c = vim.lsp.get_client_by_id(client_id); return c ~= nil and c.server_capabilities ~= nil and next(c.server_capabilities) ~= nil end, 50)
-- The editor's indentation is the request's tabSize (Neovim sends the buffer's shiftwidth).
vim.bo[bufnr].shiftwidth = 2
vim.bo[bufnr].expandtab = true
if vim.lsp.buf.format then vim.lsp.buf.format({ timeout_ms = 20000 }) else vim.lsp.buf.formatting_sync(nil, 20000) end
table.insert(lines, vim.fn.json_encode({ text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\\n') }))
${FINISH}`;

describe('Neovim: formatting', () => {
  it.skipIf(!hasNvim)('formats the buffer where the settings turn it on', () => {
    if (!WITH_SETTINGS.includes('format = { enable = true }')) throw new Error('the harness changed: settings not added');
    const dir = tempDir({ 'cpu.alert-config.yaml': YAML });
    const run = runNeovim(dir, 'cpu.alert-config.yaml', SCRIPT);
    expect(run.error, run.stderr).toBeUndefined();
    // Neovim's lines have no final line break.
    const printed = YAML.replace('eventTypeName:    ', 'eventTypeName: ').replace('EMAIL   #', 'EMAIL #').replace(/^ {4}/gm, '  ').replace(/\n$/, '');
    expect(run.records[0]?.text, JSON.stringify(run.records)).toBe(printed);
  }, 120_000);
});
