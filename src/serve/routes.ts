// The endpoints: each a method, a path pattern and a handler that reads or changes the state and
// returns a Reply. Status codes and roles as API-SPEC says, and as docs/serve.md decides where it
// does not.
import type { Kind } from '../core/kinds';
import type { BaseInput } from '../core/types';
import type { TransitionPairs } from '../engine/lint';
import { INTEGRATION_TYPES } from '../model/integrations';
import { parseListenAddress } from '../model/addresses';
import { isObject } from '../model/alerts';
import { ApiError, boolParam, isoSeconds, listReply, type Query, type Reply } from './http';
import { groupFor, hasGlobal, orgFor, requireAnyRole, requireGlobal, type GroupAccess, type Principal } from './roles';
import { newId, type ApiKey, type Doc, type State, type User } from './state';
import { addEntries, removeEntry } from './access';
import { acceptConfig, configOf, statusView } from './automation';
import { EVENT_TYPES, recordGlobalEvent, recordProjectEvent } from './events';
import { CONTROL_ROUTES, type ControlContext } from './control';
import { KEY_ACCESS_ROUTES, orgOfKey } from './key-access';
import { hasLive, isLiveAlert, syncLive, windowOf } from './live-alerts';

export interface Request {
  state: State;
  principal: Principal;
  params: Record<string, string>;
  query: Query;
  /** The request's absolute URL (links are built from it). */
  url: URL;
  /** The base of links: scheme, host and the API prefix. */
  base: string;
  now: Date;
  /** The parsed, validated body (undefined without one). */
  body: unknown;
  /** The caller's IP address. */
  caller: string;
  /** With a base: the body paired with the stored resource (what `omlint plan` reads). */
  pairs?: TransitionPairs;
  /** A body read as text (routes with `text`), undefined otherwise. */
  text?: string;
  /** What the control API needs (`--control` only). */
  control?: ControlContext;
}

export interface Route {
  method: string;
  /** Path segments under the prefix; `{name}` captures one. */
  path: string;
  prefix: 'api' | 'prometheus' | 'control';
  /** The kind each body is linted as (the engine of `omlint check`). */
  kind?: Kind;
  /** A body is read and parsed (JSON), its checks the handler's own (no kind describes it). */
  body?: boolean;
  /** The body as text, of these media types: the handler reads it (the control API's seed, YAML or JSON). */
  text?: string[];
  /** What a body request does to the path's project (default: writes its monitoring resources). */
  access?: GroupAccess;
  /** The stored resource the body replaces: the transition rules judge the body against it. */
  baseOf?(r: Omit<Request, 'body'>): BaseInput | undefined;
  /** Checks made before the body is read (who may call, the path's names): a 403 or 404 comes before any 400 of the body. */
  pre?(r: Omit<Request, 'body'>): void;
  handle(r: Request): Reply | Promise<Reply>;
  /** The handler replaces the whole state (reset, seed): the secrets net is collected afresh. */
  replacesState?: true;
  /** A GET whose answer depends on the state, the caller and the URL only: kept until the state changes (answer-cache.ts). */
  cache?: true;
}

const self = (href: string) => [{ href, rel: 'self' }];

/** A stored resource as answered: with its `links`. */
function withLinks(doc: Doc, href: string): Doc {
  return { ...doc, links: self(href) };
}

function notFound(what: string, id: string, code: string): ApiError {
  return new ApiError(404, code, `No ${what} with ID ${id} exists in this group.`, [id]);
}

function find(list: Doc[], groupId: string | undefined, id: string, what: string, code: string): Doc {
  const doc = list.find((d) => d.id === id && (groupId === undefined || d.groupId === groupId));
  if (!doc) throw notFound(what, id, code);
  return doc;
}

const asObject = (v: unknown): Doc => (isObject(v) ? v : {});

/** Fields the server owns: a body never sets them. */
const SERVER_FIELDS = ['id', 'groupId', 'created', 'updated', 'links'];
function clientFields(body: unknown): Doc {
  const out = { ...asObject(body) };
  for (const f of SERVER_FIELDS) delete out[f];
  return out;
}

type Collection = 'alertConfigs' | 'alerts' | 'maintenanceWindows';

/** A project resource of a collection as answered: with its link `<base>/groups/<groupId>/<collection>/<id>`. */
function linked(r: Request, collection: Collection, d: Doc): Doc {
  return withLinks(d, `${r.base}/groups/${String(d.groupId)}/${collection}/${String(d.id)}`);
}

