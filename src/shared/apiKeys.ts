// Wire shapes of the API key and webhook endpoints (issue 30 items 4, 5), shared by the server
// and the console's account-centre pages.

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

/** One key as the owner's list shows it: never its secret. */
export interface ApiKeyView {
  id: string;
  name: string;
  /** The operator type whose grants it acts with. */
  role: string;
  money: boolean;
  /** The secret's first characters (lsf_xxxxxx), to tell keys apart. */
  prefix: string;
  status: ApiKeyStatus;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

/** POST /api/api-keys: the key and, this once, its secrets. */
export interface CreatedApiKey {
  key: ApiKeyView;
  /** Send as `Authorization: Bearer <secret>` or `X-API-Key`. */
  secret: string;
  /** Signs money requests (X-LSF-Signature). */
  signingSecret: string;
}

export const API_KEY_NAME_MAX = 40;

export interface WebhookEndpointView {
  id: string;
  url: string;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: 'failing' | 'owner' | null;
  disabledAt: string | null;
  failingSince: string | null;
  createdAt: string;
}

export interface CreatedWebhookEndpoint {
  endpoint: WebhookEndpointView;
  /** The HMAC key of X-LSF-Webhook-Signature, shown once. */
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventType: string;
  recordId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** An event type a webhook may subscribe to: "<resource>.<action>", with its labels' words. */
export interface WebhookEventType {
  type: string;
  resource: string;
  action: string;
}
