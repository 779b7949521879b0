// Third-party integration types and the fields of each (API-SPEC "Third-party integration",
// DOMAIN §2 "Integrations").
export const INTEGRATION_TYPES = [
  'PAGER_DUTY', 'SLACK', 'DATADOG', 'HIP_CHAT', 'OPS_GENIE', 'VICTOR_OPS', 'WEBHOOK',
  'MICROSOFT_TEAMS', 'PROMETHEUS', 'NEW_RELIC', 'FLOWDOCK',
] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export interface IntegrationTypeInfo {
  /** Fields a write body must carry. */
  required: readonly string[];
  /** Further fields the type accepts. */
  optional: readonly string[];
  /** End of life: the service is gone or going. */
  endOfLife?: boolean;
  /** Required fields that GET responses leave out: an unchanged GET lacks them (API-SPEC). */
  omittedInResponses?: readonly string[];
}

export const INTEGRATION_FIELDS: Record<IntegrationType, IntegrationTypeInfo> = {
  PAGER_DUTY: { required: ['serviceKey'], optional: ['region'] },
  SLACK: { required: ['apiToken', 'teamName'], optional: ['channelName'] },
  DATADOG: { required: ['apiKey'], optional: ['region'] },
  HIP_CHAT: { required: ['notificationToken', 'roomName'], optional: [], endOfLife: true },
  OPS_GENIE: { required: ['apiKey'], optional: ['region'] },
  VICTOR_OPS: { required: ['apiKey'], optional: ['routingKey'] },
  WEBHOOK: { required: ['url'], optional: ['secret'] },
  MICROSOFT_TEAMS: { required: ['microsoftTeamsWebhookUrl'], optional: [] },
  PROMETHEUS: {
    required: ['username', 'password', 'listenAddress', 'serviceDiscovery', 'scheme', 'enabled'],
    optional: ['tlsPemPath', 'tlsPemPassword'],
    // API-SPEC "Third-party integration": "password is omitted" from responses.
    omittedInResponses: ['password'],
  },
  NEW_RELIC: { required: ['licenseKey', 'accountId', 'writeToken', 'readToken'], optional: [], endOfLife: true },
  FLOWDOCK: { required: ['apiToken', 'flowName', 'orgName'], optional: [], endOfLife: true },
};
/** Fields every integration object may carry whatever its type. */
export const INTEGRATION_COMMON_FIELDS = ['type', 'id'] as const;
