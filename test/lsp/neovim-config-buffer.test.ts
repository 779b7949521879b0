// Neovim (0.7+, no file watching) and a config it has open (issue 38: the new or changed config must
// be read again on didChange/didSave of a config the server knows about, also when the server wrote
// it): "Disable <rule> for this file" in JSON edits the config's buffer (workspace/applyEdit, which
// Neovim applies and reports as didChange) and the problem goes before the buffer is saved; a hand
// edit of the config buffer takes a rule off and back on; written and closed, the file on disk
// holds. And "Disable <rule> for this file" in YAML: the directive on the file's first line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPEATED_UNKNOWN, tempDir } from './fixtures';
import { FINISH, hasNvim, runNeovim, START_CLIENT } from './neovim-harness';

if (!hasNvim) console.warn('test/lsp/neovim-config-buffer.test.ts: skipped, Neovim (nvim) is not installed.');

const JSON_ALERT = `${JSON.stringify({ eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', enabled: true, metricThreshold: { metricName: 'ASSERT_REGULAR', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 5, units: 'PERCENTT' }, notifications: [{ typeName: 'GROUP', emailEnabled: true, smsEnabled: false, delayMin: 0, intervalMin: 60 }] }, null, 2)}\n`;
const UNIT_LINE = JSON_ALERT.split('\n').findIndex((l) => l.includes('PERCENTT'));
const CONFIG = "# the team's settings\nrules: {}\n";

const has = (code: string) => `(function() for _, d in ipairs(vim.diagnostic.get(bufnr)) do local c = d.code or ((d.user_data or {}).lsp or {}).code; if c == '${code}' then return true end end return false end)()`;

/** Lua: picks the code action whose title starts with `title` (vim.ui.select as a user would). */
const pick = (title: string) => `
vim.ui.select = function(items, opts, on_choice)
  for i, item in ipairs(items) do
    local t = opts.format_item and opts.format_item(item) or tostring(item)
    if t:sub(1, ${title.length}) == ${JSON.stringify(title)} then return on_choice(item, i) end
  end
  on_choice(nil, nil)
end`;

const CONFIG_SCRIPT = `${START_CLIENT}
local lines = {}
local function record(tag) table.insert(lines, vim.fn.json_encode({ tag = tag, problem = ${has('invalid-value')} })) end
-- The config open in a buffer of its own, attached as the JSON's (didOpen).
local cfg = vim.fn.bufadd(vim.fn.fnamemodify(file, ':h') .. '/omlint.config.yaml')
vim.fn.bufload(cfg)
vim.lsp.buf_attach_client(cfg, client_id)
vim.wait(30000, function() return ${has('invalid-value')} end, 50)
record('before')
${pick('Disable invalid-value for this file')}
vim.api.nvim_win_set_cursor(0, { ${UNIT_LINE + 1}, 16 })
vim.lsp.buf.code_action()
vim.wait(30000, function() return not ${has('invalid-value')} end, 50)
record('disabled')
table.insert(lines, vim.fn.json_encode({ tag = 'buffer', text = table.concat(vim.api.nvim_buf_get_lines(cfg, 0, -1, false), '\\n'), modified = vim.bo[cfg].modified }))
-- A hand edit of the config's buffer: the override gone, the problem back (unsaved: didChange).
vim.api.nvim_buf_set_lines(cfg, 2, -1, false, {})
vim.wait(30000, function() return ${has('invalid-value')} end, 50)
record('override removed')
-- The rule off for every file, written and the buffer closed (didSave, didClose: read from disk).
vim.api.nvim_buf_set_lines(cfg, 1, 2, false, { 'rules: { invalid-value: off }' })
vim.api.nvim_buf_call(cfg, function() vim.cmd('silent write') end)
vim.cmd('bwipeout ' .. cfg)
vim.wait(30000, function() return not ${has('invalid-value')} end, 50)
record('written and closed')
${FINISH}`;

const YAML_SCRIPT = `${START_CLIENT}
local lines = {}
vim.wait(30000, function() return ${has('unknown-field')} end, 50)
local count = function() local n = 0; for _, d in ipairs(vim.diagnostic.get(bufnr)) do local c = d.code or ((d.user_data or {}).lsp or {}).code; if c == 'unknown-field' then n = n + 1 end end return n end
table.insert(lines, vim.fn.json_encode({ places = count() }))
${pick('Disable unknown-field for this file')}
vim.api.nvim_win_set_cursor(0, { 6, 5 })
vim.lsp.buf.code_action()
vim.wait(30000, function() return count() == 0 end, 50)
table.insert(lines, vim.fn.json_encode({ places = count(), others = #vim.diagnostic.get(bufnr), first = vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1] }))
${FINISH}`;

describe('Neovim: a config open in a buffer', () => {
  it.skipIf(!hasNvim)('"Disable for this file" edits its buffer and the problem goes; hand edits count unsaved; written and closed, the file holds', () => {
    const dir = tempDir({ 'omlint.config.yaml': CONFIG, 'disk.alert-config.json': JSON_ALERT });
    const run = runNeovim(dir, 'disk.alert-config.json', CONFIG_SCRIPT);
    expect(run.error, run.stderr).toBeUndefined();
    const by = Object.fromEntries(run.records.map((r) => [r.tag, r]));
    const all = JSON.stringify(run.records);
    expect(by.before?.problem, all).toBe(true);
    expect(by.disabled?.problem, all).toBe(false);
    // The server edited the buffer, not the file: it is the user's to save.
    expect(by.buffer, all).toEqual({ tag: 'buffer', text: `${CONFIG}overrides:\n  - files: [./disk.alert-config.json]\n    rules:\n      invalid-value: off`, modified: true });
    expect(by['override removed']?.problem, all).toBe(true);
    expect(by['written and closed']?.problem, all).toBe(false);
    expect(readFileSync(path.join(dir, 'omlint.config.yaml'), 'utf8')).toBe("# the team's settings\nrules: { invalid-value: off }\n");
  }, 120_000);
});

describe('Neovim: "Disable for this file" in YAML', () => {
  it.skipIf(!hasNvim)('puts the directive on the first line; every place of the rule goes', () => {
    const dir = tempDir({ 'cpu.alert-config.yaml': REPEATED_UNKNOWN });
    const run = runNeovim(dir, 'cpu.alert-config.yaml', YAML_SCRIPT);
    expect(run.error, run.stderr).toBeUndefined();
    expect(run.records, JSON.stringify(run.records)).toEqual([{ places: 3 }, { places: 0, others: 0, first: '# omlint-disable unknown-field' }]);
  }, 120_000);
});
