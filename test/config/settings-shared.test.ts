// Settings are resolved per directory, not per file (issue 37, clean16): the files of a directory
// share one settings object, with `--rule` severities on top too, so that a run of 50,000 files
// holds one per directory and its per-file checks read the same object.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigResolver } from '../../src/config/discover';
import { ruleOverrides } from '../../src/config/rule-option';
import { tempTree } from '../files';

const KNOWN = new Set(['enabled-omitted', 'metric-name']);

describe('settings shared by the files of a directory', () => {
  it('--rule on top of a directory without a config, applied by the resolver itself (one settings function, no closure over it): one object per directory', () => {
    const dir = tempTree({ 'a/x.yaml': '', 'b/y.yaml': '' }, 'omlint-shared-');
    const resolver = new ConfigResolver(KNOWN, undefined, ruleOverrides({ 'enabled-omitted': 'off' }));
    const [a1, a2, b] = ['a/x.yaml', 'a/z.yaml', 'b/y.yaml'].map((f) => resolver.settingsFor(path.join(dir, f)));
    expect(a1).toBe(a2);
    expect(b).not.toBe(a1);
    expect([a1.rules, b.rules]).toEqual([{ 'enabled-omitted': 'off' }, { 'enabled-omitted': 'off' }]);
    expect([a1.scope, b.scope]).toEqual([path.join(dir, 'a'), path.join(dir, 'b')]);
    expect(ruleOverrides({})).toBeUndefined();
  });

  it('the overrides leave the base settings as they were, one object per base object', () => {
    const dir = tempTree({ 'a/x.yaml': '' }, 'omlint-shared-');
    const base = new ConfigResolver(KNOWN).settingsFor(path.join(dir, 'a/x.yaml'));
    const over = ruleOverrides({ 'enabled-omitted': 'off', 'metric-name': 'error' })!;
    const s = over(base);
    expect(over(base)).toBe(s);
    expect(s.rules).toEqual({ 'enabled-omitted': 'off', 'metric-name': 'error' });
    expect(base.rules).toEqual({});
    expect({ ...s, rules: base.rules }).toEqual(base);
  });
});
