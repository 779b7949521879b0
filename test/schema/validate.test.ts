// The schema layer on its own: validateSchema() findings, one per real problem.
import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { validateSchema, type SchemaFinding } from '../../src/schema/validate';
import { loadSchema, schemaPath } from '../../src/schema/files';

const ALERT = {
  eventTypeName: 'HOST_DOWN',
  enabled: true,
  notifications: [{ typeName: 'EMAIL', emailAddress: 'dba@example.com', delayMin: 0, intervalMin: 60 }],
};

const AUTOMATION = {
  version: 3,
  options: { downloadBase: '/var/lib/mongodb-mms-automation' },
  mongoDbVersions: [{ name: '7.0.12', builds: [{ platform: 'linux', url: 'https://fastdl.mongodb.org/x.tgz', gitVersion: 'abc', architecture: 'amd64' }] }],
  processes: [
    {
      name: 'rs0-0',
      hostname: 'db0.example.com',
      processType: 'mongod',
      version: '7.0.12',
      featureCompatibilityVersion: '7.0',
      authSchemaVersion: 5,
      args2_6: { net: { port: 27017 }, replication: { replSetName: 'rs0' }, storage: { dbPath: '/data' } },
      logRotate: { sizeThresholdMB: 1000, timeThresholdHrs: 24 },
    },
  ],
  replicaSets: [{ _id: 'rs0', protocolVersion: '1', members: [{ _id: 0, host: 'rs0-0', priority: 1, votes: 1 }] }],
};

function clone<T>(v: T): T {
  return structuredClone(v);
}

/** "ruleId pointer" of each finding. */
function brief(findings: SchemaFinding[]): string[] {
  return findings.map((f) => `${f.ruleId} ${f.pointer}`);
}

async function check(kind: Kind, value: unknown): Promise<SchemaFinding[]> {
  return validateSchema(kind, value);
}

describe('valid documents give no findings', () => {
  it.each([
    ['alert-config', ALERT],
    ['global-alert-config', { ...ALERT, forAllGroups: true }],
    ['maintenance-window', { alertTypeNames: ['HOST'], startDate: '2030-01-01T00:00:00Z', endDate: '2030-01-02T00:00:00Z' }],
    ['maintenance-window-update', { description: 'x' }],
    ['integration', { type: 'PAGER_DUTY', serviceKey: '${PD_KEY}' }],
    ['automation-config', AUTOMATION],
    ['api-key-update', { desc: 'ci key', roles: ['GLOBAL_READ_ONLY'] }],
    ['access-list-entries', [{ ipAddress: '192.0.2.1', comment: 'office' }, { cidrBlock: '198.51.100.0/24' }]],
    ['alert-acknowledgement', { acknowledgedUntil: '2030-01-01T00:00:00Z', acknowledgementComment: 'known' }],
  ] as [Kind, unknown][])('%s', async (kind, value) => {
    expect(await check(kind, value)).toEqual([]);
  });
});

describe('required-field', () => {
  it('is placed on the parent object and names the field', async () => {
    const { eventTypeName: _, ...noEvent } = ALERT;
    const [f] = await check('alert-config', noEvent);
    expect(f).toMatchObject({ ruleId: 'required-field', pointer: '', target: 'key' });
    expect(f.message).toContain('`eventTypeName`');
  });
  it('nested', async () => {
    const doc = clone(ALERT) as any;
    delete doc.notifications[0].typeName;
    expect(brief(await check('alert-config', doc))).toEqual(['required-field /notifications/0']);
  });
  it('global: forAllGroups', async () => {
    expect(brief(await check('global-alert-config', ALERT))).toEqual(['required-field ']);
  });
  it('not for notifications (rule notifications-required owns it)', async () => {
    const { notifications: _, ...doc } = ALERT;
    expect(await check('alert-config', doc)).toEqual([]);
  });
  it('maintenance window create needs all three fields, update none', async () => {
    expect(brief(await check('maintenance-window', { description: 'x' }))).toEqual([
      'required-field ',
      'required-field ',
      'required-field ',
    ]);
    expect(await check('maintenance-window-update', {})).toEqual([]);
  });
  it('automation-config: featureCompatibilityVersion for mongod only', async () => {
    const doc = clone(AUTOMATION) as any;
    delete doc.processes[0].featureCompatibilityVersion;
    expect(brief(await check('automation-config', doc))).toEqual(['required-field /processes/0']);
    doc.processes[0].processType = 'mongos';
    expect(await check('automation-config', doc)).toEqual([]);
  });
});

