// YAML tags never construct objects or run code: rules see plain JSON values only (objects with
// Object.prototype, arrays, strings, numbers, booleans, null), whatever the document says.
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint';
import { defineRule, defineWorkspaceRule } from '../../src/core/rule';
import type { Rule } from '../../src/core/types';
import { KINDS } from '../../src/core/kinds';

/** Every value that is not plain JSON, with where it was found. */
function foreignValues(root: unknown): string[] {
  const out: string[] = [];
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    // Numbers may be non-finite: YAML's .inf and .nan are core-schema numbers, not constructed
    // objects (the schema layer should report them: JSON cannot carry them; see the report).
    if (typeof v === 'number') continue;
    if (typeof v !== 'object') {
      out.push(`${at}: ${typeof v}`); // function, symbol, bigint, undefined
      continue;
    }
    const proto = Object.getPrototypeOf(v);
    if (Array.isArray(v)) {
      if (proto !== Array.prototype) out.push(`${at}: array with a foreign prototype`);
      v.forEach((c, i) => stack.push([c, `${at}/${i}`]));
      continue;
    }
    if (proto !== Object.prototype && proto !== null) {
      out.push(`${at}: ${proto?.constructor?.name ?? 'object'}`); // Buffer, Uint8Array, Date, Set, Map, class instances
      continue;
    }
    for (const k of Reflect.ownKeys(v)) {
      if (typeof k === 'symbol') out.push(`${at}: symbol key`);
      else {
        const d = Object.getOwnPropertyDescriptor(v, k)!;
        if (d.get || d.set) out.push(`${at}/${k}: accessor`);
        else stack.push([d.value, `${at}/${k}`]);
      }
    }
  }
  return out;
}

function inspector(seen: { kind: string; value: unknown }[]): Rule[] {
  const docs = { why: 'test', bad: 'x', good: 'y' };
  return [
    defineRule({ meta: { id: 'test-inspect', kinds: '*', defaultSeverity: 'info', description: 'test', docs }, check: (ctx) => void seen.push({ kind: ctx.kind, value: ctx.value }) }),
    defineWorkspaceRule({ meta: { id: 'test-inspect-scope', kinds: '*', defaultSeverity: 'info', description: 'test', docs, scope: 'workspace' }, check: (ctx) => void ctx.documents.forEach((d) => seen.push({ kind: d.kind, value: d.value })) }),
  ];
}

const TAGGED = [
  // Tags of other tools and languages: never resolved, never run.
  "eventTypeName: !Ref HostDownEvent\nenabled: !!js/function 'function () { globalThis.PWNED = true; return true }'\nthreshold: !!js/undefined ''\nmatchers: !!js/regexp /x/\n",
  'notifications: !!python/object:os.system ["touch /tmp/PWNED"]\nx: !!python/object/apply:subprocess.check_output [[id]]\ny: !!ruby/object:Gem::Installer {i: x}\nz: !!java.net.URL ["http://example.com"]\n',
  // YAML 1.1 types the core schema would build as objects (also under an explicit directive).
  'enabled: !!binary dHJ1ZQ==\nalertTypeNames: !!set {HOST, CLUSTER}\nstartDate: !!timestamp 2026-12-01\nm: !!omap [a: 1, b: 2]\np: !!pairs [a: 1]\n',
  '%YAML 1.1\n---\nenabled: !!binary dHJ1ZQ==\nalertTypeNames: !!set {HOST, CLUSTER}\nstartDate: 2026-12-01 10:00:00\nendDate: !!timestamp 2026-12-02\nm: !!omap [a: 1]\nyes: on\n',
  // Local tags, verbatim tags, %TAG handles, merge keys, anchors on every kind of node.
  '%TAG !e! tag:example.com,2000:app/\n---\na: !e!thing {x: 1}\nb: !<tag:yaml.org,2002:js/function> f\nbase: &b {x: 1}\nmerged: {<<: *b, y: 2}\nc: !!map {k: !!seq [!!str 1, !!int "2", !!float "3.5", !!bool "true", !!null ""]}\n',
  // Numbers YAML can spell that JSON cannot.
  'intervalMin: .inf\ndelayMin: -.Inf\nthreshold: .nan\nx: 0x1F\ny: 0o17\nz: 1_000\nbig: 123456789012345678901234567890\n',
  // Keys that are JavaScript's own names.
  '__proto__: {polluted: true}\nconstructor: {prototype: {polluted: true}}\nhasOwnProperty: 1\ntoString: 2\n',
  '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "notifications": [{"__proto__": []}]}',
];

describe('tags and odd values never reach rules as anything but plain JSON', () => {
  for (const [i, text] of TAGGED.entries()) {
    for (const kind of ['alert-config', 'maintenance-window', 'automation-config'] as const) {
      it(`document ${i + 1} as ${kind}`, async () => {
        const seen: { kind: string; value: unknown }[] = [];
        const fileName = text.startsWith('{') ? `doc${i}.json` : `doc${i}.yaml`;
        const [result] = await lint([{ filePath: fileName, text }], { kind, ruleSet: inspector(seen), now: new Date('2026-11-21T00:00:00Z') });
        expect(result.diagnostics.filter((d) => d.ruleId === 'internal-error')).toEqual([]);
        expect(seen.length).toBeGreaterThanOrEqual(2); // the rules did run (document and workspace)
        for (const s of seen) expect(foreignValues(s.value)).toEqual([]);
        expect((globalThis as Record<string, unknown>).PWNED).toBeUndefined();
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
      });
    }
  }

  it('with all real rules too: no internal error, nothing polluted', async () => {
    for (const [i, text] of TAGGED.entries()) {
      for (const kind of KINDS) {
        const [result] = await lint([{ filePath: `doc${i}.${text.startsWith('{') ? 'json' : 'yaml'}`, text }], { kind, now: new Date('2026-11-21T00:00:00Z') });
        expect(result.diagnostics.filter((d) => d.ruleId === 'internal-error'), `${kind} / document ${i + 1}`).toEqual([]);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((globalThis as Record<string, unknown>).PWNED).toBeUndefined();
  });
});
