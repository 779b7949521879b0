// The engine reads a text version's directives and modelines through its SourceFile (comments()),
// the one place that finds them: the server's kind lookups and the lint of one version share them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lintProject } from '../../src/engine/lint';
import { Project } from '../../src/project/project';
import { defaultSettings } from '../../src/config/load';
import { SourceFile } from '../../src/syntax/index';

afterEach(() => vi.restoreAllMocks());

describe('lint reads comments through SourceFile', () => {
  it('takes modelines, broken modelines and directives from the version\'s SourceFile', async () => {
    // A modeline names the kind: no identifying key would.
    const text = '# omlint: kind=alert-config\nenabled: true\neventTypeName: HOST_DOWN # omlint-disable-line unknown-event-type\nfoo: 1\n';
    const project = Project.ofFiles(defaultSettings);
    const seen: SourceFile[] = [];
    const original = SourceFile.prototype.comments;
    vi.spyOn(SourceFile.prototype, 'comments').mockImplementation(function (this: SourceFile) {
      seen.push(this);
      return original.call(this);
    });
    const { results } = await lintProject(project, [{ filePath: '/x/a.yaml', text }]);
    const parsed = project.cachedParse('/x/a.yaml', text);
    expect(parsed).toBeDefined();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s === parsed)).toBe(true);
    expect(results[0].kinds).toEqual(['alert-config']);
    expect(results[0].diagnostics.map((d) => d.ruleId)).not.toContain('unknown-kind');
  });

  it('reports what a directive of the SourceFile leaves unused', async () => {
    const text = '# omlint: kind=alert-config\neventTypeName: HOST_DOWN # omlint-disable-line metric-name\nenabled: true\n';
    const project = Project.ofFiles(defaultSettings);
    const spy = vi.spyOn(SourceFile.prototype, 'comments');
    const { results } = await lintProject(project, [{ filePath: '/x/b.yaml', text }]);
    expect(spy).toHaveBeenCalled();
    expect(results[0].diagnostics.map((d) => d.ruleId)).toContain('unused-disable-directive');
  });
});
