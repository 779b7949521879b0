// An alert configuration switched on or off by the change: information for the plan reader.
import { defineTransitionRule } from '../src/core/rule';

export default defineTransitionRule({
  meta: {
    id: 'alert-enabled-flipped',
    kinds: ['alert-config', 'global-alert-config'],
    scope: 'transition',
    defaultSeverity: 'info',
    description: 'An alert configuration is enabled or disabled by the change.',
    messages: {
      disabled: 'This change disables the alert configuration ({{event}}): enabled was true in the base ({{baseLabel}}); no alert of it will fire.',
      enabled: 'This change enables the alert configuration ({{event}}): enabled was false in the base ({{baseLabel}}); its alerts will fire again.',
    },
    docs: {
      versions: 'Every Ops Manager version.',
      why:
        '`enabled` turns an alert configuration on or off ("Is this alert configuration enabled?", Ops Manager Alert Configurations API; the API has an Enable/Disable endpoint for it alone). Switching it is a ' +
        'legitimate change, but an easy one to make by accident (a copied document, a disabled test alert): the plan says so. ' +
        'Sources: https://www.mongodb.com/docs/ops-manager/v1.6/reference/api/alert-configurations/, https://www.mongodb.com/docs/ops-manager/current/reference/api/alert-configurations-enable-disable-config/.',
      base: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n',
      bad: 'eventTypeName: HOST_DOWN\nenabled: false\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n',
      good: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n',
    },
  },
  check(ctx) {
    const was = (ctx.base as Record<string, unknown> | null)?.enabled;
    const is = (ctx.value as Record<string, unknown> | null)?.enabled;
    if (typeof was !== 'boolean' || typeof is !== 'boolean' || was === is) return;
    const event = (ctx.value as Record<string, unknown>).eventTypeName;
    ctx.report({ pointer: '/enabled', messageId: is ? 'enabled' : 'disabled', data: { event: typeof event === 'string' ? event : 'no eventTypeName', baseLabel: ctx.baseLabel } });
  },
});