describe('unknown-field', () => {
  it('did you mean, with a rename fix when one known key is near', async () => {
    const { enabled: _, ...rest } = ALERT;
    const [f] = await check('alert-config', { ...rest, enabeld: true });
    expect(f).toMatchObject({ ruleId: 'unknown-field', pointer: '/enabeld', target: 'key' });
    expect(f.message).toContain('Did you mean `enabled`?');
    expect(f.fix?.ops).toEqual([{ op: 'rename', pointer: '/enabeld', key: 'enabled' }]);
  });
  it('case-only difference is near; no fix when the right key is present', async () => {
    const [f] = await check('alert-config', { ...ALERT, Enabled: false });
    expect(f.ruleId).toBe('unknown-field');
    expect(f.message).toContain('Did you mean `enabled`?');
    expect(f.fix).toBeUndefined();
  });
  it('a far key: reported without a suggestion', async () => {
    const [f] = await check('alert-config', { ...ALERT, colour: 'red' });
    expect(f).toMatchObject({ ruleId: 'unknown-field', pointer: '/colour' });
    expect(f.message).not.toContain('Did you mean');
    expect(f.fix).toBeUndefined();
  });
  it('a key cut short (issue 31): did-you-mean with a suggestion, not a fix (it may mean another field)', async () => {
    const { eventTypeName, ...rest } = ALERT;
    const [f] = await check('alert-config', { ...rest, eventType: eventTypeName });
    expect(f).toMatchObject({ ruleId: 'unknown-field', pointer: '/eventType' });
    expect(f.message).toContain('Did you mean `eventTypeName`?');
    expect(f.fix).toBeUndefined();
    expect(f.suggestions?.map((x) => x.ops)).toEqual([[{ op: 'rename', pointer: '/eventType', key: 'eventTypeName' }]]);
  });
  it('nested keys of notifications', async () => {
    const doc = clone(ALERT) as any;
    doc.notifications[0].emailAdress = doc.notifications[0].emailAddress;
    delete doc.notifications[0].emailAddress;
    const [f] = await check('alert-config', doc);
    expect(f.fix?.ops).toEqual([{ op: 'rename', pointer: '/notifications/0/emailAdress', key: 'emailAddress' }]);
  });
  it('integration: a field of another type is left to integration-field-not-applicable', async () => {
    expect(await check('integration', { type: 'SLACK', apiToken: 'x', teamName: 't', url: 'https://x' })).toEqual([]);
    expect(brief(await check('integration', { type: 'SLACK', apiToken: 'x', colour: 'red' }))).toEqual(['unknown-field /colour']);
  });
  it('integration: a case-only variant of the type\'s own field', async () => {
    const [f] = await check('integration', { type: 'MICROSOFT_TEAMS', MicrosoftTeamsWebhookURL: 'https://x' });
    expect(f.fix?.ops).toEqual([{ op: 'rename', pointer: '/MicrosoftTeamsWebhookURL', key: 'microsoftTeamsWebhookUrl' }]);
  });
});