/** GET of one project resource by id: `groups/{groupId}/<segment>/{id}`. */
function getOne(collection: Collection, what: string, code: string): Route {
  return {
    method: 'GET', path: `groups/{groupId}/${collection}/{id}`, prefix: 'api', cache: true,
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, false);
      const d = find(r.state[collection], g.id, r.params.id, what, code);
      return { status: 200, body: linked(r, collection, d) };
    },
  };
}

/** What a POST of a project resource does that is its collection's own. */
interface Creation {
  kind: Kind;
  /** The body's fields the resource keeps. */
  fields(body: unknown): Doc;
  /** What the collection does once the resource is stored (a default, the live evaluator's input). */
  stored?(r: Request, groupId: string, doc: Doc): void;
  event: string;
  /** The resource's ids in its event. */
  eventIds(doc: Doc): Doc;
  /** The resource in the event's words ("Alert configuration"). */
  noun: string;
  status: 200 | 201;
}

/** POST of a project resource: a new id, created and updated now, then the client's fields; stored, then its event. */
function post(collection: 'alertConfigs' | 'maintenanceWindows', c: Creation): Route {
  return {
    method: 'POST', path: `groups/{groupId}/${collection}`, prefix: 'api', kind: c.kind,
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, true);
      const at = isoSeconds(r.now);
      const doc: Doc = { id: newId(), groupId: g.id, created: at, updated: at, ...c.fields(r.body) };
      r.state[collection].push(doc);
      c.stored?.(r, g.id, doc);
      recordProjectEvent(r, g.id, c.event, c.eventIds(doc), `${c.noun} ${String(doc.id)} added`);
      return { status: c.status, body: linked(r, collection, doc) };
    },
  };
}

/** GET of every project resource of a collection (those the request's filter keeps), paginated. */
function getAll(collection: Collection, filterOf: (r: Request) => (d: Doc) => boolean = () => () => true): Route {
  return {
    method: 'GET', path: `groups/{groupId}/${collection}`, prefix: 'api', cache: true,
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, false);
      const keep = filterOf(r);
      return listReply(r.state[collection].filter((d) => d.groupId === g.id && keep(d)).map((d) => linked(r, collection, d)), r.url, r.query);
    },
  };
}

// ---------------------------------------------------------------- groups

const groups: Route[] = [
  {
    method: 'GET', path: 'groups', prefix: 'api',
    handle: (r) => listReply(r.state.groups.filter((g) => { try { return groupFor(r.state, r.principal, g.id, false) === g; } catch { return false; } }).map((g) => groupDoc(r, g.id)), r.url, r.query),
  },
  { method: 'GET', path: 'groups/{groupId}', prefix: 'api', handle: (r) => ({ status: 200, body: groupDoc(r, groupFor(r.state, r.principal, r.params.groupId, false).id) }) },
];

function groupDoc(r: Request, id: string): Doc {
  const g = r.state.groups.find((x) => x.id === id)!;
  const hosts = r.state.hosts.filter((h) => h.groupId === id);
  return withLinks({ id: g.id, name: g.name, orgId: g.orgId, activeAgentCount: 0, hostCounts: { primary: hosts.filter((h) => h.typeName === 'REPLICA_PRIMARY').length, secondary: hosts.filter((h) => h.typeName === 'REPLICA_SECONDARY').length }, replicaSetCount: new Set(hosts.map((h) => h.replicaSetName).filter(Boolean)).size, shardCount: 0 }, `${r.base}/groups/${g.id}`);
}

// ---------------------------------------------------------------- alert configurations (20, 21)

