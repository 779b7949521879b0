// A reusable planted-secret fixture: a known, recognisable value in every secret-bearing field of
// every kind (RULES.md "Secrets", src/model/secrets.ts), written plainly and in the source forms
// that differ from the value (JSON "\/" escapes, YAML escapes, a folded scalar), and in the
// places issue 18 found leaking: a syntax-error line, a duplicated key, a number, a misspelt or
// misplaced field, a did-you-mean near-miss, an unknown key's value, a value that merely contains
// a placeholder-like part, a url under another integration type, a document linted as another
// kind. Any output (a report, the cache, a baseline, a plan) can be checked with expectNoLeak.
import { expect } from 'vitest';
import { NOTIFICATION_SECRET_FIELDS } from '../src/model/notifications';
import type { Kind } from '../src/core/types';

/** Every recognisable fragment of a planted secret (what must never be printed). */
export const CANARY = /LeakCanary|Qx7\d{3}|7301945862019384|Kestrel5|Sig9ZZ/;
/** A secret written as a YAML/JSON number (auth.autoPwd). */
export const NUMERIC_SECRET = 7301945862019384;

export interface PlantedDocument {
  file: string;
  kind: Kind;
  value: unknown;
  /** The secret values in the document's documented secret fields (findSecrets finds exactly these). */
  secrets: string[];
}

export interface PlantedSecrets {
  /** Documents with every documented secret field of every kind. */
  docs: PlantedDocument[];
  /** File name → text: the documents as YAML and JSON, plus the special cases. */
  files: Record<string, string>;
  /** Files whose kind must be forced (`--kind`) to reproduce a leak: name → kind. */
  forcedKinds: Record<string, Kind>;
  /** Every planted value. */
  planted: string[];
}

let cached: PlantedSecrets | undefined;

/** The fixture (built once: its values are numbered). */
export function plantedSecrets(): PlantedSecrets {
  return (cached ??= build());
}

/** Fails with the neighbourhood of the first planted fragment found in `text`. */
export function expectNoLeak(text: string, what: string): void {
  const hit = CANARY.exec(text);
  expect(hit ? text.slice(Math.max(0, hit.index - 120), hit.index + 80) : null, `${what} prints a secret`).toBeNull();
}

const NOTIFICATION_TYPE: Record<string, string> = {
  apiToken: 'SLACK', datadogApiKey: 'DATADOG', notificationToken: 'HIP_CHAT', serviceKey: 'PAGER_DUTY', webhookSecret: 'WEBHOOK',
  opsGenieApiKey: 'OPS_GENIE', victorOpsApiKey: 'VICTOR_OPS', microsoftTeamsWebhookUrl: 'MICROSOFT_TEAMS', webhookUrl: 'WEBHOOK', flowdockApiToken: 'FLOWDOCK',
};
const INTEGRATION_FIELDS: [string, string][] = [
  ['DATADOG', 'apiKey'], ['SLACK', 'apiToken'], ['PAGER_DUTY', 'serviceKey'], ['HIP_CHAT', 'notificationToken'], ['WEBHOOK', 'secret'],
  ['PROMETHEUS', 'password'], ['PROMETHEUS', 'tlsPemPassword'], ['MICROSOFT_TEAMS', 'microsoftTeamsWebhookUrl'], ['NEW_RELIC', 'licenseKey'],
  ['NEW_RELIC', 'writeToken'], ['NEW_RELIC', 'readToken'], ['VICTOR_OPS', 'routingKey'], ['VICTOR_OPS', 'apiKey'], ['OPS_GENIE', 'apiKey'], ['WEBHOOK', 'url'],
];

