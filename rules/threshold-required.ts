import { defineRule } from '../src/core/rule';
import { requiredFieldCheck } from '../src/model/alerts';

export default defineRule({
  meta: {
    id: 'threshold-required',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: 'TOO_FEW_HEALTHY_MEMBERS and TOO_MANY_UNHEALTHY_MEMBERS need a threshold.',
    messages: {
      missing: '{{name}} needs a threshold ({operator: GREATER_THAN or LESS_THAN, threshold: <number>}), or the API rejects the configuration; add one.',
    },
    docs: {
      why:
        'These replica set events compare a member count with `threshold` ({operator, threshold}). ' +
        'Without it the API answers "A threshold must be specified for the specified event type."',
      bad: `eventTypeName: TOO_FEW_HEALTHY_MEMBERS
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 0
    intervalMin: 60
`,
      good: `eventTypeName: TOO_FEW_HEALTHY_MEMBERS
enabled: true
threshold:
  operator: LESS_THAN
  threshold: 2
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 0
    intervalMin: 60
`,
    },
  },
  check: requiredFieldCheck('threshold'),
});