const alertConfigs: Route[] = [
  getAll('alertConfigs'),
  getOne('alertConfigs', 'alert configuration', 'ALERT_CONFIG_NOT_FOUND'),
  post('alertConfigs', {
    kind: 'alert-config', fields: clientFields, status: 201,
    // As on update: an omitted `enabled` is false (docs/serve.md).
    stored: (_r, _groupId, doc) => void (doc.enabled = doc.enabled === true),
    event: EVENT_TYPES.alertConfigAdded, eventIds: (doc) => ({ alertConfigId: doc.id }), noun: 'Alert configuration',
  }),
  {
    method: 'PUT', path: 'groups/{groupId}/alertConfigs/{id}', prefix: 'api', kind: 'alert-config',
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, true);
      const old = find(r.state.alertConfigs, g.id, r.params.id, 'alert configuration', 'ALERT_CONFIG_NOT_FOUND');
      // PUT replaces: what the body omits is gone, and an omitted `enabled` disables (API-SPEC).
      const doc: Doc = { id: old.id, groupId: g.id, created: old.created, updated: isoSeconds(r.now), ...clientFields(r.body) };
      doc.enabled = doc.enabled === true;
      r.state.alertConfigs[r.state.alertConfigs.indexOf(old)] = doc;
      recordProjectEvent(r, g.id, EVENT_TYPES.alertConfigChanged, { alertConfigId: doc.id }, `Alert configuration ${String(doc.id)} changed`);
      return { status: 200, body: linked(r, 'alertConfigs', doc) };
    },
  },
  {
    method: 'DELETE', path: 'groups/{groupId}/alertConfigs/{id}', prefix: 'api',
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, true);
      const old = find(r.state.alertConfigs, g.id, r.params.id, 'alert configuration', 'ALERT_CONFIG_NOT_FOUND');
      r.state.alertConfigs.splice(r.state.alertConfigs.indexOf(old), 1);
      recordProjectEvent(r, g.id, EVENT_TYPES.alertConfigDeleted, { alertConfigId: old.id }, `Alert configuration ${String(old.id)} deleted`);
      return { status: 204 };
    },
  },
];

// ---------------------------------------------------------------- alerts (3, 4, 5)

const ALERT_STATUSES = ['TRACKING', 'OPEN', 'CLOSED'];

/** `status` of the alerts list: one of ALERT_STATUSES, or all. */
function statusFilter(r: Request): (a: Doc) => boolean {
  const status = r.query.get('status');
  if (status !== null && !ALERT_STATUSES.includes(status)) throw new ApiError(400, 'INVALID_QUERY_PARAMETER', `Invalid value "${status}" for query parameter status: expected one of ${ALERT_STATUSES.join(', ')}.`, ['status', status]);
  return (a) => status === null || a.status === status;
}

const alerts: Route[] = [
  getAll('alerts', statusFilter),
  getOne('alerts', 'alert', 'ALERT_NOT_FOUND'),
  {
    method: 'PATCH', path: 'groups/{groupId}/alerts/{id}', prefix: 'api', kind: 'alert-acknowledgement',
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, true);
      let a = find(r.state.alerts, g.id, r.params.id, 'alert', 'ALERT_NOT_FOUND');
      const body = asObject(r.body);
      if (typeof body.acknowledgedUntil === 'string') {
        a.acknowledgedUntil = body.acknowledgedUntil;
        if (typeof body.acknowledgementComment === 'string') a.acknowledgementComment = body.acknowledgementComment;
        else delete a.acknowledgementComment;
        a.acknowledgingUsername = r.principal.name;
      } else {
        // Omitting acknowledgedUntil removes the acknowledgement (API-SPEC endpoint 5).
        delete a.acknowledgedUntil;
        delete a.acknowledgementComment;
        delete a.acknowledgingUsername;
      }
      a.updated = isoSeconds(r.now);
      // An alert of the live evaluator: the acknowledgement is its input (it rewrites the alert).
      if (r.control && isLiveAlert(r.state, g.id, String(a.id))) {
        const until = typeof body.acknowledgedUntil === 'string' ? Date.parse(body.acknowledgedUntil) : r.now.getTime();
        syncLive(r.state, r.control.live, r.now, g.id, { acks: [{ alert: String(a.id), until, ...(typeof body.acknowledgementComment === 'string' ? { comment: body.acknowledgementComment } : {}), username: r.principal.name }] });
        const id = a.id;
        // The evaluator's view is the stored one (an acknowledgement of a closed alert changes nothing).
        a = r.state.alerts.find((d) => d.id === id) ?? a;
      }
      const acknowledged = a.acknowledgedUntil !== undefined;
      recordProjectEvent(r, g.id, acknowledged ? EVENT_TYPES.alertAcknowledged : EVENT_TYPES.alertUnacknowledged, { alertId: a.id, alertConfigId: a.alertConfigId }, `Alert ${String(a.id)} ${acknowledged ? 'acknowledged' : 'unacknowledged'}`);
      return { status: 200, body: linked(r, 'alerts', a) };
    },
  },
];

// ---------------------------------------------------------------- maintenance windows (13, 14, 15)