describe('fields of current Ops Manager notifications (issue 31)', () => {
  it('webhook templates are known fields', async () => {
    const doc = clone(ALERT) as any;
    doc.notifications = [{ typeName: 'WEBHOOK', webhookUrl: 'https://h.example.com', webhookHeadersTemplate: '{"X-Team": "dba"}', webhookBodyTemplate: '{"event": "${eventTypeName}"}', intervalMin: 5 }];
    expect(await check('alert-config', doc)).toEqual([]);
    expect(await check('global-alert-config', { ...doc, forAllGroups: true })).toEqual([]);
  });
  it('a notification\'s id, as GET responses carry it, is a response-only field, not an unknown one', async () => {
    const doc = clone(ALERT) as any;
    doc.notifications[0].id = '6462742adc47d365036da07d';
    expect(brief(await check('alert-config', doc))).toEqual(['read-only-field /notifications/0/id']);
  });
});

describe('automation-config near-miss policy', () => {
  it('a top-level field of another level is left to automation-field-level, not taken for `auth`', async () => {
    expect(await check('automation-config', { ...AUTOMATION, authSchemaVersion: 5 })).toEqual([]);
  });
  it('undocumented keys are kept silently', async () => {
    const doc = clone(AUTOMATION) as any;
    doc.maintainedSomething = [];
    doc.processes[0].args2_6.net.someNewOption = true;
    doc.auth = { usersWanted: [{ db: 'admin', user: 'u', roles: [], unknownFieldOne: 'one' }] };
    expect(await check('automation-config', doc)).toEqual([]);
  });
  it('a near-miss of a known key is reported, with a fix', async () => {
    const doc = clone(AUTOMATION) as any;
    doc.processes[0].args2_6.net = { prot: 27017 };
    doc.replicaSets[0].members[0].hiden = true;
    const findings = await check('automation-config', doc);
    expect(brief(findings)).toEqual([
      'unknown-field /processes/0/args2_6/net/prot',
      'unknown-field /replicaSets/0/members/0/hiden',
    ]);
    expect(findings[0].fix?.ops).toEqual([{ op: 'rename', pointer: '/processes/0/args2_6/net/prot', key: 'port' }]);
  });
  it('`id` for a required `_id`: one finding, not a required-field too', async () => {
    const doc = clone(AUTOMATION) as any;
    doc.replicaSets[0].members[0] = { id: 0, host: 'rs0-0' };
    const findings = await check('automation-config', doc);
    expect(brief(findings)).toEqual(['unknown-field /replicaSets/0/members/0/id']);
    expect(findings[0].fix?.ops).toEqual([{ op: 'rename', pointer: '/replicaSets/0/members/0/id', key: '_id' }]);
  });
  it('short keys are not near each other (w vs j)', async () => {
    const doc = clone(AUTOMATION) as any;
    doc.processes[0].defaultRWConcern = { defaultWriteConcern: { w: 'majority', x: 1 } };
    expect(await check('automation-config', doc)).toEqual([]);
  });
  it('maps keep any key (setParameter, tags, balancer)', async () => {
    const doc = clone(AUTOMATION) as any;
    doc.processes[0].args2_6.setParameter = { prot: 1 };
    doc.replicaSets[0].members[0].tags = { regoin: 'eu' };
    doc.balancer = { cluster1: { stopped: false } };
    expect(await check('automation-config', doc)).toEqual([]);
  });
});

