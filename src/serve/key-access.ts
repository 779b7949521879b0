// Access lists of programmatic API keys, outside API-SPEC (which has the user's, endpoints 7 and 8,
// and the global list's GET, endpoint 2): an organization key's own list
// (/orgs/{orgId}/apiKeys/{id}/accessList) and the global access list that global keys call from
// (/admin/accessList), with the user list's rules (access.ts). Sources and assumptions: docs/serve.md
// "API-key access lists".
import { parseAddressOrCidr, addressKey, type ParsedAddress } from '../model/addresses';
import { isObject } from '../model/alerts';
import { ApiError, isoSeconds, listReply, type Reply } from './http';
import { admitCaller, admitFrom, addEntriesTo, entryHolding, keyOf, namedEntry, refuseCallerEntry, refuseLockout, removeEntryFrom, storedBlock } from './access';
import { hasGlobal, orgFor, type Principal } from './roles';
import { newId, type ApiKey, type Doc, type State } from './state';
import type { Request, Route } from './routes';

/**
 * The organization of a key: its `orgId`, else the organization one of its roles names (directly or
 * through a project). A key with none is a global key (Ops Manager's "Global Programmatic API Keys").
 */
export function orgOfKey(state: State, k: ApiKey): string | undefined {
  if (k.orgId !== undefined) return k.orgId;
  for (const r of k.roles) {
    if (r.orgId !== undefined) return r.orgId;
    const g = r.groupId === undefined ? undefined : state.groups.find((x) => x.id === r.groupId);
    if (g) return g.orgId;
  }
  return undefined;
}

/**
 * The caller's address against the list that applies to it: a user's own, an organization key's
 * own, a global key's the global access list (whose entries count nothing). 403 outside a
 * non-empty list; true when an entry counted the call (the state changed).
 */
export function admitPrincipal(state: State, p: Principal, address: string, now: string): boolean {
  if (p.kind === 'user') {
    const user = state.users.find((u) => u.id === p.id);
    return user ? admitCaller(user, address, now) : false;
  }
  const key = state.apiKeys.find((k) => k.id === p.id);
  if (!key) return false;
  return orgOfKey(state, key) === undefined ? admitFrom(state.globalAccessList, address, undefined) : admitFrom(key.accessList ?? [], address, now);
}

const forbidden = () => new ApiError(403, 'USER_UNAUTHORIZED', 'Current user is not authorized to perform this action.');

/**
 * The key of the path, in the organization of the path. Its organization's owner (a user or a key)
 * may read and change its list; a global owner too, and any global role may read it.
 */
function keyFor(r: Omit<Request, 'body'>, write: boolean): ApiKey {
  const { orgId, keyId } = r.params;
  if (!r.state.orgs.some((o) => o.id === orgId)) throw new ApiError(404, 'ORG_NOT_FOUND', `No organization with ID ${orgId} exists.`, [orgId]);
  const owner = r.principal.roles.some((x) => x.roleName === 'ORG_OWNER' && x.orgId === orgId);
  if (!owner && !(write ? hasGlobal(r.principal, 'GLOBAL_OWNER') : hasGlobal(r.principal))) throw forbidden();
  const k = r.state.apiKeys.find((x) => x.id === keyId && orgOfKey(r.state, x) === orgId);
  if (!k) throw new ApiError(404, 'API_KEY_NOT_FOUND', `No API key with ID ${keyId} exists in organization ${orgId}.`, [keyId]);
  return k;
}

/** A key as answered: its private key in the document, redacted on the way out like every secret (redact.ts). */
const keyView = (r: Request, orgId: string, k: ApiKey): Doc => ({ id: k.id, desc: k.desc, publicKey: k.publicKey, privateKey: k.privateKey, roles: k.roles.map((x) => ({ ...x })), links: [{ href: `${r.base}/orgs/${orgId}/apiKeys/${k.id}`, rel: 'self' }] });

