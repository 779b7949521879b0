// With auth enabled, the agent needs a user to authenticate as (autoUser) and the members need a
// keyfile for internal authentication (go-client: keyfile "is a required field if Disabled=false").
import { defineRule } from '../src/core/rule';
import type { Fix, FixOp } from '../src/core/types';
import { isObject } from '../src/model/automation-topology';
import { DEFAULT_AUTO_USER, DEFAULT_KEYFILE } from '../src/model/automation';

const present = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** auth's fields in the schema's order (src/types/automation-config.ts): a new one goes after its predecessors. */
const AUTH_ORDER = ['disabled', 'authoritativeSet', 'autoUser', 'autoPwd', 'newAutoPwd', 'autoAuthMechanism', 'autoAuthMechanisms', 'autoAuthRestrictions', 'deploymentAuthMechanisms', 'key', 'newKey', 'keyfile', 'keyfileWindows'];

/** Adds the field, or replaces an empty value. */
function setAuthField(auth: Record<string, unknown>, key: string, value: string): FixOp {
  return key in auth ? { op: 'replace', pointer: `/auth/${key}`, value } : { op: 'add', pointer: '/auth', key, value, after: AUTH_ORDER.slice(0, AUTH_ORDER.indexOf(key)).reverse() };
}

export default defineRule({
  meta: {
    id: 'auth-keyfile',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    hasSuggestions: true,
    description: 'auth.disabled: false without auth.keyfile or auth.autoUser.',
    messages: {
      noKeyfile: 'Authentication is enabled (auth.disabled: false) without auth.keyfile, which the Ops Manager Go client documents as required for internal authentication. Set keyfile (e.g. {{defaultKeyfile}}) unless the members use X.509 membership authentication.',
      noAutoUser: 'Authentication is enabled (auth.disabled: false) without auth.autoUser: the automation agent has no user to log in as. Set autoUser (e.g. {{defaultAutoUser}}; for X.509 the subject of the agent\'s certificate).',
      noKeyfileOrAutoUser: 'Authentication is enabled (auth.disabled: false) without auth.keyfile or auth.autoUser: the agent has no user to log in as and the members no keyfile. Set autoUser (e.g. {{defaultAutoUser}}, with autoPwd) and keyfile (e.g. {{defaultKeyfile}}), or set disabled: true.',
    },
    docs: {
      versions: 'every version (OM 3.4 and later also require auth.keyfileWindows; not checked).',
      why:
        'When `auth.disabled` is false the automation agent authenticates to every process as `auth.autoUser` ' +
        '(for X.509, the subject of its certificate), and the members authenticate to each other with the key ' +
        'written to `auth.keyfile`. Without an autoUser the agent cannot log in; without a keyfile path the Go ' +
        'client documents the configuration as incomplete. Real migration fixtures omit `keyfile` alone, so that ' +
        'case is reported as information only.',
      bad: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions:
  - name: 7.0.12
    builds:
      - platform: linux
        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-7.0.12.tgz
        gitVersion: b6513ce0781db6818e24619e8a461eae90bc94fc
        architecture: amd64
        modules: []
auth:
  disabled: false
  authoritativeSet: false
  autoAuthMechanism: SCRAM-SHA-256
  autoAuthMechanisms:
    - SCRAM-SHA-256
  deploymentAuthMechanisms:
    - SCRAM-SHA-256
  usersWanted: []
  usersDeleted: []
processes: []
replicaSets: []
sharding: []
`,
      good: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions:
  - name: 7.0.12
    builds:
      - platform: linux
        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-7.0.12.tgz
        gitVersion: b6513ce0781db6818e24619e8a461eae90bc94fc
        architecture: amd64
        modules: []
auth:
  disabled: false
  authoritativeSet: false
  autoUser: mms-automation
  autoAuthMechanism: SCRAM-SHA-256
  autoAuthMechanisms:
    - SCRAM-SHA-256
  deploymentAuthMechanisms:
    - SCRAM-SHA-256
  keyfile: /var/lib/mongodb-mms-automation/keyfile
  keyfileWindows: '%SystemDrive%\\MMSAutomation\\versions\\keyfile'
  usersWanted: []
  usersDeleted: []
processes: []
replicaSets: []
sharding: []
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc) || !isObject(doc.auth) || doc.auth.disabled !== false) return;
    const auth = doc.auth;
    const hasKeyfile = present(auth.keyfile);
    const hasUser = present(auth.autoUser);
    if (hasKeyfile && hasUser) return;
    const addKeyfile: Fix = { title: `Set keyfile: ${DEFAULT_KEYFILE}`, ops: [setAuthField(auth, 'keyfile', DEFAULT_KEYFILE)] };
    const addUser: Fix = { title: `Set autoUser: ${DEFAULT_AUTO_USER}`, ops: [setAuthField(auth, 'autoUser', DEFAULT_AUTO_USER)] };
    if (!hasKeyfile && !hasUser) {
      ctx.report({
        pointer: '/auth/disabled',
        messageId: 'noKeyfileOrAutoUser',
        data: { defaultAutoUser: JSON.stringify(DEFAULT_AUTO_USER), defaultKeyfile: JSON.stringify(DEFAULT_KEYFILE) },
        suggestions: [{ title: 'Add autoUser and keyfile', ops: [...addUser.ops, ...addKeyfile.ops] }],
      });
    } else if (!hasUser) {
      ctx.report({
        pointer: '/auth/disabled',
        messageId: 'noAutoUser',
        data: { defaultAutoUser: JSON.stringify(DEFAULT_AUTO_USER) },
        suggestions: [addUser],
      });
    } else {
      ctx.report({
        pointer: '/auth/disabled',
        severity: 'info',
        messageId: 'noKeyfile',
        data: { defaultKeyfile: JSON.stringify(DEFAULT_KEYFILE) },
        suggestions: [addKeyfile],
      });
    }
  },
});
