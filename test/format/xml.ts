// A strict XML 1.0 parser for the JUnit tests without a new dependency: Python's expat (through
// xml.etree), which rejects malformed documents, bad escapes and forbidden characters.
import { spawnSync } from 'node:child_process';

export interface XmlNode {
  tag: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

const SCRIPT = `
import json, sys, xml.etree.ElementTree as ET
def conv(e):
    return {"tag": e.tag, "attrs": dict(e.attrib), "text": e.text or "", "children": [conv(c) for c in e]}
try:
    root = ET.fromstring(sys.stdin.buffer.read())
except ET.ParseError as err:
    sys.stderr.write("XML parse error: %s\\n" % err)
    sys.exit(3)
sys.stdout.write(json.dumps(conv(root)))
`;

function findPython(): string | undefined {
  for (const exe of ['python3', 'python']) {
    const r = spawnSync(exe, ['-c', 'import xml.etree.ElementTree, sys; print(sys.version_info[0])'], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim() === '3') return exe;
  }
  return undefined;
}

export const PYTHON = findPython();

/** Parses XML strictly; throws with the parser's message when the text is not well-formed. */
export function parseXml(text: string): XmlNode {
  if (!PYTHON) throw new Error('python3 is not available');
  const r = spawnSync(PYTHON, ['-c', SCRIPT], { input: Buffer.from(text, 'utf8'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(r.stderr || `python exited with ${r.status}`);
  return JSON.parse(r.stdout) as XmlNode;
}

export function children(node: XmlNode, tag: string): XmlNode[] {
  return node.children.filter((c) => c.tag === tag);
}
