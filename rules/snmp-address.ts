import { defineRule } from '../src/core/rule';
import { eachNotification } from '../src/model/alerts';
import { SNMP_TRAP_PORT } from '../src/model/notifications';

/** host and port of "host:port" or "[v6]:port"; port undefined when absent. */
function splitAddress(address: string): { host: string; port?: string } {
  const v6 = /^\[([^\]]*)\](?::(.*))?$/.exec(address);
  if (v6) return { host: v6[1], port: v6[2] };
  const colons = address.split(':').length - 1;
  if (colons === 0) return { host: address };
  if (colons > 1) return { host: address }; // a bare IPv6 address: no port can be told apart
  const i = address.lastIndexOf(':');
  return { host: address.slice(0, i), port: address.slice(i + 1) };
}

export default defineRule({
  meta: {
    id: 'snmp-address',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: `snmpAddress must be host:${SNMP_TRAP_PORT}; SNMP traps go to port ${SNMP_TRAP_PORT} only.`,
    hasSuggestions: true,
    messages: {
      wrongPort: '{{problem}}, but SNMP traps go to port {{snmpTrapPort}} only; write it as host:{{snmpTrapPort}}.',
    },
    docs: {
      alsoReports: ['deprecated-notification-type'],
      why:
        `Ops Manager sends SNMP v2c traps to the standard trap port ${SNMP_TRAP_PORT} only. An ` +
        '`snmpAddress` without a port, or with another port, does not deliver the alert where it ' +
        'was meant to go.',
      bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: SNMP
    snmpAddress: snmp.example.com:161
    delayMin: 5
    intervalMin: 60
`,
      good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: SNMP
    snmpAddress: snmp.example.com:${SNMP_TRAP_PORT}
    delayMin: 5
    intervalMin: 60
`,
    },
  },
  check(ctx) {
    eachNotification(ctx.value, (n, _i, base) => {
      if (n.typeName !== 'SNMP' || typeof n.snmpAddress !== 'string') return;
      const address = n.snmpAddress.trim();
      const { host, port } = splitAddress(address);
      if (host !== '' && port === String(SNMP_TRAP_PORT)) return;
      const pointer = `${base}/snmpAddress`;
      const hostPart = address.startsWith('[') ? `[${host}]` : host;
      const fixed = `${hostPart}:${SNMP_TRAP_PORT}`;
      const problem =
        host === ''
          ? 'snmpAddress has no host'
          : port === undefined
            ? 'snmpAddress has no port'
            : `snmpAddress names port ${port}`;
      ctx.report({
        pointer,
        messageId: 'wrongPort',
        data: { problem, snmpTrapPort: SNMP_TRAP_PORT },
        suggestions: host === '' ? undefined : [{ title: `Use ${fixed}`, ops: [{ op: 'replace', pointer, value: fixed }] }],
      });
    }, ctx.facts);
  },
});
