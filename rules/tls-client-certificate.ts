// Top-level tls (and the legacy ssl): the agent's CA file and the client-certificate mode go
// together (docs: CAFilePath and clientCertificateMode require each other).
import { defineRule } from '../src/core/rule';
import { isObject } from '../src/model/automation-topology';

const present = (v: unknown) => typeof v === 'string' && v.trim() !== '';

export default defineRule({
  meta: {
    id: 'tls-client-certificate',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    hasSuggestions: true,
    description: 'tls.CAFilePath and tls.clientCertificateMode without each other (same for legacy ssl).',
    messages: {
      caWithoutMode: '{{key}}.CAFilePath is set without {{key}}.clientCertificateMode; the two go together. Add clientCertificateMode: OPTIONAL (or REQUIRE to make clients present a certificate).',
      requireWithoutCa: '{{key}}.clientCertificateMode is REQUIRE without {{key}}.CAFilePath: client certificates cannot be verified without a CA. Add CAFilePath (the CA file on the agent hosts), or use OPTIONAL.',
    },
    docs: {
      versions: 'every version; top-level `ssl` is the pre-4.x name of `tls` and is checked the same way.',
      why:
        'When the deployment uses TLS, `tls.CAFilePath` is the CA the agent uses to verify the processes and ' +
        '`tls.clientCertificateMode` says whether clients must present a certificate; the reference requires them ' +
        'together. A CA path without a mode leaves client certificates unspecified, and `REQUIRE` without a CA ' +
        'cannot verify any client. A real GET of a project without TLS carries `clientCertificateMode: OPTIONAL` ' +
        'alone, so that case is accepted.',
      bad: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions: []
tls:
  CAFilePath: /etc/mongodb/tls/ca.pem
processes: []
replicaSets: []
sharding: []
`,
      good: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions: []
tls:
  CAFilePath: /etc/mongodb/tls/ca.pem
  clientCertificateMode: OPTIONAL
processes: []
replicaSets: []
sharding: []
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc)) return;
    for (const key of ['tls', 'ssl'] as const) {
      const cfg = doc[key];
      if (!isObject(cfg)) continue;
      const hasCa = present(cfg.CAFilePath) || present(cfg.CAFilePathWindows);
      const mode = cfg.clientCertificateMode;
      if (present(cfg.CAFilePath) && (mode === undefined || mode === null)) {
        ctx.report({
          pointer: `/${key}/CAFilePath`,
          target: 'key',
          messageId: 'caWithoutMode',
          data: { key },
          suggestions: [{ title: 'Add clientCertificateMode: OPTIONAL', ops: [{ op: 'add', pointer: `/${key}`, key: 'clientCertificateMode', value: 'OPTIONAL', after: ['CAFilePath', 'CAFilePathWindows'] }] }],
        });
      }
      if (mode === 'REQUIRE' && !hasCa) {
        ctx.report({
          pointer: `/${key}/clientCertificateMode`,
          messageId: 'requireWithoutCa',
          data: { key },
        });
      }
    }
  },
});
