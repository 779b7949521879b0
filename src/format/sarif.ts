// `--format sarif`: SARIF 2.1.0 as GitHub code scanning ingests it (github/codeql-action/upload-sarif).
// One run; the driver lists the whole rule catalogue so that ruleIndex is stable between runs.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, FileResult, LintRun, Range, RelatedInfo, RuleMeta, Severity } from '../core/types';
import { REGISTRY } from '../../rules/registry';
import { loadedPolicies } from '../policy/catalog';
import { VERSION } from '../core/version';
import { fingerprints, INFORMATION_URI, ruleDocsUrl, secretMasker } from './shared';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const SRCROOT = '%SRCROOT%';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

function pascalCase(id: string): string {
  return id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

function ruleDescriptor(meta: Pick<RuleMeta, 'id' | 'description' | 'defaultSeverity'> & { why?: string }) {
  const url = ruleDocsUrl(meta.id);
  const why = meta.why?.trim() || meta.description;
  return {
    id: meta.id,
    name: pascalCase(meta.id),
    shortDescription: { text: meta.description },
    fullDescription: { text: why },
    helpUri: url,
    help: {
      text: `${meta.description}\n\n${why}\n\nDocumentation: ${url}`,
      markdown: `**${meta.description}**\n\n${why}\n\n[Documentation of ${meta.id}](${url})`,
    },
    defaultConfiguration: { level: LEVEL[meta.defaultSeverity] },
  };
}

function policyDescriptor(meta: RuleMeta, source: string): ReturnType<typeof ruleDescriptor> {
  const why = meta.docs.why.trim() || meta.description;
  const url = /^https?:\/\/\S+$/.test(why) ? why : undefined;
  return {
    id: meta.id,
    name: pascalCase(meta.id),
    shortDescription: { text: meta.description },
    fullDescription: { text: why },
    ...(url ? { helpUri: url } : {}),
    help: { text: `${meta.description}\n\n${why}\n\nPolicy of ${source}.`, markdown: `**${meta.description}**\n\n${why}\n\nPolicy of \`${source}\`.` },
    defaultConfiguration: { level: LEVEL[meta.defaultSeverity] },
    properties: { tags: ['policy'], source },
  } as ReturnType<typeof ruleDescriptor>;
}

/** A relative display path becomes a URI reference below %SRCROOT%; other paths become file URIs. */
function artifactLocation(filePath: string): { uri: string; uriBaseId?: string } {
  if (path.isAbsolute(filePath)) return { uri: pathToFileURL(filePath).href };
  return { uri: filePath.split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

function region(range: Range) {
  const startLine = Math.max(1, range.start.line);
  const startColumn = Math.max(1, range.start.column);
  const endLine = Math.max(startLine, range.end.line);
  const endColumn = endLine === startLine ? Math.max(startColumn, range.end.column) : Math.max(1, range.end.column);
  return { startLine, startColumn, endLine, endColumn };
}

function relatedLocation(rel: RelatedInfo, id: number, mask: (s: string) => string) {
  return {
    id,
    physicalLocation: {
      artifactLocation: artifactLocation(rel.filePath),
      ...(rel.range ? { region: region(rel.range) } : {}),
    },
    message: { text: mask(rel.message) },
  };
}

export interface SarifOptions {
  /** The directory relative paths are based on (%SRCROOT%). */
  cwd: string;
  /** `i/n` of a sharded run: `runs[0].properties.omlintShard`, which `omlint merge` checks. */
  shard?: string;
}

export function formatSarif(run: LintRun, opts: SarifOptions): string {
  const { results } = run;
  const mask = secretMasker(run);
  const rules = REGISTRY.map((m) => ruleDescriptor({ id: m.id, description: m.summary, defaultSeverity: m.severity, why: m.why }));
  // The config's policies: their own docs, and where they were declared.
  for (const p of loadedPolicies()) rules.push(policyDescriptor(p.rule.meta, p.source));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  // An id outside the catalogue (should not happen) still gets a descriptor, so ruleIndex stays valid.
  const describe = (d: Diagnostic): number => {
    let i = index.get(d.ruleId);
    if (i === undefined) {
      i = rules.push(ruleDescriptor({ id: d.ruleId, description: `omlint rule ${d.ruleId}.`, defaultSeverity: d.severity })) - 1;
      index.set(d.ruleId, i);
    }
    return i;
  };

  const sarifResults = results.flatMap((r) => {
    const prints = fingerprints(r.filePath, r.diagnostics, mask);
    // One location object for the file's findings: the same text each time it is written.
    const file = r.diagnostics.length > 0 ? artifactLocation(r.filePath) : undefined;
    return r.diagnostics.map((d, i) => ({
      ruleId: d.ruleId,
      ruleIndex: describe(d),
      level: LEVEL[d.severity],
      message: { text: mask(d.message) },
      locations: [{ physicalLocation: { artifactLocation: file!, region: region(d.range) } }],
      ...(d.related?.length ? { relatedLocations: d.related.map((rel, k) => relatedLocation(rel, k + 1, mask)) } : {}),
      partialFingerprints: { 'omlint/v1': prints[i] },
      properties: { pointer: mask(d.pointer), documentIndex: d.documentIndex, kind: d.kind, fixable: d.fixable },
    }));
  });

  const root = pathToFileURL(path.resolve(opts.cwd)).href;
  const log = {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'omlint',
            version: VERSION,
            semanticVersion: VERSION,
            informationUri: INFORMATION_URI,
            rules,
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: root.endsWith('/') ? root : `${root}/` } },
        results: sarifResults,
        columnKind: 'utf16CodeUnits',
        ...(opts.shard ? { properties: { omlintShard: opts.shard } } : {}),
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