const orgKeyRoutes: Route[] = [
  {
    // So that a client finds the id of its key (the digest names only the public key).
    method: 'GET', path: 'orgs/{orgId}/apiKeys', prefix: 'api',
    handle: (r) => {
      // An organization's keys are read by any role in it or any global role (Ops Manager "Organization Programmatic API Keys").
      const orgId = orgFor(r);
      return listReply(r.state.apiKeys.filter((k) => orgOfKey(r.state, k) === orgId).map((k) => keyView(r, orgId, k)), r.url, r.query);
    },
  },
  {
    method: 'GET', path: 'orgs/{orgId}/apiKeys/{keyId}', prefix: 'api',
    handle: (r) => {
      const orgId = orgFor(r);
      const k = r.state.apiKeys.find((x) => x.id === r.params.keyId && orgOfKey(r.state, x) === orgId);
      if (!k) throw new ApiError(404, 'API_KEY_NOT_FOUND', `No API key with ID ${r.params.keyId} exists in organization ${orgId}.`, [r.params.keyId]);
      return { status: 200, body: keyView(r, orgId, k) };
    },
  },
];

const entryHref = (r: Request, k: ApiKey, e: Doc) => `${r.base}/orgs/${r.params.orgId}/apiKeys/${k.id}/accessList/${encodeURIComponent(String(e.cidrBlock ?? e.ipAddress))}`;
const entryView = (r: Request, k: ApiKey, e: Doc): Doc => ({ ...e, links: [{ href: entryHref(r, k, e), rel: 'self' }] });

function keyListReply(r: Request, k: ApiKey, status: number): Reply {
  return { ...listReply((k.accessList ?? []).map((e) => entryView(r, k, e)), r.url, r.query), status };
}

const KEY_LIST = 'orgs/{orgId}/apiKeys/{keyId}/accessList';

const keyRoutes: Route[] = [
  { method: 'GET', path: KEY_LIST, prefix: 'api', handle: (r) => keyListReply(r, keyFor(r, false), 200) },
  {
    // Ops Manager: an address is found by equality, not by a block that contains it.
    method: 'GET', path: `${KEY_LIST}/{entry}`, prefix: 'api',
    handle: (r) => {
      const k = keyFor(r, false);
      return { status: 200, body: entryView(r, k, namedEntry(k.accessList ?? [], r.params.entry, `API key ${k.id}`)) };
    },
  },
  {
    // The body is the user list's (an array of {ipAddress | cidrBlock, comment}), judged as that kind.
    method: 'POST', path: KEY_LIST, prefix: 'api', kind: 'access-list-entries',
    pre: (r) => keyFor(r, true),
    handle: (r) => {
      const k = keyFor(r, true);
      const list = [...(k.accessList ?? [])];
      addEntriesTo(list, Array.isArray(r.body) ? r.body : [], isoSeconds(r.now));
      if (r.principal.kind === 'apiKey' && r.principal.id === k.id) refuseLockout(list, r.caller);
      k.accessList = list;
      return keyListReply(r, k, 201);
    },
  },
  {
    method: 'DELETE', path: `${KEY_LIST}/{entry}`, prefix: 'api',
    handle: (r) => {
      const k = keyFor(r, true);
      // The caller's own address stays on the caller's own list (API-SPEC endpoint 8's rule, for the list that admits it).
      const own = r.principal.kind === 'apiKey' && r.principal.id === k.id;
      removeEntryFrom(k.accessList ?? [], r.params.entry, own ? r.caller : undefined, `API key ${k.id}`);
      return { status: 204 };
    },
  },
];

// ---------------------------------------------------------------- the global access list's writes

/** The Ops Manager pages of "Create/Update/Delete One Global Access List Entry" name Global Owner. */
const GLOBAL_WRITER = 'GLOBAL_OWNER';
const requireWriter = (r: Omit<Request, 'body'>) => {
  if (!hasGlobal(r.principal, GLOBAL_WRITER)) throw forbidden();
};
const invalid = (field: string, detail: string) => new ApiError(400, 'INVALID_ATTRIBUTE', detail, [field]);

