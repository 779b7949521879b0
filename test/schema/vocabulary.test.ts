// The schemas spell some vocabulary of src/model/ through types: keep the two in step.
import { describe, expect, it } from 'vitest';
import { INTEGRATION_COMMON_FIELDS, INTEGRATION_FIELDS, INTEGRATION_TYPES } from '../../src/model/integrations';
import { MATCHER_FIELD_NAMES, MATCHER_OPERATORS, THRESHOLD_OPERATORS } from '../../src/model/matchers';
import { NOTIFICATION_FIELDS } from '../../src/model/notifications';
import { ALL_API_KEY_ROLES } from '../../src/model/roles';
import { UNITS } from '../../src/model/units';
import { loadSchema } from '../../src/schema/files';

type Node = Record<string, any>;

describe('schemas use the model vocabulary', () => {
  it('alert units, matchers and operators', async () => {
    for (const kind of ['alert-config', 'global-alert-config'] as const) {
      const defs = (await loadSchema(kind)).definitions as Node;
      expect(defs.MetricThreshold.properties.units.enum).toEqual([...UNITS]);
      expect(defs.Threshold.properties.units.enum).toEqual([...UNITS]);
      expect(defs.MetricThreshold.properties.operator.enum).toEqual([...THRESHOLD_OPERATORS]);
      expect(defs.Matcher.properties.fieldName.enum).toEqual([...MATCHER_FIELD_NAMES]);
      expect(defs.Matcher.properties.operator.enum).toEqual([...MATCHER_OPERATORS]);
    }
  });

  it('notifications know every field a notification type uses (else unknown-field doubles notification-field-not-applicable)', async () => {
    for (const kind of ['alert-config', 'global-alert-config'] as const) {
      const defs = (await loadSchema(kind)).definitions as Node;
      const known = Object.keys(defs.Notification.properties);
      expect([...NOTIFICATION_FIELDS].filter((f) => !known.includes(f)), kind).toEqual([]);
    }
  });

  it('integration members carry exactly the fields of their type', async () => {
    const schema = await loadSchema('integration');
    expect((schema.properties as Node).type.enum).toEqual([...INTEGRATION_TYPES]);
    const defs = schema.definitions as Node;
    for (const branch of schema.allOf as Node[]) {
      const type = branch.if.properties.type.const as keyof typeof INTEGRATION_FIELDS;
      const member = defs[branch.then.$ref.replace('#/definitions/', '')];
      const info = INTEGRATION_FIELDS[type];
      // Besides `$schema`, the editors' member every JSON root accepts (issue 38), not an API field.
      expect(member.properties.$schema, type).toBeDefined();
      expect(Object.keys(member.properties).filter((k) => k !== '$schema').sort(), type).toEqual(
        [...INTEGRATION_COMMON_FIELDS, ...info.required, ...info.optional].sort(),
      );
      expect(member.required, type).toEqual(['type']);
    }
  });

  it('api key roles are the roles of global, organization and project keys (issue 31)', async () => {
    const schema = await loadSchema('api-key-update');
    expect((schema.properties as Node).roles.items.enum).toEqual([...ALL_API_KEY_ROLES]);
  });
});
