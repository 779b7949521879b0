// The names a reference field of an automation configuration can take, for completion: a member's
// host offers the processes not yet in a replica set, replSetName / shards[].rs /
// configServerReplica the replica sets, a mongos's cluster the sharded clusters, a version the
// mongoDbVersions entries.
import { getTopology, isObject } from '../model/automation-topology';

const at = (tokens: readonly string[], pattern: readonly string[]) =>
  tokens.length === pattern.length && pattern.every((p, i) => (p === '#' ? /^\d+$/.test(tokens[i]) : p === tokens[i]));

const defined = (names: (string | undefined)[]) => [...new Set(names.filter((n): n is string => n !== undefined))];

export function referenceNames(tokens: readonly string[], config: unknown): string[] | undefined {
  if (at(tokens, ['replicaSets', '#', 'members', '#', 'host'])) {
    const t = getTopology(config);
    return defined(t.processes.map((p) => p.name)).filter((n) => !t.membersByHost.has(n));
  }
  const rsNames = () => defined(getTopology(config).replicaSets.map((rs) => rs.id));
  if (at(tokens, ['processes', '#', 'args2_6', 'replication', 'replSetName'])) return rsNames();
  if (at(tokens, ['sharding', '#', 'shards', '#', 'rs']) || at(tokens, ['sharding', '#', 'configServerReplica'])) return rsNames();
  if (at(tokens, ['processes', '#', 'cluster'])) return defined(getTopology(config).shardedClusters.map((c) => c.name));
  if (at(tokens, ['processes', '#', 'version'])) {
    const versions = isObject(config) && Array.isArray(config.mongoDbVersions) ? config.mongoDbVersions : [];
    return defined(versions.map((v: unknown) => (isObject(v) && typeof v.name === 'string' ? v.name : undefined)));
  }
  return undefined;
}
