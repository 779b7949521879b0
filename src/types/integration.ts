// Third-party integration: PUT /groups/{GROUP-ID}/integrations/{INTEGRATION-TYPE} body, or one
// element of the list the server returns (API-SPEC "Third-party integration", endpoint 12).
//
// A union discriminated on `type`: each member lists the fields of its type only. Required fields
// are not required here: rule integration-required-field reports them, and a field of another
// type is reported by rule integration-field-not-applicable (the schema mapper drops the
// unknown-field finding for such keys, so there is one diagnostic per problem).

/** Region of a Datadog, Opsgenie or PagerDuty account. */
export type IntegrationRegion = 'US' | 'EU';

/** Fields every integration may carry. */
interface IntegrationBase {
  /**
   * Identifier of the integration.
   * @readOnly
   */
  id?: string;
}

/** PagerDuty: alerts open incidents through a v1 integration key. */
export interface PagerDutyIntegration extends IntegrationBase {
  /** Integration type. */
  type: 'PAGER_DUTY';
  /** Integration (service) key, v1 only. Required. Secret. */
  serviceKey?: string;
  /** Region of the PagerDuty account. */
  region?: IntegrationRegion;
}

/** Slack: alerts are posted to a channel. */
export interface SlackIntegration extends IntegrationBase {
  /** Integration type. */
  type: 'SLACK';
  /** API or bot token. Required. Secret. */
  apiToken?: string;
  /** Slack team (workspace) name. Required on reconfiguration. */
  teamName?: string;
  /** Default channel. */
  channelName?: string;
}

/** Datadog: alerts and metrics are sent to Datadog. */
export interface DatadogIntegration extends IntegrationBase {
  /** Integration type. */
  type: 'DATADOG';
  /** Datadog API key. Required. Secret. */
  apiKey?: string;
  /** Region of the Datadog account. */
  region?: IntegrationRegion;
}

/** HipChat (service discontinued). */
export interface HipChatIntegration extends IntegrationBase {
  /** Integration type. */
  type: 'HIP_CHAT';
  /** API token. Required. Secret. */
  notificationToken?: string;
  /** Room alerts are posted to. Required. */
  roomName?: string;
}

/** Opsgenie: alerts open Opsgenie alerts. */
export interface OpsGenieIntegration extends IntegrationBase {
  /** Integration type. */
  type: 'OPS_GENIE';
  /** Opsgenie API key. Required. Secret. */
  apiKey?: string;
  /** Region of the Opsgenie account (default US; EU needs the server setting opsgenie.api.url). */
  region?: IntegrationRegion;
}

/** VictorOps (Splunk On-Call). */
export interface VictorOpsIntegration extends IntegrationBase {
  /** Integration type. */
  type: 'VICTOR_OPS';
  /** VictorOps API key. Required. Secret. */
  apiKey?: string;
  /** Routing key. Secret. */
  routingKey?: string;
}

/** Webhook: alerts are posted as JSON to a URL. */
export interface WebhookIntegration extends IntegrationBase {
  /** Integration type. */
  type: 'WEBHOOK';
  /** URL alerts are posted to. Required. Secret. */
  url?: string;
  /** Secret used to sign the payload. Secret. */
  secret?: string;
}

/** Microsoft Teams: alerts are posted to an incoming webhook. */
export interface MicrosoftTeamsIntegration extends IntegrationBase {
  /** Integration type. */
  type: 'MICROSOFT_TEAMS';
  /** Incoming webhook URL. Required. Secret. */
  microsoftTeamsWebhookUrl?: string;
}

/** Prometheus: the server exposes scrape targets for the project's processes. */
export interface PrometheusIntegration extends IntegrationBase {
  /** Integration type. */
  type: 'PROMETHEUS';
  /** User name for HTTP basic authentication of the scraper. Required. */
  username?: string;
  /** Password for HTTP basic authentication of the scraper. Required. Secret. */
  password?: string;
  /** IP address and port the metrics endpoint listens on, e.g. "0.0.0.0:9216". Required. */
  listenAddress?: string;
  /** How Prometheus discovers targets: http (HTTP service discovery) or file. Required. */
  serviceDiscovery?: 'http' | 'file';
  /** Protocol of the metrics endpoint; https needs tlsPemPath. Required. */
  scheme?: 'http' | 'https';
  /** Whether the integration is enabled. Required. */
  enabled?: boolean;
  /** Absolute path of the PEM file (certificate and key) for https. */
  tlsPemPath?: string;
  /** Password of the PEM file. Secret. */
  tlsPemPassword?: string;
}

/** New Relic (end of life). */
export interface NewRelicIntegration extends IntegrationBase {
  /** Integration type. */
  type: 'NEW_RELIC';
  /** License key (40 hex characters). Required. Secret. */
  licenseKey?: string;
  /** Account identifier. Required. */
  accountId?: string;
  /** Insights insert key. Required. Secret. */
  writeToken?: string;
  /** Insights query key. Required. Secret. */
  readToken?: string;
}

/** Flowdock (service discontinued). */
export interface FlowdockIntegration extends IntegrationBase {
  /** Integration type. */
  type: 'FLOWDOCK';
  /** API token. Required. Secret. */
  apiToken?: string;
  /** Flow alerts are posted to. Required. */
  flowName?: string;
  /** Organization name. Required. */
  orgName?: string;
}

/**
 * A third-party integration of a project; `type` selects the service and the fields that apply.
 * A project has one integration per type.
 * @title Ops Manager third-party integration
 * @discriminator type
 */
export type Integration =
  | PagerDutyIntegration
  | SlackIntegration
  | DatadogIntegration
  | HipChatIntegration
  | OpsGenieIntegration
  | VictorOpsIntegration
  | WebhookIntegration
  | MicrosoftTeamsIntegration
  | PrometheusIntegration
  | NewRelicIntegration
  | FlowdockIntegration;
