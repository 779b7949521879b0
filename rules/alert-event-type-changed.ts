// An alert configuration (same id as in the base) whose eventTypeName changes: a PUT that turns a
// configuration into one of another event type, instead of deleting it and creating the new one.
import { defineTransitionRule } from '../src/core/rule';

const config = (event: string) => `id: 5f1a2b3c4d5e6f7a8b9c0d1e\neventTypeName: ${event}\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n`;

export default defineTransitionRule({
  meta: {
    id: 'alert-event-type-changed',
    kinds: ['alert-config', 'global-alert-config'],
    scope: 'transition',
    defaultSeverity: 'warning',
    description: 'An alert configuration keeps its id but changes its eventTypeName: delete it and create a configuration of the new event type instead.',
    messages: {
      changed:
        'eventTypeName changes from {{from}} to {{to}} on alert configuration {{id}} (the same id in the base, {{baseLabel}}): the change turns a configuration of one event into one of another in place. Reports against the MongoDB Atlas API show such an update not applied although it was accepted (mongodb/terraform-provider-mongodbatlas #232); whether Ops Manager applies it is not documented. Delete this configuration and create one for {{to}} (a document without the id).',
    },
    docs: {
      versions: 'Every Ops Manager version (the Alert Configurations API: PUT /groups/{GROUP-ID}/alertConfigs/{ALERT-CONFIG-ID}).',
      why:
        'An alert configuration is identified by its `id`; its `eventTypeName` decides which other fields apply (`metricThreshold` for OUTSIDE_METRIC_THRESHOLD, `threshold` for the ' +
        'thresholded events, the matcher fields of the event\'s target). A document that keeps the id and names another event asks the update endpoint to turn one configuration into ' +
        'another. Reports against the MongoDB Atlas API say the update was accepted but not applied when the event type changed (terraform provider issue #232: "terraform return that changes was ' +
        'applied but looking in portal changes was not made"), and tools that manage these configurations replace them instead. The Ops Manager documentation does not say either way: a warning. ' +
        'Sources: https://www.mongodb.com/docs/ops-manager/current/reference/api/alert-configurations-update-config/, https://github.com/mongodb/terraform-provider-mongodbatlas/issues/232.',
      // The id pairs the two documents; a write body that carries it is read-only-field's information.
      alsoReports: ['read-only-field'],
      base: config('HOST_DOWN'),
      bad: config('NO_PRIMARY'),
      good: config('HOST_DOWN').replace('intervalMin: 60', 'intervalMin: 30'),
    },
  },
  check(ctx) {
    const was = ctx.base?.eventTypeName;
    const is = ctx.value?.eventTypeName;
    const id = ctx.value?.id;
    // Configurations without an id pair by eventTypeName: only an id can pair two event types.
    if (typeof was !== 'string' || typeof is !== 'string' || was === is || typeof id !== 'string' || id !== ctx.base?.id) return;
    ctx.report({ pointer: '/eventTypeName', messageId: 'changed', data: { from: was, to: is, id: JSON.stringify(id), baseLabel: ctx.baseLabel }, basePointer: '/eventTypeName' });
  },
});