describe('invalid-type', () => {
  it('names the expected and the actual type, and suggests unquoting a number', async () => {
    const doc = clone(ALERT) as any;
    doc.notifications[0].intervalMin = '60';
    const [f] = await check('alert-config', doc);
    expect(f).toMatchObject({ ruleId: 'invalid-type', pointer: '/notifications/0/intervalMin' });
    expect(f.message).toBe('`notifications[0].intervalMin` must be a number, not a string.');
    expect(f.suggestions?.[0].ops).toEqual([{ op: 'replace', pointer: '/notifications/0/intervalMin', value: 60 }]);
  });
  it('the whole document', async () => {
    expect(brief(await check('access-list-entries', { ipAddress: '192.0.2.1' }))).toEqual(['invalid-type ']);
  });
  it('a nullable object: one error naming both types', async () => {
    const doc = clone(AUTOMATION) as any;
    doc.auth = { usersWanted: [{ db: 'admin', user: 'u', scramSha256Creds: 'x' }] };
    const findings = await check('automation-config', doc);
    expect(brief(findings)).toEqual(['invalid-type /auth/usersWanted/0/scramSha256Creds']);
    expect(findings[0].message).toContain('an object or null');
  });
  it('inside a nullable object: the object branch\'s error only', async () => {
    const doc = clone(AUTOMATION) as any;
    doc.auth = { usersWanted: [{ db: 'admin', user: 'u', scramSha256Creds: { iterationCount: 'many' } }] };
    expect(brief(await check('automation-config', doc))).toEqual(['invalid-type /auth/usersWanted/0/scramSha256Creds/iterationCount']);
  });
  it('loose types where real data varies', async () => {
    const doc = clone(AUTOMATION) as any;
    doc.replicaSets[0].protocolVersion = 1;
    doc.replicaSets[0].members[0].priority = 0.5;
    doc.processes[0].defaultRWConcern = { defaultWriteConcern: { w: 2 } };
    expect(await check('automation-config', doc)).toEqual([]);
    doc.processes[0].defaultRWConcern.defaultWriteConcern.w = true;
    expect(brief(await check('automation-config', doc))).toEqual(['invalid-type /processes/0/defaultRWConcern/defaultWriteConcern/w']);
  });
});

describe('invalid-value', () => {
  it('enum: lists the values and fixes a near one', async () => {
    const doc = { ...ALERT, matchers: [{ fieldName: 'HOSTNAME', operator: 'equals', value: 'db0' }] };
    const findings = await check('alert-config', doc);
    expect(brief(findings)).toEqual(['invalid-value /matchers/0/operator']);
    expect(findings[0].message).toContain('EQUALS, NOT_EQUALS, CONTAINS');
    expect(findings[0].fix?.ops).toEqual([{ op: 'replace', pointer: '/matchers/0/operator', value: 'EQUALS' }]);
  });
  it('enum with many values: the nearest few', async () => {
    const doc = {
      ...ALERT,
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: { metricName: 'CONNECTIONS', operator: 'GREATER_THAN', threshold: 1, units: 'SECOND' },
    };
    const [f] = await check('alert-config', doc);
    expect(f.message).toContain('one of 24 values');
    expect(f.message).not.toContain('PETABYTES');
    expect(f.fix?.ops).toEqual([{ op: 'replace', pointer: '/metricThreshold/units', value: 'SECONDS' }]);
  });
  it('no enum on names the rules check (eventTypeName, metricName, typeName, alertTypeNames)', async () => {
    const doc = {
      ...ALERT,
      eventTypeName: 'HOST_DOWNN',
      metricThreshold: { metricName: 'ASSERTS_REGULAR', operator: 'GREATER_THAN', threshold: 1 },
      notifications: [{ typeName: 'EMAILL' }],
    };
    expect(await check('alert-config', doc)).toEqual([]);
    expect(await check('maintenance-window-update', { alertTypeNames: ['HOSTS'] })).toEqual([]);
  });
  it('date-time format', async () => {
    const [f] = await check('maintenance-window-update', { startDate: '2030-01-01 10:00' });
    expect(f).toMatchObject({ ruleId: 'invalid-value', pointer: '/startDate' });
    expect(f.message).toContain('ISO 8601');
  });
  it('a UTC offset without colon is a date-time (utc-timestamp owns non-UTC)', async () => {
    expect(await check('alert-acknowledgement', { acknowledgedUntil: '2016-04-15T00:00:00-0400' })).toEqual([]);
  });
  it('lengths and sizes', async () => {
    expect(brief(await check('api-key-update', { desc: '', roles: [] }))).toEqual(['invalid-value /desc', 'invalid-value /roles']);
    expect(brief(await check('api-key-update', { desc: 'x'.repeat(251) }))).toEqual(['invalid-value /desc']);
    // Issue 31: GROUP_* and ORG_* roles are documented roles (of project and organization keys; api-key-role-scope judges the scope).
    expect(brief(await check('api-key-update', { roles: ['GLOBAL_OWNER', 'GROUP_OWNERR'] }))).toEqual(['invalid-value /roles/1']);
    expect(await check('api-key-update', { roles: ['ORG_OWNER'] })).toEqual([]);
  });
  it('the omlint configuration', async () => {
    expect(brief(await validateSchema('omlint-config', { targetVersion: 'seven', rules: { x: 'loud' } }))).toEqual([
      'invalid-value /rules/x',
      'invalid-value /targetVersion',
    ]);
  });
});

