// A hostile or careless policy config cannot hang, crash or pollute the process: limits with the
// exact spot, RE2 for regular expressions, no JavaScript RegExp from a config, own keys only.
import { describe, expect, it } from 'vitest';
import { cli, tree } from '../cli/run';
import { POLICY_LIMITS } from '../../src/policy/limits';

const ALERT = `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: GROUP
    emailEnabled: true
    delayMin: 0
    intervalMin: 60
`;

const policy = (body: string, id = 'acme/p') => `policies:\n  - id: ${id}\n    kinds: [alert-config]\n    severity: error\n    message: "bad {{value}}"\n${body}`;

async function run(config: string, files: Record<string, string> = { 'a.alert-config.yaml': ALERT }) {
  const r = await cli(['--format', 'json', '.'], { cwd: tree({ 'omlint.config.yaml': config, ...files }) });
  expect(r.stderr).not.toContain('internal error');
  return r;
}

describe('regular expressions', () => {
  it('a catastrophic-backtracking pattern runs in linear time (RE2) on a long value', async () => {
    const value = `${'a'.repeat(100_000)}!`;
    const r = await run(policy('    then: { field: eventTypeName, pattern: "^(a+)+$" }\n'), { 'a.alert-config.yaml': ALERT.replace('HOST_DOWN', value) });
    const d = JSON.parse(r.stdout)[0].diagnostics.filter((x: { ruleId: string }) => x.ruleId === 'acme/p');
    expect(d).toHaveLength(1);
  });

  it('a huge regular expression is refused at its spot', async () => {
    const r = await run(policy(`    then: { field: eventTypeName, pattern: "${'a'.repeat(POLICY_LIMITS.maxRegexLength + 1)}" }\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/omlint\.config\.yaml:6:35: the regular expression is 1001 characters long; at most 1000/);
  });

  it('match() and search() (JavaScript RegExp) are refused in given, pattern keywords in schema fragments', async () => {
    for (const fn of ['match', 'search']) {
      const r = await run(policy(`    given: "$.notifications[?${fn}(@.typeName, '(a+)+$')]"\n    then: { required: true }\n`));
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`the function ${fn}() runs a JavaScript regular expression`);
    }
    const r = await run(policy('    then:\n      schema:\n        properties:\n          x: { patternProperties: { "(a+)+$": {} } }\n'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/omlint\.config\.yaml:9:16: "patternProperties" runs a JavaScript regular expression/);
  });
});

describe('sizes and depths', () => {
  it('a query past the length or segment limit is refused', async () => {
    const long = await run(policy(`    given: "$${'.a'.repeat(600)}"\n    then: { required: true }\n`));
    expect(long.code).toBe(2);
    expect(long.stderr).toContain('the query is 1201 characters long; at most 1000');
    const deep = await run(policy(`    given: "$${'.a'.repeat(70)}"\n    then: { required: true }\n`));
    expect(deep.code).toBe(2);
    expect(deep.stderr).toContain('the query has 70 segments; at most 64');
    const pointer = await run(policy(`    given: "${'/a'.repeat(70)}"\n    then: { required: true }\n`));
    expect(pointer.stderr).toContain('the pattern has 70 segments; at most 64');
  });

  it('deeply nested filter parentheses are answered, never a crash', async () => {
    const n = 490;
    const r = await run(policy(`    given: "$.notifications[?${'('.repeat(n)}@.delayMin == 0${')'.repeat(n)}]"\n    then: { field: typeName, equals: EMAIL }\n`));
    expect([0, 1, 2]).toContain(r.code);
  });

  it('a deep field path, deep nesting of assertions and a big schema are refused', async () => {
    const field = await run(policy(`    then: { field: "${Array.from({ length: 70 }, () => 'a').join('.')}", required: true }\n`));
    expect(field.stderr).toContain('the path has 70 parts; at most 64');
    let nested = '{ required: true }';
    for (let i = 0; i < 10; i++) nested = `{ some: ${nested} }`;
    const assertions = await run(policy(`    then: ${nested}\n`));
    expect(assertions.code).toBe(2);
    expect(assertions.stderr).toContain('assertions nest deeper than 8 levels');
    const schema = await run(policy(`    then:\n      schema: { anyOf: [${Array.from({ length: 2100 }, () => '{}').join(', ')}] }\n`));
    expect(schema.stderr).toContain('the schema has more than 2000 parts');
    const remote = await run(policy('    then:\n      schema: { $ref: "https://example.com/s.json" }\n'));
    expect(remote.stderr).toContain('only references inside the fragment (#/...) are allowed');
  });

  it('too many policies, and too long an extends chain, are refused', async () => {
    const many = `policies:\n${Array.from({ length: POLICY_LIMITS.maxPolicies + 1 }, (_, i) => `  - { id: acme/p${i}, kinds: [alert-config], severity: info, message: m, then: { required: true } }\n`).join('')}`;
    const r = await run(many);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('1001 policies; at most 1000');
    const chain: Record<string, string> = { 'omlint.config.yaml': 'extends: [./e0.yaml]\n', 'a.alert-config.yaml': ALERT };
    for (let i = 0; i < 40; i++) chain[`e${i}.yaml`] = `extends: [./e${i + 1}.yaml]\n`;
    chain['e40.yaml'] = 'policies: []\n';
    const c = await cli(['.'], { cwd: tree(chain) });
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('more than 32 files extended');
  });

  it('a query that matches more than the limit stops there and says so', async () => {
    const items = Array.from({ length: POLICY_LIMITS.maxMatches + 5 }, () => '  - {typeName: GROUP, emailEnabled: true, delayMin: 0, intervalMin: 60}').join('\n');
    const r = await run(policy('    given: $.notifications[*]\n    then: { field: delayMin, maximum: 5 }\n'), { 'a.alert-config.yaml': `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n${items}\n` });
    const d = JSON.parse(r.stdout)[0].diagnostics.filter((x: { ruleId: string }) => x.ruleId === 'acme/p');
    expect(d).toHaveLength(1);
    expect(d[0].message).toBe('Policy acme/p stopped after 10000 matches of $.notifications[*]; the rest of the document was not checked.');
  });
});

describe('prototype keys', () => {
  it('__proto__ and constructor in queries, fields, values and fix values pollute nothing', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const config = `policies:
  - id: acme/proto
    kinds: [alert-config]
    severity: error
    message: "{{__proto__.polluted}} {{constructor.prototype}} {{value}}"
    given: "$['__proto__']"
    then: { field: polluted, equals: { __proto__: { polluted: yes } } }
    fix: { value: { __proto__: { polluted: yes }, constructor: { prototype: { polluted: yes } } } }
  - id: acme/proto-pointer
    kinds: [alert-config]
    severity: error
    message: "{{value}}"
    given: /__proto__/*
    then: { field: constructor.prototype, forbidden: true }
  - id: acme/proto-field
    kinds: [alert-config]
    severity: error
    message: "{{value}}"
    then: { field: __proto__.polluted, required: true }
    fix: { value: yes, safe: true }
`;
    const doc = `${ALERT}__proto__:\n  polluted: no\n  x: { constructor: { prototype: 1 } }\n`;
    const r = await run(config, { 'a.alert-config.yaml': doc });
    expect(r.stderr).toBe('');
    // `__proto__` is an own key of the document: the queries read it like any key.
    const ids = JSON.parse(r.stdout)[0].diagnostics.map((d: { ruleId: string }) => d.ruleId);
    expect(ids).toContain('acme/proto');
    expect(ids).not.toContain('acme/proto-field');
    const fixed = await cli(['--fix-dry-run', '--format', 'json', '.'], { cwd: tree({ 'omlint.config.yaml': config, 'a.alert-config.yaml': doc }) });
    expect(fixed.stderr).not.toContain('internal error');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });
});
