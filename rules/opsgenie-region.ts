import { defineRule } from '../src/core/rule';
import { isObject } from '../src/core/is-object';

export default defineRule({
  meta: {
    id: 'opsgenie-region',
    kinds: ['integration'],
    defaultSeverity: 'info',
    description: 'An Opsgenie integration in the EU region needs a server setting.',
    messages: {
      euNeedsSetting: 'region EU needs the Ops Manager custom setting opsgenie.api.url set to the EU Opsgenie API; make sure it is configured, or alerts are sent to the US API.',
    },
    docs: {
      why:
        'Ops Manager talks to the US Opsgenie API unless told otherwise. `region: EU` works only ' +
        'when the custom setting `opsgenie.api.url` points the server at the EU API; otherwise ' +
        'alerts go to the wrong region and never arrive.',
      bad: `type: OPS_GENIE
apiKey: \${OPSGENIE_API_KEY}
region: EU
`,
      good: `type: OPS_GENIE
apiKey: \${OPSGENIE_API_KEY}
region: US
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc)) return;
    if (doc.type !== 'OPS_GENIE' || doc.region !== 'EU') return;
    ctx.report({
      pointer: '/region',
      messageId: 'euNeedsSetting',
    });
  },
});