describe('union collapsing', () => {
  it('a wrong integration type: exactly one invalid-value on /type listing the types', async () => {
    const findings = await check('integration', { type: 'PAGERDUTY', serviceKey: 'x', apiToken: 'y' });
    expect(brief(findings)).toEqual(['invalid-value /type']);
    expect(findings[0].message).toContain('PAGER_DUTY, SLACK, DATADOG');
    expect(findings[0].message).toContain('FLOWDOCK');
    expect(findings[0].fix?.ops).toEqual([{ op: 'replace', pointer: '/type', value: 'PAGER_DUTY' }]);
  });
  it('a missing integration type', async () => {
    expect(brief(await check('integration', { serviceKey: 'x' }))).toEqual(['required-field ']);
  });
  it('a wrong value inside an integration member: one finding, no if/then noise', async () => {
    const findings = await check('integration', { type: 'PROMETHEUS', scheme: 'ftp', enabled: 'yes' });
    expect(brief(findings)).toEqual(['invalid-value /scheme', 'invalid-type /enabled']);
  });
  it('a wrong matcher value: one finding', async () => {
    const doc = { ...ALERT, matchers: [{ fieldName: 'HOST_NAME', operator: 'EQUALS', value: 'db0' }] };
    const findings = await check('alert-config', doc);
    expect(brief(findings)).toEqual(['invalid-value /matchers/0/fieldName']);
    expect(findings[0].fix?.ops).toEqual([{ op: 'replace', pointer: '/matchers/0/fieldName', value: 'HOSTNAME' }]);
  });
  it('a wrong processType: one finding, and no featureCompatibilityVersion demand', async () => {
    const doc = clone(AUTOMATION) as any;
    doc.processes[0].processType = 'mongodb';
    delete doc.processes[0].featureCompatibilityVersion;
    expect(brief(await check('automation-config', doc))).toEqual(['invalid-value /processes/0/processType']);
  });
});

