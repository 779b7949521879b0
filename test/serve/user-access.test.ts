// A user's access list (API-SPEC 7, 8; docs/serve.md "User access lists"): a user's POST to their
// own empty list must leave the caller's address on it (Ops Manager "Access List": the list's POST
// and DELETE "must originate from an address already on the user's access list"), as a key's does;
// and a seed's users[].accessList is checked and stored as the API stores a POST's entries.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSeed } from '../../src/serve/seed';
import { defaultState, type ApiKey, type State, type User } from '../../src/serve/state';
import { digestFetch, seedProblem, startInProcess, type InProcess } from './support';

let srv: InProcess;
let state: State;
let owner: ApiKey;
let g: string;
let jane: User;
const asJane = { publicKey: 'jane', privateKey: 'f00dfeed-1111-2222-3333-444455556666' };

beforeEach(async () => {
  state = defaultState(new Date('2026-06-01T12:00:00Z'));
  owner = state.apiKeys[0];
  g = state.groups[0].id;
  jane = { id: 'u1', username: 'jane', apiKey: asJane.privateKey, roles: [{ roleName: 'GROUP_READ_ONLY', groupId: g }] };
  state.users.push(jane);
  srv = await startInProcess(state);
});
afterEach(() => srv.close());

const call = (p: string, init: RequestInit = {}, who: { publicKey: string; privateKey: string } = owner) => digestFetch(`${srv.base}${p}`, who.publicKey, who.privateKey, init);
const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('a user\'s own access list', () => {
  it('refuses a POST that would make the user\'s empty list refuse the caller (400, nothing added); calls go on', async () => {
    const out = await call('/users/u1/accessList', post([{ ipAddress: '192.0.2.10' }, { cidrBlock: '198.51.100.0/24' }]), asJane);
    expect(out.status).toBe(400);
    expect(await out.json()).toMatchObject({ error: 400, errorCode: 'CANNOT_REMOVE_CALLER_ACCESS_LIST_ENTRY', parameters: ['127.0.0.1'] });
    expect(state.users[0].accessList ?? []).toEqual([]);
    expect((await call(`/groups/${g}/alerts`, {}, asJane)).status).toBe(200);
    // With an entry holding the caller's address (127.0.0.0/8 here), the same POST is taken.
    const ok = await call('/users/u1/accessList', post([{ ipAddress: '192.0.2.10' }, { cidrBlock: '127.0.0.0/8' }]), asJane);
    expect(ok.status).toBe(201);
    expect((await ok.json()).totalCount).toBe(2);
    expect((await call(`/groups/${g}/alerts`, {}, asJane)).status).toBe(200);
  });

  it('lets a global owner list addresses on another user\'s list that it does not call from (not the caller\'s list)', async () => {
    const r = await call('/users/u1/accessList', post([{ ipAddress: '192.0.2.10' }]));
    expect(r.status).toBe(201);
    expect((await call(`/groups/${g}/alerts`, {}, asJane)).status).toBe(403);
    expect((await call(`/groups/${g}/alerts`)).status).toBe(200);
  });
});

describe('a seed\'s users[].accessList', () => {
  const GROUP = '5f0000000000000000000001';
  const seed = (list: string) => `orgs: [{ id: "5e0000000000000000000000", name: Org }]\ngroups: [{ id: "${GROUP}", name: P, orgId: "5e0000000000000000000000" }]\nusers:\n  - { username: jane, apiKey: "Qx7SeedUserKey-0001", roles: [{ roleName: GROUP_READ_ONLY, groupId: "${GROUP}" }], accessList: ${list} }\n`;
  const fails = (text: string) => seedProblem(text, 'seed.yaml');

  it('is stored as the API stores a POST\'s entries: no /32, an IPv4-mapped address as IPv4, an address listed twice once, a block by its network', () => {
    const s = loadSeed(seed('[{ ipAddress: 192.0.2.1/32, comment: ci }, { cidrBlock: 192.0.2.1 }, { ipAddress: "::ffff:127.0.0.1" }, { cidrBlock: 198.51.100.9/24 }, { ipAddress: 2001:db8::1/128 }]'), 'seed.yaml');
    expect(s.users[0].accessList).toEqual([
      { ipAddress: '192.0.2.1', cidrBlock: '192.0.2.1', comment: 'ci', count: 0 },
      { ipAddress: '127.0.0.1', cidrBlock: '127.0.0.1', count: 0 },
      { cidrBlock: '198.51.100.0/24', count: 0 },
      { ipAddress: '2001:db8::1', cidrBlock: '2001:db8::1', count: 0 },
    ]);
  });

  it('admits the seeded user from an IPv4-mapped entry and counts the call on it', async () => {
    const s = loadSeed(seed('[{ ipAddress: "::ffff:127.0.0.1/128" }]'), 'seed.yaml');
    const local = await startInProcess(s);
    try {
      const r = await digestFetch(`${local.base}/groups/${GROUP}/alerts`, 'jane', 'Qx7SeedUserKey-0001');
      expect(r.status).toBe(200);
      expect(s.users[0].accessList![0]).toMatchObject({ cidrBlock: '127.0.0.1', count: 1, lastUsedAddress: '127.0.0.1' });
    } finally {
      await local.close();
    }
  });

  it('refuses at file:line:column an entry that names no address, a list that is none, a comment not a string; never quoting the user\'s API key', () => {
    const bad = fails(seed('[{ ipAddress: 192.0.2.300 }]'));
    expect(bad).toMatch(/^seed\.yaml:4:\d+: ipAddress is an IPv4 or IPv6 address or CIDR block\.$/);
    expect(fails(seed('{ ipAddress: 192.0.2.1 }'))).toMatch(/^seed\.yaml:4:\d+: accessList is a list/);
    expect(fails(seed('[{ cidrBlock: 10.0.0.0/8, comment: 7 }]'))).toMatch(/^seed\.yaml:4:\d+: comment is a string\.$/);
    expect(fails(seed('[{ cidrBlock: "Qx7SeedUserKey-0001" }]'))).not.toContain('Qx7SeedUserKey');
  });
});
