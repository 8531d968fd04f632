// Query keys of the account page. The current user itself lives under the app-wide key in
// @/lib/current-user; changes to impersonation access invalidate that one.
export const accountKeys = {
  all: ['account'] as const,
  tokens: () => [...accountKeys.all, 'tokens'] as const,
  webhooks: () => [...accountKeys.all, 'webhooks'] as const,
  deliveries: (webhookId: number, offset: number) =>
    [...accountKeys.webhooks(), webhookId, 'deliveries', offset] as const,
};

export const TOKENS_PATH = '/user/tokens';
export const WEBHOOKS_PATH = '/webhooks';
