// The field lists of model/automation-fields.ts are the schema's (they must not drift from src/types).
import { describe, expect, it } from 'vitest';
import { AUTOMATION_TOP_LEVEL_FIELDS, levelsOfTopLevelKey, MEMBER_FIELDS, PROCESS_FIELDS, REPLICA_SET_FIELDS } from '../../src/model/automation-fields';
import { loadSchema } from '../../src/schema/files';

describe('automation configuration levels', () => {
  it('the lists are the schema\'s properties', async () => {
    const schema = (await loadSchema('automation-config')) as { properties: object; definitions: Record<string, { properties: object }> };
    const keys = (o: object) => Object.keys(o).sort();
    // `$schema` is the editors' member scripts/gen-schemas.ts adds to every root, not a field of the API.
    expect([...AUTOMATION_TOP_LEVEL_FIELDS].sort()).toEqual(keys(schema.properties).filter((k) => k !== '$schema'));
    expect([...PROCESS_FIELDS].sort()).toEqual(keys(schema.definitions.Process.properties));
    expect([...REPLICA_SET_FIELDS].sort()).toEqual(keys(schema.definitions.ReplicaSet.properties));
    expect([...MEMBER_FIELDS].sort()).toEqual(keys(schema.definitions.ReplicaSetMember.properties));
  });
  it('a key of processes, of sets and members, of none, and a top-level key', () => {
    expect(levelsOfTopLevelKey('authSchemaVersion')).toEqual([{ label: 'each process', path: 'processes[]' }]);
    expect(levelsOfTopLevelKey('_id')?.map((l) => l.path)).toEqual(['replicaSets[]', 'replicaSets[].members[]']);
    expect(levelsOfTopLevelKey('someUndocumentedKey')).toBeUndefined();
    expect(levelsOfTopLevelKey('version')).toBeUndefined();
  });
});