/** Only a window whose end date is still ahead may change (API-SPEC endpoints 14 and 15). */
function assertNotEnded(w: Doc, now: Date): void {
  const end = Date.parse(String(w.endDate));
  if (!(end > now.getTime())) throw new ApiError(400, 'MAINTENANCE_WINDOW_ENDED', `The maintenance window ${String(w.id)} ended at ${String(w.endDate)}: only a window whose end date is in the future can be updated or deleted.`, [w.id]);
}

const WINDOW_FIELDS = ['alertTypeNames', 'startDate', 'endDate', 'description'];
function windowFields(body: unknown): Doc {
  const b = asObject(body);
  return Object.fromEntries(WINDOW_FIELDS.filter((f) => b[f] !== undefined).map((f) => [f, b[f]]));
}

/** A window change is an input of the project's live evaluator, if it has one (it mutes and unmutes). */
function liveWindows(r: Request, groupId: string, entry: { addWindows?: ReturnType<typeof windowOf>[]; deleteWindows?: string[] }): void {
  if (r.control && hasLive(r.state, groupId)) syncLive(r.state, r.control.live, r.now, groupId, entry);
}

const windows: Route[] = [
  getAll('maintenanceWindows'),
  getOne('maintenanceWindows', 'maintenance window', 'MAINTENANCE_WINDOW_NOT_FOUND'),
  post('maintenanceWindows', {
    // API-SPEC's example answers 200 (docs/serve.md).
    kind: 'maintenance-window', fields: windowFields, status: 200,
    stored: (r, groupId, w) => liveWindows(r, groupId, { addWindows: [windowOf(w)] }),
    event: EVENT_TYPES.windowAdded, eventIds: () => ({}), noun: 'Maintenance window',
  }),
  {
    // API-SPEC's example answers 201 (docs/serve.md).
    method: 'PATCH', path: 'groups/{groupId}/maintenanceWindows/{id}', prefix: 'api', kind: 'maintenance-window-update',
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, true);
      const w = find(r.state.maintenanceWindows, g.id, r.params.id, 'maintenance window', 'MAINTENANCE_WINDOW_NOT_FOUND');
      assertNotEnded(w, r.now);
      Object.assign(w, windowFields(r.body), { updated: isoSeconds(r.now) });
      liveWindows(r, g.id, { deleteWindows: [String(w.id)], addWindows: [windowOf(w)] });
      recordProjectEvent(r, g.id, EVENT_TYPES.windowChanged, {}, `Maintenance window ${String(w.id)} changed`);
      return { status: 201, body: linked(r, 'maintenanceWindows', w) };
    },
  },
  {
    method: 'DELETE', path: 'groups/{groupId}/maintenanceWindows/{id}', prefix: 'api',
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, true);
      const w = find(r.state.maintenanceWindows, g.id, r.params.id, 'maintenance window', 'MAINTENANCE_WINDOW_NOT_FOUND');
      assertNotEnded(w, r.now);
      r.state.maintenanceWindows.splice(r.state.maintenanceWindows.indexOf(w), 1);
      liveWindows(r, g.id, { deleteWindows: [String(w.id)] });
      recordProjectEvent(r, g.id, EVENT_TYPES.windowDeleted, {}, `Maintenance window ${String(w.id)} deleted`);
      return { status: 204 };
    },
  },
];

// ---------------------------------------------------------------- integrations (12)

function integrationType(t: string): string {
  if (!(INTEGRATION_TYPES as readonly string[]).includes(t)) throw new ApiError(404, 'INTEGRATION_TYPE_NOT_FOUND', `No integration type ${t}: expected one of ${INTEGRATION_TYPES.join(', ')}.`, [t]);
  return t;
}

/** A stored integration as answered: without its groupId (the read form has `type` and its fields). */
const integrationDoc = ({ groupId: _, ...rest }: Doc): Doc => rest;

function integrationList(r: Request, groupId: string): Reply {
  return listReply(r.state.integrations.filter((i) => i.groupId === groupId).map(integrationDoc), r.url, r.query);
}

