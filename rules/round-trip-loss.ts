// A key of the base that the new automation configuration lost: a PUT replaces the whole
// configuration, so a key that a GET → edit → PUT round trip dropped is removed for good
// (docs/versions.md, "Round trips").
import { defineTransitionRule } from '../src/core/rule';
import { getAt } from '../src/core/pointer';
import { droppedKeys, type DroppedKey } from '../src/model/round-trip';
import { replicaSetExample, threeMembers } from '../src/model/example-deployments';

/** TLS key passwords and the key file they decrypt: dropping the password while the file stays leaves the key unreadable. */
const PASSWORD_OF_FILE: Readonly<Record<string, readonly string[]>> = {
  autoPEMKeyFilePwd: ['autoPEMKeyFilePath', 'autoPEMKeyFilePathWindows'],
  certificateKeyFilePassword: ['certificateKeyFile'],
  PEMKeyPassword: ['PEMKeyFile'],
  clusterPassword: ['clusterFile'],
};

function keyFileKept(now: unknown, d: DroppedKey): string | undefined {
  // Own keys only: a dropped key named `constructor` is no password (Object.prototype's).
  const files = Object.hasOwn(PASSWORD_OF_FILE, d.key) ? PASSWORD_OF_FILE[d.key] : undefined;
  if (!files) return undefined;
  const parent = getAt(now, d.parent);
  if (parent === null || typeof parent !== 'object') return undefined;
  return files.find((f) => typeof (parent as Record<string, unknown>)[f] === 'string');
}

const TLS_HEAD = 'tls:\n  CAFilePath: /etc/ssl/ca.pem\n  clientCertificateMode: OPTIONAL\n  autoPEMKeyFilePath: /etc/ssl/automation.pem\n';

export default defineTransitionRule({
  meta: {
    id: 'round-trip-loss',
    kinds: ['automation-config'],
    scope: 'transition',
    defaultSeverity: 'warning',
    description: 'A key of the base is missing from the new automation configuration (a TLS key password whose key file stays: an error).',
    messages: {
      dropped:
        '{{path}} is in the base ({{baseLabel}}) and missing here; a PUT replaces the whole configuration, so the key is removed. If a tool dropped it on the way (a GET → edit → PUT through a client that does not know the field), put it back; if the removal is meant, ignore this warning.',
      passwordDropped:
        '{{path}} is in the base ({{baseLabel}}) and missing here, while {{file}} still names the encrypted key file; without the password the key cannot be decrypted and TLS connections fail. Put the password back (a round trip through a client that does not know the field drops it).',
      defaultRWConcern:
        '{{path}} is in the base ({{baseLabel}}) and missing here; mongocli dropped defaultRWConcern on describe/update before CLOUDP-155672 (mongodb-atlas-cli #1755). Put it back unless the removal is meant.',
    },
    docs: {
      versions:
        'Every Ops Manager version. The TLS password fields are `tls`/`ssl` `autoPEMKeyFilePwd` (Ops Manager automation configuration parameters) and the mongod options `net.tls.certificateKeyFilePassword`, `net.tls.clusterPassword`, `net.ssl.PEMKeyPassword` under `processes[].args2_6`. Skipped when the new document is known to be partial.',
      why:
        'Ops Manager updates the automation configuration only with PUT, and the documented way is "Retrieve the current configuration … Replace the entire configuration using PUT" (Ops Manager, ' +
        'Update the Automation Configuration). A client that decodes the GET into its own types drops the fields it does not know: mongocli dropped `defaultRWConcern` ' +
        '(mongodb/mongodb-atlas-cli #1755, CLOUDP-155672) and the Go client had to add missing automation-config fields (mongodb/go-client-mongodb-ops-manager #207, #210). ' +
        'The PUT then removes those fields. `autoPEMKeyFilePwd` is the "password for the private key (PEM) file", required "if the PEM file is encrypted" (Automation Configuration ' +
        'Parameters, TLS): dropping it while the key file stays is an error; any other lost key is a warning, as the removal may be meant. ' +
        'Sources: https://www.mongodb.com/docs/ops-manager/current/tutorial/update-automation-configuration/, https://www.mongodb.com/docs/ops-manager/current/reference/api/automation-config/automation-config-parameters/, ' +
        'https://github.com/mongodb/mongodb-atlas-cli/pull/1755.',
      base: replicaSetExample(threeMembers('7.0.12', '7.0'), undefined, `${TLS_HEAD}  autoPEMKeyFilePwd: \${TLS_KEY_PASSWORD}\n`),
      bad: replicaSetExample(threeMembers('7.0.12', '7.0'), undefined, TLS_HEAD),
      good: replicaSetExample(threeMembers('7.0.12', '7.0'), undefined, `${TLS_HEAD}  autoPEMKeyFilePwd: \${TLS_KEY_PASSWORD}\n`),
    },
  },
  check(ctx) {
    if (ctx.partial) return;
    for (const d of droppedKeys(ctx.base, ctx.value)) {
      const data = { path: d.path, baseLabel: ctx.baseLabel };
      // Underline the key of the object that lost a key (the document itself has none).
      const target = d.parent === '' ? undefined : ('key' as const);
      const file = keyFileKept(ctx.value, d);
      if (file) {
        ctx.report({ pointer: d.parent, target, severity: 'error', messageId: 'passwordDropped', data: { ...data, file }, basePointer: d.basePointer });
      } else if (d.key === 'defaultRWConcern') {
        ctx.report({ pointer: d.parent, target, messageId: 'defaultRWConcern', data, basePointer: d.basePointer });
      } else {
        ctx.report({ pointer: d.parent, target, messageId: 'dropped', data, basePointer: d.basePointer });
      }
    }
  },
});
