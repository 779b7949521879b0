// Code lens over an automation configuration: each replica set says its members, voting members
// and the versions they run; each process says where it is referenced (which replica set, which
// sharded cluster). Display only: the title is the information.
import type { CodeLens } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { getTopology, type AutomationTopology, type ProcessInfo, type ReplicaSetInfo } from '../model/automation-topology';
import type { ParsedFile } from '../syntax/index';
import type { ItemInfo } from '../project/items';
import { spanToRange } from './positions';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** votes defaults to 1 (MongoDB replica set configuration: members[n].votes). */
const votes = (m: ReplicaSetInfo['members'][number]) => (typeof m.value.votes === 'number' ? m.value.votes : 1);

function replicaSetTitle(rs: ReplicaSetInfo): string {
  const voting = rs.members.filter((m) => votes(m) > 0).length;
  const versions = [...new Set(rs.members.flatMap((m) => (m.process?.version !== undefined ? [m.process.version] : [])))];
  const ran = versions.length ? `, ${versions.length > 1 ? 'versions' : 'version'} ${versions.join(', ')}` : '';
  return `${plural(rs.members.length, 'member')}, ${voting} voting${ran}`;
}

function processTitle(t: AutomationTopology, p: ProcessInfo): string {
  const uses: string[] = [];
  for (const m of (p.name !== undefined && t.membersByHost.get(p.name)) || []) uses.push(`member ${m.index} of ${m.replicaSet.id ?? `replica set ${m.replicaSet.index}`}`);
  if (p.processType === 'mongos' && p.cluster !== undefined && t.clustersByName.has(p.cluster)) uses.push(`mongos of ${p.cluster}`);
  return uses.length ? `referenced: ${uses.join('; ')}` : 'not referenced by any replica set or sharded cluster';
}

export function codeLenses(doc: TextDocument, parsed: ParsedFile, items: ItemInfo[]): CodeLens[] {
  const out: CodeLens[] = [];
  for (const item of items) {
    if (item.kind !== 'automation-config') continue;
    const pd = parsed.documents[item.docIndex];
    const t = getTopology(item.value);
    const lens = (pointer: string, title: string) => {
      const at = pd.locate(item.base + pointer);
      if (at) out.push({ range: spanToRange(doc, at.key ?? at.value), command: { title, command: '' } });
    };
    for (const rs of t.replicaSets) lens(`${rs.pointer}/${rs.id !== undefined ? '_id' : 'members'}`, replicaSetTitle(rs));
    for (const p of t.processes) lens(`${p.pointer}/${p.name !== undefined ? 'name' : 'processType'}`, processTitle(t, p));
  }
  return out;
}
