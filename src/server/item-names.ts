// What an array item is called in the editor: `member rs0_1`, `process rs0_1`, `notification EMAIL`
// rather than `item 0`, from the field that names items of that array.
import { getAt, joinPointer } from '../core/pointer';

/** Array name → [the item's naming field, the word for one item]. */
const NAMED_ITEMS: Record<string, [field: string, word: string]> = {
  processes: ['name', 'process'],
  members: ['host', 'member'],
  replicaSets: ['_id', 'replica set'],
  sharding: ['name', 'sharded cluster'],
  shards: ['_id', 'shard'],
  mongoDbVersions: ['name', 'version'],
  notifications: ['typeName', 'notification'],
  matchers: ['fieldName', 'matcher'],
  results: ['eventTypeName', 'alert config'],
};

/** The label of the array item at `tokens` (its last token an index), or undefined. */
export function itemLabel(tokens: readonly string[], itemValue: unknown): string | undefined {
  if (tokens.length < 2 || !/^\d+$/.test(tokens[tokens.length - 1])) return undefined;
  const array = tokens[tokens.length - 2];
  // Own keys only: an array named `constructor` is a document's key, not Object.prototype's.
  const naming = Object.hasOwn(NAMED_ITEMS, array) ? NAMED_ITEMS[array] : undefined;
  if (!naming) return undefined;
  const name = getAt(itemValue, joinPointer('', ...tokens, naming[0]));
  return typeof name === 'string' && name !== '' ? `${naming[1]} ${name}` : undefined;
}
