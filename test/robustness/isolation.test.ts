// No network, no execution: linting (the built CLI, as a real process) loads no network or
// process module and makes no such call; configuration files are data, never code.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OmlintLanguageService } from '../../src/server/service';
import { NETWORK_MODULES, PROCESS_MODULES, ensureBuilt, runBundle, tempDir } from './support';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { pathToFileURL } from 'node:url';

const ALERT_WITH_ERROR = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    intervalMin: 1\n    delayMin: 0\nbogusField: 1\n';

/** A config written as code: if omlint ever ran it, it would leave a marker file and turn every rule off. */
function codeConfig(marker: string, flavour: 'esm' | 'cjs'): string {
  const body = `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran'); process.exitCode = 0;`;
  return flavour === 'esm'
    ? `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url); ${body}\nexport default { rules: { 'unknown-field': 'off' } };\n`
    : `${body}\nmodule.exports = { rules: { 'unknown-field': 'off' } };\n`;
}

beforeAll(() => ensureBuilt(), 120_000);

describe('linting loads no network or process module and makes no such call', () => {
  it('(the probe sees such loads and calls)', async () => {
    const dir = tempDir('probe-self-test');
    const script = path.join(dir, 'bad.mjs');
    writeFileSync(script, "import { createRequire } from 'node:module'; import 'node:https';\nconst require = createRequire(import.meta.url); require('node:child_process').spawnSync(process.execPath, ['-e', '0']); require('http');\nawait import('node:dns');\n");
    const r = await runBundle([], { script });
    expect(r.code).toBe(0);
    expect(r.modules).toEqual(expect.arrayContaining(['https', 'child_process', 'http', 'dns']));
    expect(r.calls).toEqual(['child_process.spawnSync']);
    expect(r.maxRssMB).toBeGreaterThan(10);
  });

  it.each([
    ['stylish', []],
    ['json', ['--format', 'json']],
    ['sarif', ['--format', 'sarif']],
    ['--fix-dry-run', ['--fix-dry-run', '--format', 'json']],
    ['--cache', ['--cache', '--cache-location', '.omlint-cache-probe']],
  ])('%s', async (_name, extra) => {
    const dir = tempDir('isolation');
    writeFileSync(path.join(dir, 'cpu.alert-config.yaml'), ALERT_WITH_ERROR);
    writeFileSync(path.join(dir, 'hook.integration.json'), '{"type": "WEBHOOK", "url": "https://hooks.example.com/T0/B0/secret-path"}\n');
    writeFileSync(path.join(dir, 'omlint.config.yaml'), 'rules: {}\n');
    const r = await runBundle(['check', '--now', '2026-11-21T00:00:00Z', ...extra, '.'], { cwd: dir });
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code).toBe(1);
    expect(r.modules.length).toBeGreaterThan(0); // the probe saw the loads
    for (const m of [...NETWORK_MODULES, ...PROCESS_MODULES.filter((p) => p !== 'child_process')]) expect(r.modules, m).not.toContain(m);
    // commander require()s child_process when it loads (for executable subcommands, which omlint
    // does not have); what matters is that nothing is ever started.
    expect(r.calls).toEqual([]);
  });

  it('the rules and explain commands do not either', async () => {
    for (const args of [['rules'], ['explain', 'plaintext-secret'], ['schema', 'integration']]) {
      const r = await runBundle(args);
      expect(r.code).toBe(0);
      for (const m of NETWORK_MODULES) expect(r.modules, `${args[0]}: ${m}`).not.toContain(m);
      expect(r.calls).toEqual([]);
    }
  });
});

describe('configuration files are data', () => {
  it('omlint.config.js, .cjs and .mjs are never loaded; the .yaml one is', async () => {
    const dir = tempDir('config-code');
    const marker = path.join(dir, 'MARKER');
    writeFileSync(path.join(dir, 'omlint.config.js'), codeConfig(marker, 'esm'));
    writeFileSync(path.join(dir, 'omlint.config.mjs'), codeConfig(marker, 'esm'));
    writeFileSync(path.join(dir, 'omlint.config.cjs'), codeConfig(marker, 'cjs'));
    writeFileSync(path.join(dir, 'omlint.config.ts'), codeConfig(marker, 'esm'));
    mkdirSync(path.join(dir, 'alerts'));
    writeFileSync(path.join(dir, 'alerts', 'cpu.alert-config.yaml'), ALERT_WITH_ERROR);
    const r = await runBundle(['check', '--format', 'json', '.'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(existsSync(marker)).toBe(false);
    expect(r.stdout).toContain('unknown-field'); // the code configs' "off" had no effect
    expect(r.modules.filter((m) => /omlint\.config/.test(m))).toEqual([]);
    expect(r.calls).toEqual([]);

    // Sanity: a data config next to them is read (so the directory really is searched).
    writeFileSync(path.join(dir, 'omlint.config.yaml'), "rules:\n  unknown-field: 'off'\n");
    const withYaml = await runBundle(['check', '--format', 'json', '.'], { cwd: dir });
    expect(withYaml.stdout).not.toContain('unknown-field');
    expect(existsSync(marker)).toBe(false);
  });

  it.each(['omlint.config.js', 'omlint.config.mjs', 'omlint.config.cjs'])('--config %s is read as text, never run (configuration error, exit 2)', async (name) => {
    const dir = tempDir('config-explicit');
    const marker = path.join(dir, 'MARKER');
    writeFileSync(path.join(dir, name), codeConfig(marker, name.endsWith('.cjs') ? 'cjs' : 'esm'));
    writeFileSync(path.join(dir, 'cpu.alert-config.yaml'), ALERT_WITH_ERROR);
    const r = await runBundle(['check', '--config', name, 'cpu.alert-config.yaml'], { cwd: dir });
    expect(existsSync(marker)).toBe(false);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/configuration error/);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.calls).toEqual([]);
  });

  it('the language service does not run code configs either', async () => {
    const dir = tempDir('config-lsp');
    const marker = path.join(dir, 'MARKER');
    for (const name of ['omlint.config.js', 'omlint.config.mjs', 'omlint.config.cjs']) {
      writeFileSync(path.join(dir, name), codeConfig(marker, name.endsWith('.cjs') ? 'cjs' : 'esm'));
    }
    writeFileSync(path.join(dir, 'cpu.alert-config.yaml'), ALERT_WITH_ERROR);
    const service = new OmlintLanguageService({ now: () => new Date('2026-11-21T00:00:00Z') });
    for (const name of ['omlint.config.js', 'cpu.alert-config.yaml']) {
      const text = name.endsWith('.yaml') ? ALERT_WITH_ERROR : codeConfig(marker, 'esm');
      const doc = TextDocument.create(pathToFileURL(path.join(dir, name)).href, name.endsWith('.yaml') ? 'yaml' : 'javascript', 1, text);
      service.setDocument(doc);
      const diagnostics = await service.diagnostics(doc);
      if (name.endsWith('.yaml')) expect(diagnostics.map((d) => d.code)).toContain('unknown-field');
    }
    expect(existsSync(marker)).toBe(false);
  });
});
