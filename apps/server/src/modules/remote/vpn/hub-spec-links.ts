import { epochSeconds, linkSigner } from '@/lib/link-signer';

/** How long a `vpn_hub_apply` link works: the agent fetches it at once, or gets a new one. */
export const HUB_SPEC_LINK_SECONDS = 10 * 60;

/**
 * The links `vpn_hub_apply` names the hub's spec by (device-vpn-hub.ts): signed over the hub, the
 * agent's device and the expiry, like the devices' file links. The spec holds the hub's server
 * key, so the key travels only in that one GET, never in a job's arguments.
 */
export const createHubSpecLinks = (serverSecret: string, publicUrl: string) => {
  const signer = linkSigner(serverSecret, 'netfleet vpn hub spec');
  return {
    url(hubId: number, deviceId: number, expiresAt: Date): string {
      const expires = epochSeconds(expiresAt);
      const query = new URLSearchParams({
        device_id: String(deviceId),
        expires: String(expires),
        signature: signer.sign([hubId, deviceId, expires]),
      });
      return `${publicUrl}/api/vpn/hubs/${hubId}/agent-spec?${query.toString()}`;
    },

    /** Whether the signature is ours for these values and the link has not expired at `now`. */
    verify(hubId: number, deviceId: number, expires: number, signature: string, now: Date) {
      return signer.verify([hubId, deviceId, expires], expires, signature, now);
    },
  };
};

export type HubSpecLinks = ReturnType<typeof createHubSpecLinks>;