const integrations: Route[] = [
  {
    method: 'GET', path: 'groups/{groupId}/integrations', prefix: 'api',
    handle: (r) => integrationList(r, groupFor(r.state, r.principal, r.params.groupId, false).id),
  },
  {
    method: 'GET', path: 'groups/{groupId}/integrations/{type}', prefix: 'api',
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, false);
      const type = integrationType(r.params.type);
      const i = r.state.integrations.find((x) => x.groupId === g.id && x.type === type);
      if (!i) throw new ApiError(404, 'INTEGRATION_NOT_FOUND', `No ${type} integration is configured in this group.`, [type]);
      return { status: 200, body: integrationDoc(i) };
    },
  },
  {
    method: 'PUT', path: 'groups/{groupId}/integrations/{type}', prefix: 'api', kind: 'integration',
    pre: (r) => integrationType(r.params.type),
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, true);
      const type = integrationType(r.params.type);
      const body = clientFields(r.body);
      if (body.type !== type) throw new ApiError(400, 'INTEGRATION_TYPE_MISMATCH', `The body's type ${JSON.stringify(body.type)} differs from the path's ${type}.`, [type]);
      const old = r.state.integrations.find((x) => x.groupId === g.id && x.type === type);
      // Field by field into the existing configuration of that type, or added (API-SPEC endpoint 12).
      if (old) Object.assign(old, body);
      else r.state.integrations.push({ ...body, groupId: g.id });
      return integrationList(r, g.id);
    },
  },
];

// ---------------------------------------------------------------- global alert configurations (9, 10)

const globalHref = (r: Request, d: Doc) => `${r.base}/globalAlertConfigs/${d.id}`;
const GLOBAL_WRITERS = ['GLOBAL_OWNER', 'GLOBAL_MONITORING_ADMIN'];

const globalAlertConfigs: Route[] = [
  {
    method: 'GET', path: 'globalAlertConfigs', prefix: 'api',
    handle: (r) => {
      requireGlobal(r.principal);
      return listReply(r.state.globalAlertConfigs.map((c) => withLinks(c, globalHref(r, c))), r.url, r.query);
    },
  },
  {
    method: 'GET', path: 'globalAlertConfigs/{id}', prefix: 'api',
    handle: (r) => {
      requireGlobal(r.principal);
      const c = find(r.state.globalAlertConfigs, undefined, r.params.id, 'global alert configuration', 'ALERT_CONFIG_NOT_FOUND');
      return { status: 200, body: withLinks(c, globalHref(r, c)) };
    },
  },
  {
    // The body is `enabled` alone, which no kind describes (global-alert-config is the whole resource).
    method: 'PUT', path: 'globalAlertConfigs/{id}', prefix: 'api', body: true,
    pre: (r) => requireGlobal(r.principal, ...GLOBAL_WRITERS),
    handle: (r) => {
      requireGlobal(r.principal, ...GLOBAL_WRITERS);
      const c = find(r.state.globalAlertConfigs, undefined, r.params.id, 'global alert configuration', 'ALERT_CONFIG_NOT_FOUND');
      const body = asObject(r.body);
      if (typeof body.enabled !== 'boolean') throw new ApiError(400, 'INVALID_ATTRIBUTE', 'The body needs `enabled`, true or false (API-SPEC endpoint 9).', ['enabled']);
      c.enabled = body.enabled;
      c.updated = isoSeconds(r.now);
      recordGlobalEvent(r, c.enabled ? EVENT_TYPES.alertConfigEnabled : EVENT_TYPES.alertConfigDisabled, { alertConfigId: c.id });
      return { status: 200, body: withLinks(c, globalHref(r, c)) };
    },
  },
  {
    method: 'DELETE', path: 'globalAlertConfigs/{id}', prefix: 'api',
    handle: (r) => {
      requireGlobal(r.principal, ...GLOBAL_WRITERS);
      const c = find(r.state.globalAlertConfigs, undefined, r.params.id, 'global alert configuration', 'ALERT_CONFIG_NOT_FOUND');
      r.state.globalAlertConfigs.splice(r.state.globalAlertConfigs.indexOf(c), 1);
      recordGlobalEvent(r, EVENT_TYPES.alertConfigDeleted, { alertConfigId: c.id });
      return { status: 204 };
    },
  },
];

// ---------------------------------------------------------------- hosts (16, 17) and scrape targets (19)

