import { defineRule } from '../src/core/rule';
import { isObject } from '../src/core/is-object';

/** An absolute path on the Ops Manager host: POSIX, or a Windows drive path. */
function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p);
}

export default defineRule({
  meta: {
    id: 'prometheus-tls',
    kinds: ['integration'],
    defaultSeverity: 'error',
    description: 'A Prometheus integration over https needs tlsPemPath, an absolute path.',
    messages: {
      httpsWithoutPem: 'scheme https needs tlsPemPath, the absolute path of the PEM certificate file; add it, or use scheme http.',
      passwordWithoutPem: 'tlsPemPassword is set without tlsPemPath, so there is no PEM file for it to decrypt; add tlsPemPath or remove the password.',
      relativePemPath: 'tlsPemPath "{{tlsPemPath}}" is not an absolute path; give the full path of the PEM file on the Ops Manager host (e.g. /etc/mongodb-mms/prometheus.pem).',
    },
    docs: {
      why:
        'With `scheme: https` the Prometheus endpoint needs a certificate: `tlsPemPath`, the ' +
        'absolute path of the PEM file on the Ops Manager host. Without it the integration cannot ' +
        'serve; a relative path has no defined base; and `tlsPemPassword` without `tlsPemPath` ' +
        'decrypts nothing.',
      bad: `type: PROMETHEUS
enabled: true
username: prom-scraper
password: \${PROMETHEUS_PASSWORD}
listenAddress: 0.0.0.0:9216
serviceDiscovery: http
scheme: https
`,
      good: `type: PROMETHEUS
enabled: true
username: prom-scraper
password: \${PROMETHEUS_PASSWORD}
listenAddress: 0.0.0.0:9216
serviceDiscovery: http
scheme: https
tlsPemPath: /etc/mongodb-mms/prometheus.pem
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc) || doc.type !== 'PROMETHEUS') return;
    const hasPemPath = Object.hasOwn(doc, 'tlsPemPath');
    if (doc.scheme === 'https' && !hasPemPath) {
      ctx.report({
        pointer: '/scheme',
        messageId: 'httpsWithoutPem',
      });
    }
    if (typeof doc.tlsPemPath === 'string' && !isAbsolutePath(doc.tlsPemPath)) {
      ctx.report({
        pointer: '/tlsPemPath',
        messageId: 'relativePemPath',
        data: { tlsPemPath: doc.tlsPemPath },
      });
    }
    if (Object.hasOwn(doc, 'tlsPemPassword') && !hasPemPath) {
      ctx.report({
        pointer: '/tlsPemPassword',
        target: 'key',
        severity: 'warning',
        messageId: 'passwordWithoutPem',
      });
    }
  },
});
