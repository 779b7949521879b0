// The extension's manifest agrees with the schemas' catalog and omlint's version, and the
// extension hands omlint's answers for the right documents (extension/src/scope.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inScope, nameDeclaresKind, textDeclaresKind } from '../../extension/src/scope';
import { statusText } from '../../extension/src/status';
import { VERSION } from '../../src/core/version';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'extension/package.json'), 'utf8'));
const catalog = JSON.parse(readFileSync(path.join(ROOT, 'schemas/catalog.json'), 'utf8')) as { schemas: { fileMatch: string[]; url: string }[] };

describe('extension manifest', () => {
  it('has omlint’s version and what vsce and VS Code need', () => {
    expect(manifest.version).toBe(VERSION);
    expect(manifest.engines.vscode).toMatch(/^\^1\.\d+\.0$/);
    expect(manifest.license).toBe('Apache-2.0');
    expect(manifest.main).toBe('./dist/extension.js');
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.activationEvents).toEqual(expect.arrayContaining(['onLanguage:yaml', 'onLanguage:json', 'workspaceContains:**/omlint.config.{yaml,yml,json}']));
    expect(manifest.contributes.commands.map((c: { command: string }) => c.command)).toEqual(expect.arrayContaining(['omlint.fixAll', 'omlint.showRuleDocs', 'omlint.restart']));
    expect(Object.keys(manifest.contributes.configuration.properties)).toEqual(expect.arrayContaining(['omlint.enable', 'omlint.trace.server', 'omlint.targetVersion', 'omlint.files']));
  });

  it('leaves the reports on omlint documents to omlint: no JSON/YAML schema associations (VS Code\'s JSON validation would repeat them)', () => {
    // The catalog still names every kind's schema for those who associate them themselves.
    expect(catalog.schemas.length).toBeGreaterThan(0);
    expect(manifest.contributes.jsonValidation).toBeUndefined();
    expect(manifest.contributes.yamlValidation).toBeUndefined();
  });

  it('ships every rule\'s page in the .vsix (the Markdown preview of the diagnostics\' links)', () => {
    const ignore = readFileSync(path.join(ROOT, 'extension/.vscodeignore'), 'utf8').split('\n');
    expect(ignore).toEqual(expect.arrayContaining(['**', '!docs/rules/*.md', '!dist/server.mjs', '!schemas/*.json']));
    // run-e2e.ts checks the built .vsix holds them, and opens one from a diagnostic.
  });
});

describe('which documents the extension answers for', () => {
  const doc = (uriPath: string, text = '', matchesFiles = false) => inScope({ uriPath, text, matchesFiles });

  it.each([
    ['/w/omlint.config.yaml', '', false, true],
    ['/w/omlint.config.json', '', false, true],
    ['/w/cpu.alert-config.yaml', '', false, true],
    ['/w/p.integration.json', '', false, true],
    ['/w/cpu.yaml', '# omlint: kind=alert-config\neventTypeName: HOST_DOWN\n', false, true],
    ['/w/cpu.yaml', '# yaml-language-server: $schema=../schemas/alert-config.schema.json\n', false, true],
    ['/w/cpu.yaml', '# yaml-language-server: $schema=https://json.schemastore.org/github-workflow.json\n', false, false],
    ['/w/cpu.yaml', 'eventTypeName: HOST_DOWN\n', true, true],
    ['/w/cpu.yaml', 'eventTypeName: HOST_DOWN\n', false, false],
    ['/w/ci.yml', 'on: push\n', false, false],
    ['/w/x.unknown-kind.yaml', '', false, false],
  ])('%s %j (matches omlint.files: %s) → %s', (uriPath, text, matches, expected) => {
    expect(doc(uriPath, text, matches)).toBe(expected);
  });

  it('knows the kinds of the file-name convention and the modelines', () => {
    expect(nameDeclaresKind('a.automation-config.yml')).toBe(true);
    expect(nameDeclaresKind('a.config.yml')).toBe(false);
    expect(textDeclaresKind('#omlint:kind=integration')).toBe(true);
    expect(textDeclaresKind('no comment')).toBe(false);
  });
});

describe('status bar text', () => {
  it('shows the icon of the worst problem of the file (error over warning over info) and the count', () => {
    expect(statusText(true, [1, 0, 2])).toBe('$(error) omlint 3');
    expect(statusText(true, [1, 2])).toBe('$(warning) omlint 2');
    expect(statusText(true, [2])).toBe('$(info) omlint 1');
    expect(statusText(true, [])).toBe('$(check) omlint');
    expect(statusText(false, [0])).toBe('$(dash) omlint');
  });
});
