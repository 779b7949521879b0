// Issue 31: a misspelt key gets "Did you mean" in every kind and at every position. Each key of the
// clean example of each kind (examples/clean, one per kind, plus an alert's metric threshold and
// matchers) is misspelt three ways (a suffix dropped, a typo, its case) where it stands, and the
// schema layer must name the key it was.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { KINDS, type Kind } from '../../src/core/kinds';
import { joinPointer } from '../../src/core/pointer';
import { validateSchema } from '../../src/schema/validate';

const DIR = path.join(__dirname, '..', '..', 'examples', 'clean');

const EXTRA: [Kind, unknown][] = [
  ['alert-config', {
    eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', enabled: true,
    matchers: [{ fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'db0' }],
    metricThreshold: { metricName: 'CONNECTIONS', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 5000, units: 'RAW' },
    notifications: [{ typeName: 'WEBHOOK', webhookUrl: 'https://hooks.example.com/x', delayMin: 0, intervalMin: 60 }],
  }],
];

function examples(): [Kind, unknown][] {
  const out: [Kind, unknown][] = [];
  for (const file of readdirSync(DIR).sort()) {
    const kind = KINDS.find((k) => file.endsWith(`.${k}.yaml`) || file.endsWith(`.${k}.json`));
    if (kind) out.push([kind, parse(readFileSync(path.join(DIR, file), 'utf8'))]);
  }
  return [...out, ...EXTRA];
}

/** Each key of the document with the pointer of the object that holds it. */
function keysOf(value: unknown, at = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keysOf(v, joinPointer(at, String(i))));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [[at, k] as [string, string], ...keysOf(v, joinPointer(at, k))]);
}

/** A suffix dropped (the last camel-case word), a typo (two characters swapped, or one doubled), the case. */
function misspellings(key: string): string[] {
  const out: string[] = [];
  const words = key.split(/(?=[A-Z])/);
  if (words.length > 1) out.push(words.slice(0, -1).join(''));
  if (key.length >= 4) out.push(key.slice(0, 1) + key[2] + key[1] + key.slice(3));
  else out.push(key + key[key.length - 1]);
  out.push(key === key.toLowerCase() ? key.toUpperCase() : key.toLowerCase());
  return out.filter((m) => m !== key);
}

function renamed(doc: unknown, parent: string, from: string, to: string): unknown {
  const copy = structuredClone(doc);
  const holder = parent.split('/').slice(1).reduce((o: any, p) => o[p.replace(/~1/g, '/').replace(/~0/g, '~')], copy) as Record<string, unknown>;
  const entries = Object.entries(holder).map(([k, v]) => [k === from ? to : k, v] as const);
  for (const k of Object.keys(holder)) delete holder[k];
  Object.assign(holder, Object.fromEntries(entries));
  return copy;
}

function withKey(doc: unknown, parent: string, key: string): unknown {
  const copy = structuredClone(doc);
  const holder = parent.split('/').slice(1).reduce((o: any, p) => o[p], copy) as Record<string, unknown>;
  holder[key] = holder[Object.keys(holder)[0]];
  return copy;
}

describe('a misspelt key gets "Did you mean" in every kind and position', () => {
  const cases = examples().flatMap(([kind, doc]) =>
    keysOf(doc).flatMap(([parent, key]) => {
      const holder = parent.split('/').slice(1).reduce((o: any, p) => o[p], doc) as Record<string, unknown>;
      return misspellings(key)
        // A misspelling that is a sibling already, or 1-2 character keys whose typo is another word.
        .filter((m) => !(m in holder) && !(key.length < 3 && m.toLowerCase() !== key.toLowerCase()))
        .map((m) => [kind, doc, parent, key, m] as const);
    }));

  it('covers every kind', () => {
    expect(new Set(cases.map(([kind]) => kind))).toEqual(new Set(KINDS));
    expect(cases.length).toBeGreaterThan(150);
  });

  it.each(cases.map(([kind, doc, parent, key, m]) => [`${kind} ${parent}/${m} → ${key}`, kind, doc, parent, key, m] as const))(
    '%s', async (_name, kind, doc, parent, key, misspelt) => {
      const findings = await validateSchema(kind, renamed(doc, parent, key, misspelt));
      const f = findings.find((x) => x.ruleId === 'unknown-field' && x.pointer === joinPointer(parent, misspelt));
      // A misspelling that is itself a key known there (`bindIp` beside `bindIpAll`) is no misspelling.
      if (!f && !(await validateSchema(kind, withKey(doc, parent, misspelt))).some((x) => x.ruleId === 'unknown-field' && x.pointer === joinPointer(parent, misspelt))) return;
      expect(f?.message, JSON.stringify(findings.map((x) => x.message))).toMatch(new RegExp(`Did you mean [^?]*\`${key}\``));
    });
});