function hostFor(r: Request): { groupId: string; host: Doc } {
  const g = groupFor(r.state, r.principal, r.params.groupId, false);
  const host = r.state.hosts.find((h) => h.id === r.params.hostId && h.groupId === g.id);
  if (!host) throw notFound('host', r.params.hostId, 'HOST_NOT_FOUND');
  return { groupId: g.id, host };
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

const hosts: Route[] = [
  {
    method: 'GET', path: 'groups/{groupId}/hosts/{hostId}/databases', prefix: 'api',
    handle: (r) => {
      const { groupId, host } = hostFor(r);
      const hostHref = `${r.base}/groups/${groupId}/hosts/${host.id}`;
      // Links to the project, the host and the database's measurements (API-SPEC "Database").
      const items = strings(host.databases).map((databaseName) => ({ databaseName, links: [
        { href: `${hostHref}/databases/${encodeURIComponent(databaseName)}`, rel: 'self' },
        { href: `${r.base}/groups/${groupId}`, rel: 'http://mms.mongodb.com/group' },
        { href: hostHref, rel: 'http://mms.mongodb.com/host' },
        { href: `${hostHref}/databases/${encodeURIComponent(databaseName)}/measurements`, rel: 'http://mms.mongodb.com/measurements' },
      ] }));
      return listReply(items, r.url, r.query);
    },
  },
  {
    method: 'GET', path: 'groups/{groupId}/hosts/{hostId}/disks/{partitionName}', prefix: 'api',
    handle: (r) => {
      const { groupId, host } = hostFor(r);
      const name = r.params.partitionName;
      if (!strings(host.disks).includes(name)) throw notFound('disk partition', name, 'DISK_PARTITION_NOT_FOUND');
      return { status: 200, body: { partitionName: name, links: self(`${r.base}/groups/${groupId}/hosts/${host.id}/disks/${encodeURIComponent(name)}`) } };
    },
  },
  {
    // The scrape targets: one per project, each host at the PROMETHEUS integration's listen port (9216 without one).
    method: 'GET', path: 'groups/{groupId}/discovery', prefix: 'prometheus',
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, false);
      const prom = r.state.integrations.find((i) => i.groupId === g.id && i.type === 'PROMETHEUS');
      const port = parseListenAddress(prom?.listenAddress)?.port ?? 9216;
      const targets = r.state.hosts.filter((h) => h.groupId === g.id).map((h) => `${String(h.hostname)}:${port}`);
      return { status: 200, body: [{ targets, labels: { group_id: g.id, group_name: g.name, org_id: g.orgId } }], bare: true };
    },
  },
];

// ---------------------------------------------------------------- global API keys (1), access list (2), users (11)

const keyDoc = (r: Request, k: ApiKey): Doc => ({ id: k.id, desc: k.desc, publicKey: k.publicKey, privateKey: k.privateKey, roles: k.roles.map((x) => ({ roleName: x.roleName })), links: self(`${r.base}/admin/apiKeys/${k.id}`) });

/** The global key of the path: an organization's key is none (its roles changed here would move it off its list). */
function globalKey(r: Omit<Request, 'body'>): ApiKey {
  const k = r.state.apiKeys.find((x) => x.id === r.params.id && orgOfKey(r.state, x) === undefined);
  if (!k) throw new ApiError(404, 'API_KEY_NOT_FOUND', `No global API key with ID ${r.params.id} exists.`, [r.params.id]);
  return k;
}

const admin: Route[] = [
  {
    method: 'PATCH', path: 'admin/apiKeys/{id}', prefix: 'api', kind: 'api-key-update',
    pre: (r) => {
      requireGlobal(r.principal, 'GLOBAL_OWNER');
      globalKey(r);
    },
    handle: (r) => {
      requireGlobal(r.principal, 'GLOBAL_OWNER');
      const k = globalKey(r);
      const body = asObject(r.body);
      if (typeof body.desc === 'string') k.desc = body.desc;
      if (Array.isArray(body.roles)) k.roles = strings(body.roles).map((roleName) => ({ roleName }));
      return { status: 200, body: keyDoc(r, k) };
    },
  },
  {
    method: 'GET', path: 'admin/accessList', prefix: 'api',
    handle: (r) => {
      requireGlobal(r.principal);
      return listReply(r.state.globalAccessList, r.url, r.query);
    },
  },
  {
    method: 'GET', path: 'users/{id}', prefix: 'api',
    handle: (r) => {
      // An API key is no user (API-SPEC endpoint 11: "It cannot return an API key").
      const u = r.state.users.find((x) => x.id === r.params.id);
      if (!u) throw new ApiError(404, 'USER_NOT_FOUND', `No user with ID ${r.params.id} exists.`, [r.params.id]);
      const mine = r.principal.kind === 'user' && r.principal.id === u.id;
      const shared = r.principal.roles.some((p) => p.roleName === 'GROUP_USER_ADMIN' && u.roles.some((x) => x.groupId === p.groupId));
      if (!mine && !hasGlobal(r.principal) && !shared) throw new ApiError(403, 'USER_UNAUTHORIZED', 'Current user is not authorized to perform this action.');
      // The user's API key, a secret, is never part of the answer; nor is the access list.
      const { apiKey: _, accessList: __, ...shown } = u;
      return { status: 200, body: { ...shown, links: self(`${r.base}/users/${u.id}`) } };
    },
  },
];