function build(): PlantedSecrets {
  let counter = 0;
  const planted: string[] = [];
  /** A unique, realistic-looking secret for a field; URL fields get URLs (http: so that URL rules speak up). */
  const secret = (field: string): string => {
    const n = String(++counter).padStart(3, '0');
    const value = /url/i.test(field) ? `http://hooks.example.com/services/T0${n}/B0${n}/Qx7${n}LeakCanary${field}` : `Qx7${n}LeakCanary${field}9f8e`;
    planted.push(value);
    return value;
  };

  const alertConfig = (global: boolean): PlantedDocument => {
    const notifications = NOTIFICATION_SECRET_FIELDS.map((field) => ({ typeName: NOTIFICATION_TYPE[field] ?? 'WEBHOOK', [field]: secret(field), intervalMin: 1, delayMin: 0 }));
    const value = { eventTypeName: 'HOST_DOWN', enabled: true, ...(global ? { forAllGroups: true } : {}), notifications };
    return { file: global ? 'all.global-alert-config' : 'all.alert-config', kind: global ? 'global-alert-config' : 'alert-config', value, secrets: notifications.map((n) => Object.values(n)[1] as string) };
  };

  const integrations = (): PlantedDocument[] =>
    INTEGRATION_FIELDS.map(([type, field], i) => {
      const value = { type, [field]: secret(`${type}${field}`), bogusField: 1 };
      return { file: `i${i}-${type.toLowerCase()}.integration`, kind: 'integration' as Kind, value, secrets: [value[field] as string] };
    });

  const automationConfig = (): PlantedDocument => {
    const s: string[] = [];
    const take = (field: string) => (s.push(secret(field)), s[s.length - 1]);
    const netSecrets = () => ({
      certificateKeyFilePassword: take('certificateKeyFilePassword'), clusterPassword: take('clusterPassword'),
      PEMKeyPassword: take('PEMKeyPassword'), clusterFilePassword: take('clusterFilePassword'),
    });
    const agent = (name: string) => ({ name, hostname: 'agent.example.com', password: take(`${name}password`) });
    const value = {
      auth: { disabled: false, autoUser: 'mms-automation', autoPwd: take('autoPwd'), newAutoPwd: take('newAutoPwd'), key: take('key'), keyfile: '/var/lib/mongodb-mms-automation/keyfile', usersWanted: [{ user: 'app', db: 'admin', roles: [], pwd: take('pwd'), initPwd: take('initPwd') }] },
      tls: { autoPEMKeyFilePwd: take('tlsautoPEMKeyFilePwd') },
      ssl: { autoPEMKeyFilePwd: take('sslautoPEMKeyFilePwd') },
      prometheus: { enabled: true, username: 'prom', password: take('prometheuspassword'), tlsPemPassword: take('prometheustlsPemPassword'), listenAddress: '0.0.0.0:9216', scheme: 'http' },
      ldap: { bindQueryUser: 'cn=admin', bindQueryPassword: take('bindQueryPassword') },
      monitoringVersions: [agent('monitoring')],
      backupVersions: [agent('backup')],
      processes: [
        { name: 'rs0-0', processType: 'mongod', hostname: 'db0.example.com', version: '7.0.12', args2_6: { net: { port: 27017, tls: { mode: 'requireTLS', ...netSecrets() } }, security: { kmip: { clientCertificatePassword: take('kmipclientCertificatePassword') }, ldap: { bind: { queryPassword: take('ldapbindqueryPassword') } } } } },
        { name: 'rs0-1', processType: 'mongod', hostname: 'db1.example.com', version: '7.0.12', args2_6: { net: { port: 27017, ssl: { mode: 'requireSSL', ...netSecrets() } } } },
      ],
      replicaSets: [{ _id: 'rs0', members: [{ _id: 0, host: 'rs0-0' }, { _id: 1, host: 'rs0-1' }] }],
      mongoDbVersions: [],
    };
    return { file: 'rs0.automation-config', kind: 'automation-config', value, secrets: s };
  };

  const apiKeyUpdate = (): PlantedDocument => {
    const value = { desc: 'ci', roles: ['GROUP_READ_ONLY'], privateKey: secret('privateKey') };
    return { file: 'ci.api-key-update', kind: 'api-key-update', value, secrets: [value.privateKey] };
  };

  const docs: PlantedDocument[] = [alertConfig(false), alertConfig(true), ...integrations(), automationConfig(), apiKeyUpdate()];
  const files: Record<string, string> = {};
  for (const d of docs) {
    files[`${d.file}.json`] = JSON.stringify(d.value, null, 2) + '\n';
    files[`${d.file}.yaml`] = toYaml(d.value);
  }
  const hook = docs.find((d) => d.kind === 'integration' && (d.value as { type: string }).type === 'WEBHOOK' && 'url' in (d.value as object))!;
  const url = (hook.value as { url: string }).url;
  // JSON escapes "/" as "\/" (PHP, some Java serialisers): the source text is not the value.
  files['escaped.integration.json'] = JSON.stringify(hook.value, null, 2).replace(/\//g, '\\/') + '\n';
  // YAML escapes and a double-quoted scalar folded over two lines.
  const key = docs.find((d) => (d.value as { type?: string }).type === 'DATADOG')!.secrets[0];
  files['escaped.integration.yaml'] = `type: DATADOG\napiKey: "${key.slice(0, 6)}\\x${key.charCodeAt(6).toString(16)}${key.slice(7)}"\nbogusField: 1\n`;
  files['folded.integration.yaml'] = `type: DATADOG\napiKey: "${key.slice(0, 12)}\n  ${key.slice(12)}"\nbogusField: 1\n`;
  // Documents that do not parse: the code frame shows the lines around the error, and the
  // secret stands on the error line itself.
  const s2 = docs[2].secrets[0];
  files['broken.integration.yaml'] = `type: WEBHOOK\nurl: ${url}\nsecret: ${s2}\nregion: US: EU\n`;
  files['broken.integration.json'] = `{"type": "WEBHOOK",\n "url": "${url}",\n "secret": "${s2}",\n "region": US}\n`;
  files['broken.alert-config.yaml'] = `eventTypeName: HOST_DOWN\nnotifications:\n  - typeName: SLACK\n    apiToken: ${docs[0].secrets[0]}\n   channelName: x\n`;
  files['error-line.integration.yaml'] = `type: DATADOG\napiKey: ${secret('errorLine')}: [\n`;
  files['error-line.integration.json'] = `{"type": "DATADOG", "apiKey": "${secret('errorLineJson')}" "region": "US"}\n`;
  // A mapping used as a key: yaml used to print a process warning quoting it on stderr.
  files['complex-key.integration.yaml'] = `type: DATADOG\n? {apiKey: ${key}}\n: 1\napiKey: ${key}\n`;
  // No kind can be told: the secret fields of every kind are masked.
  files['unknown.yaml'] = `notifications:\n  - apiToken: ${docs[0].secrets[0]}\n    bogus: [\n`;
  // A duplicated secret key: the overridden value is in the text only.
  files['duplicate.alert-config.yaml'] = `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: SLACK\n    apiToken: ${secret('overridden')}\n    apiToken: ${secret('kept')}\n    channelName: x\n    delayMin: 0\n    intervalMin: 60\n`;
  // A number, a misspelt field (did you mean apiToken?), a field at the wrong level, an unknown
  // key's value, a secret-looking value under an unknown name.
  files['number.automation-config.yaml'] = `version: 1\nauth:\n  disabled: false\n  autoUser: mms-automation\n  autoPwd: ${NUMERIC_SECRET}\n  keyfile: /var/lib/key\nwebhookSecret: ${secret('topLevel')}\nprocesses: []\nmongoDbVersions: []\n`;
  files['misspelt.integration.yaml'] = `type: SLACK\napiTokn: ${secret('apiTokn')}\nteamName: ops\nchannelName: x\n`;
  files['misspelt.alert-config.yaml'] = `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: SLACK\n    apiTokn: ${secret('apiTokn2')}\n    channelName: x\n    delayMin: 0\n    intervalMin: 60\nwebhookSecret: ${secret('alertTopLevel')}\nextraNote: ${secret('unknownValue')}\n`;
  // Placeholder-like parts inside a real secret: not a template.
  files['placeholder-part.integration.yaml'] = `type: DATADOG\napiKey: Kestrel5<Prod>Sig9ZZ\nregion: US\nbogusField: 1\n`;
  planted.push('Kestrel5<Prod>Sig9ZZ');
  // A url under another type, and under a lower-case webhook.
  files['url-slack.integration.yaml'] = `type: SLACK\napiToken: \${SLACK}\nteamName: t\nurl: ${secret('slackUrl')}\n`;
  files['url-lower.integration.yaml'] = `type: webhook\nurl: ${secret('lowerUrl')}\n`;
  // An alert configuration linted as a maintenance window: the alert finder must still run.
  files['other-kind.yaml'] = `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: PAGER_DUTY\n    serviceKey: ${secret('otherKind')}\n    delayMin: 0\n    intervalMin: 60\n`;
  // A block scalar holding a key file.
  files['block.automation-config.yaml'] = `version: 1\nauth:\n  disabled: false\n  key: |\n    ${secret('blockKeyLine1')}\n    ${secret('blockKeyLine2')}\n  keyfile: /var/lib/key\n  autoUser: x\nprocesses: []\nmongoDbVersions: []\nbogus: 1\n`;
  return { docs, files, forcedKinds: { 'other-kind.yaml': 'maintenance-window' }, planted };
}

/** Plain block YAML (every scalar quoted the JSON way: valid YAML), one key a line. */
export function toYaml(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}[]\n`;
    return value.map((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length ? `${indent}- ${toYaml(v, indent + '  ').trimStart()}` : `${indent}- ${JSON.stringify(v)}\n`)).join('');
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .map(([k, v]) => (v !== null && typeof v === 'object' && Object.keys(v).length ? `${indent}${k}:\n${toYaml(v, indent + '  ')}` : `${indent}${k}: ${JSON.stringify(v)}\n`))
      .join('');
  }
  return `${indent}${JSON.stringify(value)}\n`;
}

/**
 * Secrets planted in the shapes issue 32 found leaking: whatever stands under, beside or in place
 * of a secret-named key (a key, a scalar, a flow or block collection, a value glued to its colon,
 * a line that does not parse, JSON). Each gives a whole file (name and text) with the secret in it.
 */
export interface PlantedShape {
  name: string;
  file: (key: string, secret: string) => { name: string; text: string };
}

/** Keys named like secrets, as documented (RULES.md "Secrets") and as the masking must read them. */
export const SECRET_KEYS = ['apiToken', 'autoPwd', 'webhookUrl', 'serviceKey', 'password', 'datadogApiKey', 'webhookSecret'];

const integration = (body: string) => ({ name: 'planted.integration.yaml', text: `type: SLACK\nteamName: t\n${body}channelName: x\n` });
const notification = (item: string) => ({ name: 'planted.alert-config.yaml', text: `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n${item}` });
const json = (value: string) => ({ name: 'planted.integration.json', text: `{"type":"SLACK","teamName":"t",${value},"channelName":"x"}\n` });

export const PLANTED_SHAPES: readonly PlantedShape[] = [
  { name: 'scalar', file: (k, s) => integration(`${k}: ${s}\n`) },
  { name: 'no-space colon', file: (k, s) => integration(`${k}:${s}\n`) },
  { name: 'flow mapping, no-space colon (a key)', file: (k, s) => notification(`  - {typeName: SLACK, ${k}:${s}, channelName: c, delayMin: 0, intervalMin: 60}\n`) },
  { name: 'flow sequence', file: (k, s) => integration(`${k}: [${s}]\n`) },
  { name: 'flow mapping', file: (k, s) => integration(`${k}: {v: ${s}}\n`) },
  { name: 'block sequence', file: (k, s) => integration(`${k}:\n  - ${s}\n`) },
  { name: 'block sequence at the key column', file: (k, s) => integration(`${k}:\n- ${s}\n`) },
  { name: 'block mapping (a key)', file: (k, s) => integration(`${k}:\n  ${s}: 1\n`) },
  { name: 'JSON object', file: (k, s) => json(`"${k}":{"v":"${s}"}`) },
  { name: 'JSON array', file: (k, s) => json(`"${k}":["${s}"]`) },
  { name: 'flow value continued on a broken line', file: (k, s) => integration(`${k}: {v: x,\n   w: ${s}\nregion: US: EU\n`) },
  { name: 'flow value continued and closed, a syntax error below', file: (k, s) => integration(`${k}: {v: x,\n   w: ${s}}\nregion: US: EU\n`) },
  { name: 'scalar on a broken line', file: (k, s) => integration(`${k}: ${s}: [\n`) },
];
