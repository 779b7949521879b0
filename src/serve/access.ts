// Access lists (API-SPEC endpoints 7 and 8, "User access list entry", "Authentication" 4): a user's,
// and with the same rules an API key's (key-access.ts): entries are kept by the network they denote
// (an address is its /32 or /128, which is not stored), a caller with entries may call only from
// them, and each call counts on its entry.
import { addressKey, parseAddressOrCidr, type ParsedAddress } from '../model/addresses';
import { ApiError } from './http';
import type { Doc, User } from './state';

/** The caller's address as an entry names it (an IPv4-mapped IPv6 address is its IPv4 address). */
export function callerAddress(remote: string | undefined): string {
  const r = remote ?? '';
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(r) ? r.slice(7) : r;
}

/** The entry of `list` that holds `address`, if any. */
export function entryHolding(list: readonly Doc[], address: string): Doc | undefined {
  return list.find((e) => {
    const entry = parseAddressOrCidr(e.cidrBlock ?? e.ipAddress);
    if (!entry) return false;
    const caller = parseAddressOrCidr(`${address}/${entry.prefix ?? entry.maxPrefix}`);
    return caller !== undefined && caller.family === entry.family && caller.network === entry.network;
  });
}

/**
 * A user with an access list calls only from it; the entry used records the call (lastUsed,
 * lastUsedAddress, count). True when an entry recorded it (the state changed).
 */
export function admitCaller(user: User, address: string, now: string): boolean {
  return admitFrom(user.accessList ?? [], address, now);
}

/** The same rule for any list: empty admits anyone (nothing counted), else only its addresses, counted at `now` (none: not counted). */
export function admitFrom(list: Doc[], address: string, now: string | undefined): boolean {
  if (list.length === 0) return false;
  const entry = entryHolding(list, address);
  if (!entry) throw new ApiError(403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST', `IP address ${address} is not allowed to access this resource.`, [address]);
  // The global access list's entries have no counters (API-SPEC "Global access list entry").
  if (now === undefined) return false;
  entry.lastUsed = now;
  entry.lastUsedAddress = address;
  entry.count = (typeof entry.count === 'number' ? entry.count : 0) + 1;
  return true;
}

/**
 * Adds the entries of a POST body (an address already listed is ignored); a single address keeps no /32.
 * `caller`: the request's address when the list is the caller's own, which must still admit it.
 */
export function addEntries(user: User, body: unknown[], now: string, caller: string | undefined): void {
  const list = [...(user.accessList ?? [])];
  addEntriesTo(list, body, now);
  if (caller !== undefined) refuseLockout(list, caller);
  user.accessList = list;
}

/**
 * The list that admits the caller may not become one that refuses it: a POST to an empty list
 * (any address admitted) without the caller's address would lock the caller out, the control API
 * included. The DELETE rule's code (docs/serve.md, "User access lists" and "API-key access lists").
 */
export function refuseLockout(after: readonly Doc[], caller: string): void {
  if (after.length > 0 && !entryHolding(after, caller)) throw new ApiError(400, 'CANNOT_REMOVE_CALLER_ACCESS_LIST_ENTRY', `The list would no longer hold the address of this request (${caller}): add it too, or call from an address the new entries hold.`, [caller]);
}

/** `addEntries` on any list (a seed's entries have no `now`: no `created`). */
export function addEntriesTo(list: Doc[], body: unknown[], now: string | undefined): void {
  const keys = new Set(list.map((e) => keyOf(e)));
  for (const raw of body) {
    const e = raw as Doc;
    const parsed = parseAddressOrCidr(e.cidrBlock ?? e.ipAddress);
    if (!parsed) continue; // the engine's findings refused it already
    const key = addressKey(parsed);
    if (keys.has(key)) continue;
    keys.add(key);
    const entry: Doc = isSingle(parsed) ? { ipAddress: parsed.address, cidrBlock: parsed.address } : { cidrBlock: storedBlock(parsed) };
    if (typeof e.comment === 'string') entry.comment = e.comment;
    list.push({ ...entry, ...(now === undefined ? {} : { created: now }), count: 0 });
  }
}

const isSingle = (p: ParsedAddress) => (p.prefix ?? p.maxPrefix) === p.maxPrefix;

/** A block as stored: a single address without its /32 (/128), a network as network/prefix. */
export function storedBlock(p: ParsedAddress): string {
  return isSingle(p) ? p.address : `${p.network}/${p.prefix}`;
}

/** The network an entry denotes, as a comparable key (undefined for an entry that names none). */
export function keyOf(e: Doc): string | undefined {
  const p = parseAddressOrCidr(e.cidrBlock ?? e.ipAddress);
  return p && addressKey(p);
}

/** Removes the entry named in the path (an address or CIDR block), never the one the caller is using. */
export function removeEntry(user: User, named: string, caller: string): void {
  removeEntryFrom(user.accessList ?? [], named, caller, 'this user');
}

/** The entry of `list` named in a path (an address or CIDR block: the network it denotes), or a 404. */
export function namedEntry(list: readonly Doc[], named: string, owner: string): Doc {
  const parsed = parseAddressOrCidr(named);
  const found = parsed && list.find((e) => keyOf(e) === addressKey(parsed));
  if (!found) throw new ApiError(404, 'ACCESS_LIST_ENTRY_NOT_FOUND', `No access list entry ${named} for ${owner}.`, [named]);
  return found;
}

/** `removeEntry` on any list (`owner` names it in a 404); `caller` undefined when the list is not the caller's. */
export function removeEntryFrom(list: Doc[], named: string, caller: string | undefined, owner: string): void {
  const entry = namedEntry(list, named, owner);
  if (caller !== undefined) refuseCallerEntry(entry, named, caller);
  list.splice(list.indexOf(entry), 1);
}

/** The entry holding the address of this request cannot go (API-SPEC endpoint 8). */
export function refuseCallerEntry(entry: Doc, named: string, caller: string): void {
  if (entryHolding([entry], caller)) throw new ApiError(400, 'CANNOT_REMOVE_CALLER_ACCESS_LIST_ENTRY', `The entry ${named} holds the address of this request (${caller}), which cannot be removed.`, [named]);
}