// ---------------------------------------------------------------- user access lists (7, 8)

/** The user of the path, changeable by the caller: themselves, a global owner or global user admin. */
function userFor(r: Request): User {
  const u = r.state.users.find((x) => x.id === r.params.id);
  if (!u) throw new ApiError(404, 'USER_NOT_FOUND', `No user with ID ${r.params.id} exists.`, [r.params.id]);
  if (!(r.principal.kind === 'user' && r.principal.id === u.id) && !hasGlobal(r.principal, 'GLOBAL_OWNER', 'GLOBAL_USER_ADMIN')) throw new ApiError(403, 'USER_UNAUTHORIZED', 'Current user is not authorized to perform this action.');
  return u;
}

function accessListReply(r: Request, u: User, status: number): Reply {
  const items = (u.accessList ?? []).map((e) => ({ ...e, links: self(`${r.base}/users/${u.id}/accessList/${encodeURIComponent(String(e.cidrBlock ?? e.ipAddress))}`) }));
  return { ...listReply(items, r.url, r.query), status };
}

const accessLists: Route[] = [
  { method: 'GET', path: 'users/{id}/accessList', prefix: 'api', handle: (r) => accessListReply(r, userFor(r), 200) },
  {
    method: 'POST', path: 'users/{id}/accessList', prefix: 'api', kind: 'access-list-entries',
    pre: (r) => userFor(r as Request),
    handle: (r) => {
      const u = userFor(r);
      // The user's own list must still admit the POST (Ops Manager "Access List": it originates from an address on it).
      const own = r.principal.kind === 'user' && r.principal.id === u.id;
      addEntries(u, Array.isArray(r.body) ? r.body : [], isoSeconds(r.now), own ? r.caller : undefined);
      return accessListReply(r, u, 201);
    },
  },
  {
    method: 'DELETE', path: 'users/{id}/accessList/{entry}', prefix: 'api',
    handle: (r) => {
      removeEntry(userFor(r), r.params.entry, r.caller);
      return { status: 204 };
    },
  },
];

// ---------------------------------------------------------------- automation status (6), events (22, 23)

/** A project without an automation configuration answers an empty one at version 0 (docs/serve.md). */
const EMPTY_CONFIG = { version: 0, processes: [], replicaSets: [], sharding: [] };

const automation: Route[] = [
  {
    method: 'GET', path: 'groups/{groupId}/automationStatus/full', prefix: 'api',
    handle: (r) => ({ status: 200, body: statusView(r.state, groupFor(r.state, r.principal, r.params.groupId, false).id) }),
  },
  {
    // The latest plan (Ops Manager "Get Automation Status of Latest Plan"; outside API-SPEC): the same status here.
    method: 'GET', path: 'groups/{groupId}/automationStatus', prefix: 'api',
    handle: (r) => ({ status: 200, body: statusView(r.state, groupFor(r.state, r.principal, r.params.groupId, false).id) }),
  },
  {
    method: 'GET', path: 'groups/{groupId}/automationConfig', prefix: 'api',
    handle: (r) => ({ status: 200, body: configOf(r.state, groupFor(r.state, r.principal, r.params.groupId, false).id) ?? EMPTY_CONFIG }),
  },
  {
    // Judged as `omlint check --kind automation-config --base <stored>` judges it: an error of a
    // transition rule (one `omlint plan` reports) refuses the PUT like any other error.
    method: 'PUT', path: 'groups/{groupId}/automationConfig', prefix: 'api', kind: 'automation-config', access: 'automation',
    baseOf: (r) => {
      const stored = configOf(r.state, r.params.groupId);
      return stored ? { label: `the stored automation configuration (version ${String(stored.version)})`, text: JSON.stringify(stored, null, 2) } : undefined;
    },
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, 'automation');
      const config = acceptConfig(r.state, g.id, clientConfig(r.body), r.pairs, r.now);
      recordProjectEvent(r, g.id, EVENT_TYPES.automationConfigPublished, {}, `Automation configuration version ${String(config.version)} published`);
      return { status: 200, body: config };
    },
  },
];