/** `{cidrBlock, description}` checked by hand (no kind describes it): both on create, at least one on update. */
function globalBody(body: unknown, create: boolean): { block?: ParsedAddress; description?: string } {
  if (!isObject(body)) throw invalid('body', 'The body is one object: {"cidrBlock": "…", "description": "…"}.');
  const out: { block?: ParsedAddress; description?: string } = {};
  if (body.cidrBlock !== undefined || create) {
    out.block = parseAddressOrCidr(body.cidrBlock);
    if (!out.block) throw invalid('cidrBlock', '`cidrBlock` is an IPv4 or IPv6 address or CIDR block (192.0.2.0/24).');
  }
  if (body.description !== undefined || create) {
    if (typeof body.description !== 'string' || body.description.length < 1 || body.description.length > 250) throw invalid('description', '`description` is a string of 1 to 250 characters.');
    out.description = body.description;
  }
  if (!out.block && out.description === undefined) throw invalid('body', 'The body needs `cidrBlock` or `description`.');
  return out;
}

/** Whether the global access list admits the caller: a global key's (users and organization keys have their own). */
function globalCaller(r: Omit<Request, 'body'>): boolean {
  const k = r.principal.kind === 'apiKey' ? r.state.apiKeys.find((x) => x.id === r.principal.id) : undefined;
  return k !== undefined && orgOfKey(r.state, k) === undefined;
}

function globalEntry(r: Omit<Request, 'body'>): Doc {
  const e = r.state.globalAccessList.find((x) => x.id === r.params.id);
  if (!e) throw new ApiError(404, 'ACCESS_LIST_ENTRY_NOT_FOUND', `No global access list entry with ID ${r.params.id} exists.`, [r.params.id]);
  return e;
}

const globalRoutes: Route[] = [
  {
    method: 'GET', path: 'admin/accessList/{id}', prefix: 'api',
    handle: (r) => {
      if (!hasGlobal(r.principal)) throw forbidden();
      return { status: 200, body: globalEntry(r) };
    },
  },
  {
    // A block already listed is not added again: the entry that holds it is answered, 200 (docs/serve.md).
    method: 'POST', path: 'admin/accessList', prefix: 'api', body: true, pre: requireWriter,
    handle: (r) => {
      requireWriter(r);
      const { block, description } = globalBody(r.body, true);
      const listed = r.state.globalAccessList.find((e) => keyOf(e) === addressKey(block!));
      if (listed) return { status: 200, body: listed };
      if (globalCaller(r)) refuseLockout([...r.state.globalAccessList, { cidrBlock: storedBlock(block!) }], r.caller);
      const at = isoSeconds(r.now);
      const entry: Doc = { id: newId(), cidrBlock: storedBlock(block!), description, type: 'GLOBAL_ROLE', created: at, updated: at };
      r.state.globalAccessList.push(entry);
      return { status: 201, body: entry };
    },
  },
  {
    method: 'PATCH', path: 'admin/accessList/{id}', prefix: 'api', body: true,
    pre: (r) => {
      requireWriter(r);
      globalEntry(r);
    },
    handle: (r) => {
      const entry = globalEntry(r);
      const { block, description } = globalBody(r.body, false);
      if (block && keyOf(entry) !== addressKey(block)) {
        if (r.state.globalAccessList.some((e) => e !== entry && keyOf(e) === addressKey(block))) throw invalid('cidrBlock', `${storedBlock(block)} is already on the global access list.`);
        // Moving the block of a global key's entry away from it removes the caller's address.
        if (globalCaller(r) && !entryHolding([{ cidrBlock: storedBlock(block) }], r.caller)) refuseCallerEntry(entry, String(entry.cidrBlock), r.caller);
        entry.cidrBlock = storedBlock(block);
        // `updated` is the time of the last change of the CIDR block (API-SPEC "Global access list entry").
        entry.updated = isoSeconds(r.now);
      }
      if (description !== undefined) entry.description = description;
      return { status: 200, body: entry };
    },
  },
  {
    method: 'DELETE', path: 'admin/accessList/{id}', prefix: 'api',
    handle: (r) => {
      requireWriter(r);
      const entry = globalEntry(r);
      if (globalCaller(r)) refuseCallerEntry(entry, String(entry.cidrBlock), r.caller);
      r.state.globalAccessList.splice(r.state.globalAccessList.indexOf(entry), 1);
      return { status: 204 };
    },
  },
];

export const KEY_ACCESS_ROUTES: Route[] = [...orgKeyRoutes, ...keyRoutes, ...globalRoutes];