describe('deprecated-field', () => {
  it('global typeName: fix removes it', async () => {
    const [f] = await check('global-alert-config', { ...ALERT, forAllGroups: true, typeName: 'HOST' });
    expect(f).toMatchObject({ ruleId: 'deprecated-field', pointer: '/typeName', target: 'key' });
    expect(f.fix?.ops).toEqual([{ op: 'remove', pointer: '/typeName' }]);
  });
  it('logRotate.maxUncompressed: rename to numUncompressed when absent, at every level', async () => {
    const doc = clone(AUTOMATION) as any;
    doc.logRotate = { sizeThresholdMB: 10, timeThresholdHrs: 24, maxUncompressed: 2 };
    doc.processes[0].logRotate.maxUncompressed = 3;
    doc.processes[0].auditLogRotate = { sizeThresholdMB: 10, timeThresholdHrs: 24, maxUncompressed: 4, numUncompressed: 4 };
    const findings = await check('automation-config', doc);
    expect(brief(findings).sort()).toEqual([
      'deprecated-field /logRotate/maxUncompressed',
      'deprecated-field /processes/0/auditLogRotate/maxUncompressed',
      'deprecated-field /processes/0/logRotate/maxUncompressed',
    ]);
    const fixes = Object.fromEntries(findings.map((f) => [f.pointer, f.fix?.ops]));
    expect(fixes['/logRotate/maxUncompressed']).toEqual([{ op: 'rename', pointer: '/logRotate/maxUncompressed', key: 'numUncompressed' }]);
    expect(fixes['/processes/0/logRotate/maxUncompressed']).toEqual([
      { op: 'rename', pointer: '/processes/0/logRotate/maxUncompressed', key: 'numUncompressed' },
    ]);
    expect(fixes['/processes/0/auditLogRotate/maxUncompressed']).toBeUndefined();
  });
  it('slaveDelay, ssl, monitoringVersions: no fix; an empty obsolete list says nothing', async () => {
    const doc = clone(AUTOMATION) as any;
    doc.replicaSets[0].members[0].slaveDelay = 0;
    doc.ssl = { CAFilePath: '/etc/ca.pem', clientCertificateMode: 'OPTIONAL' };
    doc.monitoringVersions = [{ name: '13.0', hostname: 'db0.example.com' }];
    doc.backupVersions = [];
    const findings = await check('automation-config', doc);
    expect(brief(findings)).toEqual([
      'deprecated-field /replicaSets/0/members/0/slaveDelay',
      'deprecated-field /ssl',
      'deprecated-field /monitoringVersions',
    ]);
    expect(findings.every((f) => f.fix === undefined)).toBe(true);
  });
  it('not builds[].bits', async () => {
    const doc = clone(AUTOMATION) as any;
    doc.mongoDbVersions[0].builds[0].bits = 64;
    expect(await check('automation-config', doc)).toEqual([]);
  });
});

describe('read-only-field', () => {
  it('a response-only field, on its key, with a remove suggestion', async () => {
    const [f] = await check('alert-config', { id: '5a0a1e7e0f2912c554080adc', ...ALERT });
    expect(f).toMatchObject({ ruleId: 'read-only-field', pointer: '/id', target: 'key' });
    expect(f.message).toContain('ignores it');
    expect(f.fix).toBeUndefined();
    expect(f.suggestions?.[0].ops).toEqual([{ op: 'remove', pointer: '/id' }]);
  });
  it('what is wrong inside a read-only field is not reported', async () => {
    expect(brief(await check('alert-config', { ...ALERT, created: 'yesterday', links: [{ href: 1 }] }))).toEqual([
      'read-only-field /created',
      'read-only-field /links',
    ]);
  });
  it('access list entries', async () => {
    expect(brief(await check('access-list-entries', [{ ipAddress: '192.0.2.1', lastUsed: '2016-08-17T19:34:05Z', count: 0 }]))).toEqual([
      'read-only-field /0/lastUsed',
      'read-only-field /0/count',
    ]);
  });
});

describe('messages never show a secret value', () => {
  it('wrong type of a secret field', async () => {
    const findings = await check('integration', { type: 'DATADOG', apiKey: 12345678901234 });
    expect(findings.map((f) => f.message).join(' ')).not.toContain('12345678901234');
  });
  it('unknown near-miss key of a secret field', async () => {
    const findings = await check('integration', { type: 'WEBHOOK', url: 'https://x', secert: 's3cr3t-value' });
    expect(brief(findings)).toEqual(['unknown-field /secert']);
    expect(findings[0].message).not.toContain('s3cr3t-value');
  });
});

describe('schema files', () => {
  it('schemaPath and loadSchema find schemas/<kind>.schema.json', async () => {
    expect(schemaPath('integration')).toMatch(/schemas[\\/]integration\.schema\.json$/);
    const schema = await loadSchema('integration');
    expect(schema.title).toBe('Ops Manager third-party integration');
  });
});
