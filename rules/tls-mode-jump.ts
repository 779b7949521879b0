// A process's TLS mode moved by more than one step of allowTLS → preferTLS → requireTLS in one PUT,
// or a TLS mode change made in the same PUT as a replica set's membership change.
import { defineTransitionRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { transitionOf, processLabel, processTlsMode, tlsStepsSkipped } from '../src/model/automation-transition';
import { replicaSetExample } from '../src/model/example-deployments';

/** The example replica set with the given TLS mode on each process (absent: no net.tls section). */
export function tlsExample(modes: (string | undefined)[]): string {
  let i = 0;
  const text = replicaSetExample(modes.map((_, n) => ({ name: `rs0-${n}`, version: '7.0.12', fcv: '7.0' })));
  return text.replace(/        port: 27017\n/g, (line) => {
    const mode = modes[i++];
    return mode === undefined ? line : `${line}        tls:\n          mode: ${mode}\n          certificateKeyFile: /etc/ssl/mongod.pem\n`;
  });
}

export default defineTransitionRule({
  meta: {
    id: 'tls-mode-jump',
    kinds: ['automation-config'],
    scope: 'transition',
    defaultSeverity: 'warning',
    description: 'A TLS mode skips steps of allowTLS → preferTLS → requireTLS in one change, or changes together with a replica set\'s members.',
    messages: {
      jump:
        'The TLS mode of process {{name}} goes from {{from}} to {{to}} in one change, skipping {{skipped}}. The MongoDB manual moves a running deployment one step at a time (allowTLS, then preferTLS, then requireTLS, each on every member before the next) so that members and clients keep connecting while some members already run the new mode; make one change per step and let each reach goal state. Whether the automation agent orders such a jump safely is not documented.',
      withMembers:
        'Replica set {{name}} changes the TLS mode of {{processes}} in the same change as its members ({{membership}}). The MongoDB Kubernetes operator refuses to disable TLS while scaling because the combined change did not reach goal state (mongodb/mongodb-kubernetes PR #549); change TLS and membership in separate changes. Whether Ops Manager handles other combinations is not documented.',
    },
    docs: {
      versions: 'MongoDB 4.2 and later name the modes allowTLS/preferTLS/requireTLS (net.tls.mode); earlier versions the same steps as allowSSL/preferSSL/requireSSL (net.ssl.mode), read here as their TLS names.',
      why:
        'mongod accepts TLS and plain connections on one port only in the intermediate modes: `allowTLS` (accepts both, connects to other members without TLS) and `preferTLS` (accepts both, connects ' +
        'with TLS). The MongoDB manual\'s "Upgrade a Cluster to Use TLS/SSL" therefore starts every member with `allowTLS`, switches the clients, then raises every member to `preferTLS`, then ' +
        'to `requireTLS`. A change that moves a member from `disabled` or `allowTLS` straight to `requireTLS` (or back) asks members that already require TLS to talk to members that do not ' +
        'speak it yet while the rolling restart is under way. The automation configuration holds each process\'s mode in `args2_6.net.tls.mode` (or `net.ssl.mode`); an absent mode is `disabled`. ' +
        'A TLS change in the same change as adding or removing members is what the MongoDB Kubernetes operator now blocks for disabling TLS ("Block simultaneous TLS disabling and scaling for ' +
        'ReplicaSets", mongodb/mongodb-kubernetes PR #549: its handling of the combined change "was incorrect"); the Percona operator had to track the running mode apart from the wanted one to ' +
        'enable or disable TLS on a running cluster (percona/percona-server-mongodb-operator PR #1536). How the agent orders either change is not documented: both are warnings. ' +
        'Sources: https://www.mongodb.com/docs/manual/tutorial/upgrade-cluster-to-ssl/, https://github.com/mongodb/mongodb-kubernetes/pull/549, https://github.com/percona/percona-server-mongodb-operator/pull/1536.',
      base: tlsExample(['allowTLS', 'allowTLS', 'allowTLS']),
      bad: tlsExample(['requireTLS', 'allowTLS', 'allowTLS']),
      good: tlsExample(['preferTLS', 'allowTLS', 'allowTLS']),
    },
  },
  check(ctx) {
    const t = transitionOf(ctx);
    const changedBySet = new Map<string, string[]>();
    for (const { base, now } of t.kept) {
      const was = processTlsMode(base);
      const is = processTlsMode(now);
      if (!was.known || !is.known || was.mode === is.mode) continue;
      if (now.replSetName !== undefined) changedBySet.set(now.replSetName, [...(changedBySet.get(now.replSetName) ?? []), processLabel(now)]);
      const skipped = tlsStepsSkipped(was.mode, is.mode);
      if (skipped.length === 0) continue;
      ctx.report({
        pointer: is.pointer ?? joinPointer(now.pointer, 'args2_6'),
        target: is.pointer ? 'value' : 'key',
        messageId: 'jump',
        data: { name: processLabel(now), from: was.pointer ? was.mode : 'disabled (no TLS mode)', to: is.pointer ? is.mode : 'disabled (no TLS mode)', skipped: skipped.join(' and ') },
        ...(was.pointer ? { basePointer: was.pointer } : {}),
      });
    }
    for (const { base, now } of t.replicaSets) {
      const processes = now.id === undefined ? undefined : changedBySet.get(now.id);
      if (!processes) continue;
      const baseHosts = new Set(base.members.map((m) => m.host));
      const nowHosts = new Set(now.members.map((m) => m.host));
      const added = now.members.filter((m) => m.host !== undefined && !baseHosts.has(m.host)).length;
      const removed = base.members.filter((m) => m.host !== undefined && !nowHosts.has(m.host)).length;
      if (added === 0 && removed === 0) continue;
      const membership = [added ? `${added} added` : '', removed ? `${removed} removed` : ''].filter(Boolean).join(', ');
      ctx.report({ pointer: joinPointer(now.pointer, 'members'), target: 'key', messageId: 'withMembers', data: { name: JSON.stringify(now.id), processes: processes.join(', '), membership } });
    }
  },
});
