// User access lists (API-SPEC endpoints 7 and 8, "User access list entry", "Authentication" 4):
// entries are kept by the network they denote (an address is its /32 or /128, which is not
// stored), a user with entries may call only from them, and each call counts on its entry.
import { addressKey, parseAddressOrCidr } from '../model/addresses';
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
  const list = user.accessList ?? [];
  if (list.length === 0) return false;
  const entry = entryHolding(list, address);
  if (!entry) throw new ApiError(403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST', `IP address ${address} is not allowed to access this resource.`, [address]);
  entry.lastUsed = now;
  entry.lastUsedAddress = address;
  entry.count = (typeof entry.count === 'number' ? entry.count : 0) + 1;
  return true;
}

/** Adds the entries of a POST body (an address already listed is ignored); a single address keeps no /32. */
export function addEntries(user: User, body: unknown[], now: string): void {
  const list = (user.accessList ??= []);
  const keys = new Set(list.map((e) => keyOf(e)));
  for (const raw of body) {
    const e = raw as Doc;
    const parsed = parseAddressOrCidr(e.cidrBlock ?? e.ipAddress);
    if (!parsed) continue; // the engine's findings refused it already
    const key = addressKey(parsed);
    if (keys.has(key)) continue;
    keys.add(key);
    const single = (parsed.prefix ?? parsed.maxPrefix) === parsed.maxPrefix;
    const entry: Doc = single ? { ipAddress: parsed.address, cidrBlock: parsed.address } : { cidrBlock: `${parsed.network}/${parsed.prefix}` };
    if (typeof e.comment === 'string') entry.comment = e.comment;
    list.push({ ...entry, created: now, count: 0 });
  }
}

function keyOf(e: Doc): string | undefined {
  const p = parseAddressOrCidr(e.cidrBlock ?? e.ipAddress);
  return p && addressKey(p);
}

/** Removes the entry named in the path (an address or CIDR block), never the one the caller is using. */
export function removeEntry(user: User, named: string, caller: string): void {
  const list = user.accessList ?? [];
  const parsed = parseAddressOrCidr(named);
  const i = parsed ? list.findIndex((e) => keyOf(e) === addressKey(parsed)) : -1;
  if (i < 0) throw new ApiError(404, 'ACCESS_LIST_ENTRY_NOT_FOUND', `No access list entry ${named} for this user.`, [named]);
  if (entryHolding([list[i]], caller)) throw new ApiError(400, 'CANNOT_REMOVE_CALLER_ACCESS_LIST_ENTRY', `The entry ${named} holds the address of this request (${caller}), which cannot be removed.`, [named]);
  list.splice(i, 1);
}
