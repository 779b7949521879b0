// The language service called directly: document symbols, folding ranges and selection ranges.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { DocumentSymbol, SelectionRange } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { OmlintLanguageService } from '../../src/server/service';
import { jsonFoldingRanges, yamlFoldingRanges } from '../../src/server/folding';
import { TextLines } from '../../src/syntax/cursor';
import { ALERT, NOW, openDoc, positionOf, tempDir } from './fixtures';
import { AUTOMATION_YAML } from './automation-fixture';

const outline = (syms: DocumentSymbol[], depth = 0): string[] =>
  syms.flatMap((s) => [`${'  '.repeat(depth)}${s.name}${s.detail ? ` (${s.detail})` : ''}`, ...outline(s.children ?? [], depth + 1)]);

const chainOf = (doc: TextDocument, r: SelectionRange | undefined): string[] => {
  const out: string[] = [];
  for (let x = r; x; x = x.parent) out.push(doc.getText(x.range).split('\n')[0]);
  return out;
};

describe('outline, folding, selection', () => {
  const service = new OmlintLanguageService({ now: NOW });
  const dir = tempDir();

  it('outlines an automation configuration: processes with type and version, replica sets with members, clusters, versions', () => {
    const doc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML);
    const syms = service.documentSymbols(doc);
    expect(outline(syms)).toEqual([
      'processes',
      '  rs0_0 (mongod 7.0.12)',
      '  rs0_1 (mongod 7.0.12)',
      '  mongos_0 (mongos 7.0.12)',
      'replicaSets',
      '  rs0 (2 members)',
      '    rs0_0',
      '    rs0_1',
      'sharding',
      '  sh0 (1 shard, 1 mongos)',
      '    shard0 (rs0)',
      'mongoDbVersions',
      '  7.0.12',
    ]);
    const rs1 = syms[0].children?.[1] as DocumentSymbol;
    expect(doc.getText(rs1.selectionRange)).toBe('rs0_1');
    expect(rs1.range.start).toEqual({ line: 9, character: 4 });
    expect(rs1.range.end).toEqual({ line: 16, character: 26 });
  });

  it('outlines alert configs by event type and metric, in a list response too', () => {
    const doc = openDoc(service, dir, 'alerts.json', JSON.stringify({ results: [
      { eventTypeName: 'HOST_DOWN', enabled: true, notifications: [] },
      { eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', enabled: true, metricThreshold: { metricName: 'ASSERT_REGULAR', operator: 'GREATER_THAN', threshold: 1, units: 'RAW', mode: 'AVERAGE' }, notifications: [] },
    ], totalCount: 2, links: [] }, null, 2));
    expect(outline(service.documentSymbols(doc))).toEqual(['HOST_DOWN', 'OUTSIDE_METRIC_THRESHOLD (ASSERT_REGULAR)']);
    const one = openDoc(service, dir, 'cpu.yaml', ALERT);
    const [sym] = service.documentSymbols(one);
    expect(one.getText(sym.selectionRange)).toBe('HOST_DOWN');
  });

  it('outlines a real automation configuration (mongodb-kubernetes bug-hunt fixed-ac.json, 1.9 MB)', () => {
    const text = readFileSync('../shared/corpus/automation-config/mck__bug-hunt__artifacts__fixed-ac.json', 'utf8');
    const doc = openDoc(service, dir, 'automation-config.json', text);
    const syms = service.documentSymbols(doc);
    expect(syms.map((s) => s.name)).toEqual(['processes', 'replicaSets', 'mongoDbVersions']);
    expect(syms[1].children?.map((c) => `${c.name}: ${c.children?.map((m) => m.name).join(', ')}`)).toEqual([
      `rs0: ${syms[0].children?.map((p) => p.name).join(', ')}`,
    ]);
    for (const s of syms[2].children ?? []) expect(JSON.parse(doc.getText(s.selectionRange))).toBe(s.name);
    expect(syms[2].children?.length).toBeGreaterThan(300);
  });

  it('folds YAML by indentation, sequences at the key\'s indentation, comment blocks', () => {
    const ranges = yamlFoldingRanges(new TextLines('# a\n# b\nprocesses:\n- name: x\n  version: 1\n- name: y\n  args:\n    net:\n      port: 1\nversion: 3\n'));
    expect(ranges.map((r) => `${r.startLine}-${r.endLine}${r.kind ? ' ' + r.kind : ''}`)).toEqual(['0-1 comment', '2-8', '3-4', '5-8', '6-8', '7-8']);
    const doc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML);
    const folds = service.foldingRanges(doc).map((r) => `${r.startLine}-${r.endLine}`);
    expect(folds).toContain('1-21'); // processes
    expect(folds).toContain('22-29'); // replicaSets, members in block style
    expect(folds).toContain('26-29'); // the second member
  });

  it('folds JSON by brackets, skipping brackets inside strings, with CRLF', () => {
    expect(jsonFoldingRanges('{\r\n  "a": [\r\n    1,\r\n    "]{"\r\n  ],\r\n  "b": {"c": 1}\r\n}\r\n').map((r) => `${r.startLine}-${r.endLine}`)).toEqual(['0-5', '1-3']);
  });

  it('expands a selection from a name out to the document, in YAML and JSON', () => {
    const doc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML);
    const [r] = service.selectionRanges(doc, [positionOf(doc, 'host: rs0_1', 8)]);
    expect(chainOf(doc, r)).toEqual(['rs0_1', 'host: rs0_1', '_id: 1', '- { _id: 0, host: rs0_0, votes: 1, priority: 1 }', 'members:', '_id: rs0', '- _id: rs0', 'replicaSets:', 'version: 3']);
    const json = openDoc(service, dir, 'a.json', '\uFEFF{"processes": [{"name": "p😀", "version": "7.0.12"}]}');
    const [j] = service.selectionRanges(json, [positionOf(json, '7.0.12', 1)]);
    expect(chainOf(json, j)).toEqual(['"7.0.12"', '"version": "7.0.12"', '{"name": "p😀", "version": "7.0.12"}', '[{"name": "p😀", "version": "7.0.12"}]', '"processes": [{"name": "p😀", "version": "7.0.12"}]', '{"processes": [{"name": "p😀", "version": "7.0.12"}]}']);
  });
});
