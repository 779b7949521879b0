// The reference for JSON positions: jsonc-parser's syntax tree of a text, looked up as JSON.parse
// reads it (the last of repeated keys wins). src/syntax locates by walking the text instead.
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { splitPointer } from '../../src/core/pointer';

/** The syntax tree of a text of any size: locate and keysAt as a ParsedDocument answers them. */
export function treeOf(text: string) {
  const root = parseTree(text, [], { disallowComments: true })!;
  const nodeAt = (pointer: string): JsonNode | undefined => {
    let node: JsonNode | undefined = root;
    for (const token of splitPointer(pointer)) {
      if (!node) return undefined;
      if (node.type === 'object') {
        let hit: JsonNode | undefined;
        for (const p of node.children ?? []) if (p.children?.[0]?.value === token) hit = p.children[1];
        node = hit;
      } else if (node.type === 'array') node = /^(0|[1-9]\d*)$/.test(token) ? node.children?.[Number(token)] : undefined;
      else return undefined;
    }
    return node;
  };
  return {
    locate(pointer: string) {
      const node = nodeAt(pointer);
      if (!node) return undefined;
      const value = { start: node.offset, end: node.offset + node.length };
      const k = node.parent?.type === 'property' ? node.parent.children![0] : undefined;
      return k ? { key: { start: k.offset, end: k.offset + k.length }, value } : { value };
    },
    keysAt(pointer: string) {
      const node = nodeAt(pointer);
      return node?.type === 'object' ? (node.children ?? []).map((p) => String(p.children?.[0]?.value)) : [];
    },
  };
}
