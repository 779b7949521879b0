// Neovim (0.7+, no file watching) as a real client of "Disable <rule> for this file" (issue 38:
// the edited config stayed an unsaved buffer the server never saw, so nothing changed). Neovim's
// own vim.lsp.buf.code_action runs the action (vim.ui.select picks it); the server writes the
// config, reads it again and the problem goes from the buffer. Both a config that governs the file
// and none (a new omlint.config.yaml beside it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './fixtures';
import { FINISH, hasNvim, runNeovim, START_CLIENT } from './neovim-harness';

if (!hasNvim) console.warn('test/lsp/neovim-disable-file.test.ts: skipped, Neovim (nvim) is not installed.');

const JSON_ALERT = `${JSON.stringify({ eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', enabled: true, metricThreshold: { metricName: 'ASSERT_REGULAR', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 5, units: 'PERCENTT' }, notifications: [{ typeName: 'GROUP', emailEnabled: true, smsEnabled: false, delayMin: 0, intervalMin: 60 }] }, null, 2)}\n`;
const UNIT_LINE = JSON_ALERT.split('\n').findIndex((l) => l.includes('PERCENTT'));

const has = (code: string) => `(function() for _, d in ipairs(vim.diagnostic.get(bufnr)) do local c = d.code or ((d.user_data or {}).lsp or {}).code; if c == '${code}' then return true end end return false end)()`;

const SCRIPT = `${START_CLIENT}
local lines = {}
vim.wait(30000, function() return ${has('invalid-value')} end, 50)
table.insert(lines, vim.fn.json_encode({ before = ${has('invalid-value')} }))
local titles = {}
vim.ui.select = function(items, opts, on_choice)
  for i, item in ipairs(items) do
    local title = opts.format_item and opts.format_item(item) or tostring(item)
    table.insert(titles, title)
    if title:find('Disable invalid%-value for this file') then return on_choice(item, i) end
  end
  on_choice(nil, nil)
end
vim.api.nvim_win_set_cursor(0, { ${UNIT_LINE + 1}, 16 })
vim.lsp.buf.code_action()
vim.wait(30000, function() return not ${has('invalid-value')} end, 50)
table.insert(lines, vim.fn.json_encode({ titles = titles, after = ${has('invalid-value')}, modified = vim.fn.getbufinfo({ bufmodified = 1 }) and #vim.fn.getbufinfo({ bufmodified = 1 }) or 0 }))
${FINISH}`;

describe('Neovim: "Disable for this file"', () => {
  for (const [name, files, expected] of [
    ['into the config that governs the file', { 'omlint.config.yaml': '# the team\'s settings\nrules: {}\n' }, "# the team's settings\nrules: {}\noverrides:\n  - files: [./disk.alert-config.json]\n    rules:\n      invalid-value: off\n"],
    ['into a new omlint.config.yaml', {}, 'overrides:\n  - files: [./disk.alert-config.json]\n    rules:\n      invalid-value: off\n'],
  ] as const) {
    it.skipIf(!hasNvim)(`${name}: written by the server, the problem goes`, () => {
      const dir = tempDir({ ...files, 'disk.alert-config.json': JSON_ALERT });
      const run = runNeovim(dir, 'disk.alert-config.json', SCRIPT);
      expect(run.error, run.stderr).toBeUndefined();
      expect(run.records[0], JSON.stringify(run.records)).toEqual({ before: true });
      expect(run.records[1].titles.some((t: string) => t.startsWith('Disable invalid-value for this file')), JSON.stringify(run.records)).toBe(true);
      expect(run.records[1].after, JSON.stringify(run.records)).toBe(false);
      // Nothing left unsaved in Neovim: the server wrote the file.
      expect(run.records[1].modified).toBe(0);
      expect(readFileSync(path.join(dir, 'omlint.config.yaml'), 'utf8')).toBe(expected);
    }, 120_000);
  }
});
