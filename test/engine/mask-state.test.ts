// mask.ts keeps nothing between calls in module state: the key read before a colon is the scan's
// own object, and the index of a secret list lives on the list.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectSecretValues, maskSecrets, maskSecretsInPlace, secretSpansInLine } from '../../src/engine/mask';

describe('engine/mask.ts state', () => {
  it('has no module-level mutable binding or cache', () => {
    const source = readFileSync(new URL('../../src/engine/mask.ts', import.meta.url), 'utf8');
    expect(source.match(/^(let|var) /gm) ?? []).toEqual([]);
    expect(source.match(/^(export )?const \w+ = new (Weak)?(Map|Set)\b/gm) ?? []).toEqual([]);
  });

  it('masks with a list it indexed once, the list reading and comparing as before', () => {
    const secrets = collectSecretValues([{ value: { password: 'hunter2-long', apiKey: 'key-abcdef' } }]);
    const copy = [...secrets];
    expect(maskSecrets('a hunter2-long b key-abcdef', secrets)).toBe('a **** b ****');
    expect(maskSecrets('again hunter2-long', secrets)).toBe('again ****');
    expect(secrets).toStrictEqual(copy);
    expect(JSON.stringify(secrets)).toBe(JSON.stringify(copy));
    // A frozen list or a fresh one is indexed for the call.
    expect(maskSecretsInPlace('x key-abcdef', Object.freeze([...copy]))).toBe('x **********');
  });

  it('reads every key of a line with its own bounds (two secret keys, a plain one between)', () => {
    const line = `{"password": "p-123456", "host": "h", 'token' : "t-987654", apiKey:k-1}`;
    expect(secretSpansInLine(line).map((s) => s.text)).toEqual(['p-123456', 't-987654', 'k-1']);
  });
});
