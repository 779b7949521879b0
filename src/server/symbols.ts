// Document symbols (outline, breadcrumbs): an automation configuration's processes (with type and
// version), replica sets with their members, sharded clusters with their shards, mongoDbVersions;
// alert configs by event type and metric. Ranges come from the shared parse, exact in YAML and JSON.
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { getTopology, isObject } from '../model/automation-topology';
import type { Span } from '../core/types';
import { willLocate, type ParsedDocument, type ParsedFile } from '../syntax/index';
import type { ItemInfo } from '../project/items';
import { spanToRange } from './positions';

interface Node {
  name: string;
  detail?: string;
  kind: SymbolKind;
  /** Pointer (inside the item) of the whole entity, and of the string that names it. */
  owner: string;
  label?: string;
  children?: Node[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function automationNodes(value: unknown): Node[] {
  const t = getTopology(value);
  const out: Node[] = [];
  const group = (name: string, owner: string, children: Node[]) => children.length && out.push({ name, kind: SymbolKind.Array, owner, children });
  group('processes', '/processes', t.processes.map((p) => ({
    name: p.name ?? `process ${p.index}`,
    detail: [p.processType, p.version].filter(Boolean).join(' '),
    kind: p.processType === 'mongos' ? SymbolKind.Interface : SymbolKind.Object,
    owner: p.pointer,
    label: p.name !== undefined ? `${p.pointer}/name` : undefined,
  })));
  group('replicaSets', '/replicaSets', t.replicaSets.map((rs) => ({
    name: rs.id ?? `replica set ${rs.index}`,
    detail: `${rs.members.length} member${rs.members.length === 1 ? '' : 's'}`,
    kind: SymbolKind.Module,
    owner: rs.pointer,
    label: rs.id !== undefined ? `${rs.pointer}/_id` : undefined,
    children: rs.members.map((m) => ({
      name: m.host ?? `member ${m.index}`,
      detail: m.value.arbiterOnly === true ? 'arbiter' : undefined,
      kind: SymbolKind.Field,
      owner: m.pointer,
      label: m.host !== undefined ? `${m.pointer}/host` : undefined,
    })),
  })));
  group('sharding', '/sharding', t.shardedClusters.map((c) => ({
    name: c.name ?? `sharded cluster ${c.index}`,
    detail: `${c.shards.length} shard${c.shards.length === 1 ? '' : 's'}, ${c.mongos.length} mongos`,
    kind: SymbolKind.Namespace,
    owner: c.pointer,
    label: c.name !== undefined ? `${c.pointer}/name` : undefined,
    children: c.shards.map((s) => ({ name: s.id ?? `shard ${s.index}`, detail: s.rs, kind: SymbolKind.Field, owner: s.pointer })),
  })));
  const root = isObject(value) ? value : {};
  if (Array.isArray(root.mongoDbVersions)) {
    group('mongoDbVersions', '/mongoDbVersions', root.mongoDbVersions.flatMap((v: unknown, i) => {
      const name = isObject(v) ? str(v.name) : undefined;
      return name === undefined ? [] : [{ name, kind: SymbolKind.Constant, owner: `/mongoDbVersions/${i}`, label: `/mongoDbVersions/${i}/name` }];
    }));
  }
  return out;
}

function alertNode(value: unknown): Node[] {
  const root = isObject(value) ? value : {};
  const metric = isObject(root.metricThreshold) ? str(root.metricThreshold.metricName) : undefined;
  return [{
    name: str(root.eventTypeName) ?? 'alert config',
    detail: metric,
    kind: SymbolKind.Event,
    owner: '',
    label: str(root.eventTypeName) ? '/eventTypeName' : undefined,
  }];
}

function nodesOf(item: ItemInfo): Node[] {
  if (item.kind === 'automation-config') return automationNodes(item.value);
  if (item.kind === 'alert-config' || item.kind === 'global-alert-config') return alertNode(item.value);
  return [];
}

function allPointers(nodes: Node[], base: string, into: string[]): string[] {
  for (const n of nodes) {
    into.push(base + n.owner);
    if (n.label) into.push(base + n.label);
    if (n.children) allPointers(n.children, base, into);
  }
  return into;
}

/** A span's end before the whitespace a YAML block node's range takes in. */
export function trimmedEnd(text: string, span: Span): number {
  let end = span.end;
  while (end > span.start && /\s/.test(text[end - 1])) end--;
  return end;
}

function toSymbols(doc: TextDocument, text: string, pd: ParsedDocument, base: string, nodes: Node[]): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  for (const n of nodes) {
    const at = pd.locate(base + n.owner);
    if (!at) continue;
    const whole: Span = { start: at.key?.start ?? at.value.start, end: trimmedEnd(text, at.value) };
    const label = n.label ? pd.locate(base + n.label)?.value : undefined;
    const selection = label && label.start >= whole.start && label.end <= whole.end ? label : { start: whole.start, end: at.key?.end ?? whole.start };
    out.push({
      name: n.name,
      detail: n.detail || undefined,
      kind: n.kind,
      range: spanToRange(doc, whole),
      selectionRange: spanToRange(doc, selection),
      children: n.children ? toSymbols(doc, text, pd, base, n.children) : undefined,
    });
  }
  return out;
}

export function documentSymbols(doc: TextDocument, parsed: ParsedFile, items: ItemInfo[]): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  for (const item of items) {
    const nodes = nodesOf(item);
    if (!nodes.length) continue;
    const pd = parsed.documents[item.docIndex];
    willLocate(pd, allPointers(nodes, item.base, []));
    out.push(...toSymbols(doc, parsed.text, pd, item.base, nodes));
  }
  return out;
}
