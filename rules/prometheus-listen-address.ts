import { defineRule } from '../src/core/rule';
import { parseListenAddress } from '../src/model/addresses';
import { isObject } from '../src/core/is-object';

export default defineRule({
  meta: {
    id: 'prometheus-listen-address',
    kinds: ['integration'],
    defaultSeverity: 'error',
    description: 'A Prometheus listenAddress must be IP:port.',
    messages: {
      badAddress: 'listenAddress "{{address}}" is not IP:port; write an IP address and a port 1-65535, such as 0.0.0.0:9216 (IPv6 in brackets: [::]:9216).',
    },
    docs: {
      why:
        'Ops Manager binds the Prometheus discovery endpoint to `listenAddress`, which must be an ' +
        'IP address and a port 1–65535: `0.0.0.0:9216`, or `[::]:9216` for IPv6. A host name, a ' +
        'missing port or a port out of range leaves Prometheus with nothing to scrape.',
      bad: `type: PROMETHEUS
enabled: true
username: prom-scraper
password: \${PROMETHEUS_PASSWORD}
listenAddress: "9216"
serviceDiscovery: http
scheme: http
`,
      good: `type: PROMETHEUS
enabled: true
username: prom-scraper
password: \${PROMETHEUS_PASSWORD}
listenAddress: 0.0.0.0:9216
serviceDiscovery: http
scheme: http
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc) || doc.type !== 'PROMETHEUS') return;
    const address = doc.listenAddress;
    if (typeof address !== 'string' || parseListenAddress(address)) return;
    ctx.report({
      pointer: '/listenAddress',
      messageId: 'badAddress',
      data: { address },
    });
  },
});
