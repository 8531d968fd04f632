import { isIP } from 'node:net';
import { invalid } from '@/lib/api-error';
import {
  bareHostname,
  BlockedAddressError,
  resolvePublicAddresses,
  type ResolveHost,
  resolveWithDns,
} from '@/lib/ssrf-guard';

/** Where a transport connects: a checked address, with the name kept for the TLS certificate. */
export interface SmtpTarget {
  host: string;
  servername?: string;
}

export const SMTP_HOST_MESSAGES = {
  privateNetwork: (detail: string) =>
    `SMTP servers on private networks are not allowed here: ${detail}`,
} as const;

/**
 * The host as a URL reads it: the resolver would also take 2130706433 or 0x7f000001 for
 * 127.0.0.1, and URL parsing turns those spellings into the address they mean.
 */
const asUrl = (host: string) => new URL(`smtp://${isIP(host) === 6 ? `[${host}]` : host}`);

/**
 * A company's SMTP server is reached by this server, on the company admin's word: pointed at
 * loopback, cloud metadata or the internal network it would be a port scanner whose test-send
 * answer echoes what the internal service said (SSRF). Refused unless SMTP_ALLOW_PRIVATE_NETWORKS
 * is set (an operator whose relays are on the local network).
 */
export const createSmtpHostGuard = ({
  allowPrivateNetworks,
  resolveHost = resolveWithDns,
}: {
  allowPrivateNetworks: boolean;
  resolveHost?: ResolveHost;
}) => {
  const resolveChecked = async (host: string) => {
    try {
      return await resolvePublicAddresses(asUrl(host), resolveHost, false);
    } catch (error) {
      if (error instanceof BlockedAddressError) {
        throw invalid(SMTP_HOST_MESSAGES.privateNetwork(error.message), 'host');
      }
      return null;
    }
  };

  return {
    /** At save: refuses a host that is or resolves to an internal address (unresolvable is kept). */
    async checkSaved(host: string): Promise<void> {
      if (!allowPrivateNetworks) await resolveChecked(host);
    },

    /**
     * At connect: the address to use, resolved and checked now (the name may point elsewhere
     * since it was saved) and pinned, so the transport does not look it up a second time.
     */
    async target(host: string): Promise<SmtpTarget> {
      if (allowPrivateNetworks) return { host };
      const addresses = await resolveChecked(host);
      const [first] = addresses ?? [];
      // Unresolvable: nodemailer's own lookup fails the same way and says so.
      if (!first) return { host };
      const name = bareHostname(asUrl(host));
      return isIP(name) ? { host: first.address } : { host: first.address, servername: name };
    },
  };
};

export type SmtpHostGuard = ReturnType<typeof createSmtpHostGuard>;
