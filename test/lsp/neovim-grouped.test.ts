// Neovim as a real client of a grouped finding (the same unknown field in three notifications,
// aggregated by the engine, issue 15): each of its places carries a diagnostic Neovim shows, not
// only the first (issue 38: related information alone is invisible in the editor).
import { describe, expect, it } from 'vitest';
import { REPEATED_UNKNOWN, tempDir } from './fixtures';
import { FINISH, hasNvim, runNeovim, START_CLIENT } from './neovim-harness';

if (!hasNvim) console.warn('test/lsp/neovim-grouped.test.ts: skipped, Neovim (nvim) is not installed.');


const SCRIPT = `${START_CLIENT}vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  local lsp = (d.user_data and d.user_data.lsp) or {}
  table.insert(lines, vim.fn.json_encode({ lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity, code = d.code or lsp.code }))
end
${FINISH}`;

describe('Neovim: a grouped finding', () => {
  it.skipIf(!hasNvim)('shows a diagnostic at each of its places', () => {
    const { records, error, stderr } = runNeovim(tempDir({ 'cpu.alert-config.yaml': REPEATED_UNKNOWN }), 'cpu.alert-config.yaml', SCRIPT);
    expect(error, stderr).toBeUndefined();
    const places = records.filter((r) => r.code === 'unknown-field').map((r) => [r.lnum, r.col, r.end_col, r.severity]);
    expect(places, JSON.stringify(records)).toEqual([
      [5, 4, 8, 2],
      [8, 4, 8, 2],
      [11, 4, 8, 2],
    ]);
  }, 120_000);
});
