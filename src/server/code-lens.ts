// Code lens over an automation configuration: each replica set says its members, voting members
// and the versions they run; each process says where it is referenced (which replica set, which
// sharded cluster). Each lens is clickable: its command, omlint.showReferences, carries the places
// it counts (the members' processes; the members and clusters that name a process), which the VS
// Code extension shows in a peek view and the server, when a client sends the command back to it,
// opens with window/showDocument. Inlay hints: the host:port of the process a member names.
import type { CodeLens, InlayHint, Location, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { getTopology, type AutomationTopology, type ProcessInfo, type ReplicaSetInfo } from '../model/automation-topology';
import type { ParsedFile } from '../syntax/index';
import type { ItemInfo } from '../project/items';
import { spanToRange } from './positions';

/** The lenses' command: [uri, position, locations], as VS Code's editor.action.showReferences takes them. */
export const SHOW_REFERENCES_COMMAND = 'omlint.showReferences';

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
    // A lens sits on the key; the places it counts are the names (values).
    const where = (pointer: string, onValue = false) => {
      const at = pd.locate(item.base + pointer);
      return at && spanToRange(doc, onValue ? at.value : (at.key ?? at.value));
    };
    const lens = (pointer: string, title: string, targets: string[]) => {
      const range = where(pointer);
      if (!range) return;
      const locations: Location[] = targets.flatMap((p) => {
        const r = where(p, true);
        return r ? [{ uri: doc.uri, range: r }] : [];
      });
      const position: Position = range.start;
      out.push({ range, command: { title, command: locations.length ? SHOW_REFERENCES_COMMAND : '', arguments: locations.length ? [doc.uri, position, locations] : undefined } });
    };
    for (const rs of t.replicaSets) {
      lens(`${rs.pointer}/${rs.id !== undefined ? '_id' : 'members'}`, replicaSetTitle(rs), rs.members.flatMap((m) => (m.process ? [`${m.process.pointer}/${m.process.name !== undefined ? 'name' : 'processType'}`] : [])));
    }
    for (const p of t.processes) {
      const members = (p.name !== undefined && t.membersByHost.get(p.name)) || [];
      const cluster = p.processType === 'mongos' && p.cluster !== undefined ? t.clustersByName.get(p.cluster) : undefined;
      lens(`${p.pointer}/${p.name !== undefined ? 'name' : 'processType'}`, processTitle(t, p), [...members.map((m) => `${m.pointer}/host`), ...(cluster ? [`${cluster.pointer}/name`] : [])]);
    }
  }
  return out;
}

/** Beside each member's `host`: the hostname and port of the process it names. */
export function inlayHints(doc: TextDocument, parsed: ParsedFile, items: ItemInfo[]): InlayHint[] {
  const out: InlayHint[] = [];
  for (const item of items) {
    if (item.kind !== 'automation-config') continue;
    const pd = parsed.documents[item.docIndex];
    for (const rs of getTopology(item.value).replicaSets) {
      for (const m of rs.members) {
        const p = m.process;
        if (!p?.hostname) continue;
        const at = pd.locate(`${item.base}${m.pointer}/host`);
        if (!at) continue;
        out.push({ position: spanToRange(doc, at.value).end, label: `${p.hostname}${p.port !== undefined ? `:${p.port}` : ''}`, paddingLeft: true });
      }
    }
  }
  return out;
}
