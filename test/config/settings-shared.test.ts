// Settings are resolved per directory, not per file (issue 37, clean16): the files of a directory
// share one settings object, with `--rule` severities on top too, so that a run of 50,000 files
// holds one per directory and its per-file checks read the same object.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigResolver } from '../../src/config/discover';
import { ruleOverrides, withRuleOverrides } from '../../src/config/rule-option';
import { tempTree } from '../files';

const KNOWN = new Set(['enabled-omitted', 'metric-name']);

describe('settings shared by the files of a directory', () => {
  it('--rule on top of a directory without a config: one object per directory', () => {
    const dir = tempTree({ 'a/x.yaml': '', 'b/y.yaml': '' }, 'omlint-shared-');
    const resolver = new ConfigResolver(KNOWN);
    const settingsFor = withRuleOverrides((p) => resolver.settingsFor(p), { 'enabled-omitted': 'off' });
    const [a1, a2, b] = ['a/x.yaml', 'a/z.yaml', 'b/y.yaml'].map((f) => settingsFor(path.join(dir, f)));
    expect(a1).toBe(a2);
    expect(b).not.toBe(a1);
    expect([a1.rules, b.rules]).toEqual([{ 'enabled-omitted': 'off' }, { 'enabled-omitted': 'off' }]);
    expect([a1.scope, b.scope]).toEqual([path.join(dir, 'a'), path.join(dir, 'b')]);
    // The base's own object is left as it was.
    expect(resolver.settingsFor(path.join(dir, 'a/x.yaml')).rules).toEqual({});
  });

  it('--rule applied by the resolver itself (the CLI: one settings function, no closure over it): the same settings, one object per directory', () => {
    const dir = tempTree({ 'a/x.yaml': '', 'b/y.yaml': '' }, 'omlint-shared-');
    const rules = { 'enabled-omitted': 'off' } as const;
    const resolver = new ConfigResolver(KNOWN, undefined, ruleOverrides(rules));
    const wrapped = withRuleOverrides((p) => new ConfigResolver(KNOWN).settingsFor(p), rules);
    const [a1, a2, b] = ['a/x.yaml', 'a/z.yaml', 'b/y.yaml'].map((f) => resolver.settingsFor(path.join(dir, f)));
    expect(a1).toBe(a2);
    expect(b).not.toBe(a1);
    expect(a1).toEqual(wrapped(path.join(dir, 'a/x.yaml')));
    expect(b).toEqual(wrapped(path.join(dir, 'b/y.yaml')));
    expect(ruleOverrides({})).toBeUndefined();
  });
});