/** The body of an automation PUT without `links` (a pasted GET): `version` is the server's. */
function clientConfig(body: unknown): Doc {
  const { links: _, ...rest } = asObject(body);
  return rest;
}

/** An event as answered: `raw` only with includeRaw=true (and never for a global event). */
function eventDoc(r: Request, e: Doc, href: string, raw: boolean): Doc {
  const { raw: stored, ...shown } = e;
  return { ...shown, ...(raw && stored !== undefined ? { raw: stored } : {}), links: self(href) };
}

const events: Route[] = [
  {
    method: 'GET', path: 'orgs/{orgId}/events/{id}', prefix: 'api',
    handle: (r) => {
      const orgId = orgFor(r);
      const e = r.state.orgEvents.find((x) => x.id === r.params.id && x.orgId === orgId);
      if (!e) throw new ApiError(404, 'EVENT_NOT_FOUND', `No event with ID ${r.params.id} exists.`, [r.params.id]);
      return { status: 200, body: eventDoc(r, e, `${r.base}/orgs/${orgId}/events/${e.id}`, boolParam(r.query, 'includeRaw', false)) };
    },
  },
  {
    // The list (the Go client's ListOrganizationEvents; outside API-SPEC), newest first, so a client finds the ids.
    method: 'GET', path: 'orgs/{orgId}/events', prefix: 'api',
    handle: (r) => {
      const orgId = orgFor(r);
      const raw = boolParam(r.query, 'includeRaw', false);
      return listReply(r.state.orgEvents.filter((e) => e.orgId === orgId).reverse().map((e) => eventDoc(r, e, `${r.base}/orgs/${orgId}/events/${String(e.id)}`, raw)), r.url, r.query);
    },
  },
  {
    // A project's events (the Go client's ListProjectEvents): the organization events that name it.
    method: 'GET', path: 'groups/{groupId}/events', prefix: 'api',
    handle: (r) => {
      const g = groupFor(r.state, r.principal, r.params.groupId, false);
      const raw = boolParam(r.query, 'includeRaw', false);
      return listReply(r.state.orgEvents.filter((e) => e.groupId === g.id).reverse().map((e) => eventDoc(r, e, `${r.base}/orgs/${g.orgId}/events/${String(e.id)}`, raw)), r.url, r.query);
    },
  },
  {
    method: 'GET', path: 'globalEvents/{id}', prefix: 'api',
    handle: (r) => {
      requireGlobal(r.principal);
      const e = r.state.globalEvents.find((x) => x.id === r.params.id);
      if (!e) throw new ApiError(404, 'EVENT_NOT_FOUND', `No event with ID ${r.params.id} exists.`, [r.params.id]);
      // A global event has no `raw` (API-SPEC endpoint 23).
      return { status: 200, body: eventDoc(r, e, `${r.base}/globalEvents/${e.id}`, false) };
    },
  },
  {
    // The list of global events (outside API-SPEC, an assumption), newest first.
    method: 'GET', path: 'globalEvents', prefix: 'api',
    handle: (r) => {
      requireGlobal(r.principal);
      return listReply([...r.state.globalEvents].reverse().map((e) => eventDoc(r, e, `${r.base}/globalEvents/${String(e.id)}`, false)), r.url, r.query);
    },
  },
];

// ---------------------------------------------------------------- matcher field names (18)

/** API-SPEC endpoint 18, in its order. */
export const MATCHER_FIELD_NAMES = ['TYPE_NAME', 'HOSTNAME', 'PORT', 'HOSTNAME_AND_PORT', 'REPLICA_SET_NAME', 'SHARD_NAME', 'CLUSTER_NAME'];

const matchers: Route[] = [
  {
    method: 'GET', path: 'alertConfigs/matchers/fieldNames', prefix: 'api',
    handle: (r) => {
      requireAnyRole(r.principal);
      return { status: 200, body: MATCHER_FIELD_NAMES, bare: true };
    },
  },
];

export const ROUTES: Route[] = [...groups, ...alertConfigs, ...alerts, ...windows, ...integrations, ...globalAlertConfigs, ...hosts, ...admin, ...accessLists, ...KEY_ACCESS_ROUTES, ...automation, ...events, ...matchers, ...CONTROL_ROUTES];

/** Whether `pretty` and `envelope` are asked for (both default false). */
export function outputFlags(q: Query): { pretty: boolean; envelope: boolean } {
  return { pretty: boolParam(q, 'pretty', false), envelope: boolParam(q, 'envelope', false) };
}
