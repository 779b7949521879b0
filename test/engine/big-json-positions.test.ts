// Positions of a big JSON text are worked out only where a finding needs one (issue 37, big JSON
// against its floor): linting a clean automation config of ~1 MB reads no container with the
// navigator and builds no line-start table; one finding reads the containers on its path and one
// table. Counted, not timed.
import { describe, expect, it } from 'vitest';
import { automationConfig, automationJson } from '../../bench/generate';
import { lint } from '../../src/engine/lint';
import { lineTables } from '../../src/core/lines';
import { workCounts } from '../../src/syntax/work-counts';
import { NAVIGATE_MIN_CHARS } from '../../src/syntax/json';

type Doc = { processes: { processType: string; version: string }[] };

const counts = () => ({ containers: workCounts.navigatorContainers, lineTables: lineTables.built });

async function lintCounting(text: string) {
  const before = counts();
  const [result] = await lint([{ filePath: 'big.automation-config.json', text }]);
  const after = counts();
  return { result, containers: after.containers - before.containers, lineTables: after.lineTables - before.lineTables };
}

describe('positions of a big JSON automation config', () => {
  const clean = automationConfig(400, undefined, true) as unknown as Doc;

  it('are not computed when nothing is reported', async () => {
    const text = automationJson(clean as never);
    expect(text.length).toBeGreaterThan(NAVIGATE_MIN_CHARS);
    const run = await lintCounting(text);
    expect(run.result.diagnostics).toEqual([]);
    expect({ containers: run.containers, lineTables: run.lineTables }).toEqual({ containers: 0, lineTables: 0 });
  });

  it('are computed along the path of a finding, with one line table', async () => {
    const doc = structuredClone(clean);
    const at = doc.processes.findIndex((p) => p.processType === 'mongod');
    doc.processes[at].version = '7.0.99';
    const run = await lintCounting(automationJson(doc as never));
    expect(run.result.diagnostics.map((d) => d.ruleId)).toEqual(['process-version-defined']);
    // The containers on the finding's path at least (root, processes, the process), far from all of them.
    const all = (automationJson(doc as never).match(/[[{]/g) ?? []).length;
    expect(run.containers).toBeGreaterThanOrEqual(3);
    expect(run.containers).toBeLessThan(all / 10);
    expect(run.lineTables).toBe(1);
  });
});
