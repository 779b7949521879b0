// The type of each kind's documents, given to the rule contract of src/core/rule.ts (which may
// not import this floor) by declaration merging: rules see `ctx.value` typed from these.
import type { AccessListEntries } from './access-list-entries';
import type { AlertAcknowledgement } from './alert-acknowledgement';
import type { AlertConfig } from './alert-config';
import type { AlertTest } from './alert-test';
import type { ApiKeyUpdate } from './api-key-update';
import type { AutomationConfig } from './automation-config';
import type { GlobalAlertConfig } from './global-alert-config';
import type { Integration } from './integration';
import type { MaintenanceWindow } from './maintenance-window';
import type { MaintenanceWindowUpdate } from './maintenance-window-update';

declare module '../core/rule' {
  interface KindTypes {
    'alert-config': AlertConfig;
    'global-alert-config': GlobalAlertConfig;
    'maintenance-window': MaintenanceWindow;
    'maintenance-window-update': MaintenanceWindowUpdate;
    integration: Integration;
    'automation-config': AutomationConfig;
    'api-key-update': ApiKeyUpdate;
    'access-list-entries': AccessListEntries;
    'alert-acknowledgement': AlertAcknowledgement;
    'alert-test': AlertTest;
  }
}
