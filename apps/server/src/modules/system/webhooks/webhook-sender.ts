import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER, type WebhookEvent } from '@netfleet/contracts';
import { type ResolvedAddress, type ResolveHost, resolvePublicAddresses } from '@/lib/ssrf-guard';
import { signWebhookBody } from './webhook-signature';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface OutgoingDelivery {
  id: number;
  event: WebhookEvent;
  payload: unknown;
  createdAt: Date;
  url: string;
  secret: string;
}

export interface SendResult {
  ok: boolean;
  responseCode: number | null;
  error: string | null;
}

/** Hands the socket the addresses that passed the guard instead of resolving the name again. */
const pinnedLookup =
  (addresses: ResolvedAddress[]): LookupFunction =>
  (_hostname, options, callback) => {
    const usable = options.family
      ? addresses.filter(({ family }) => family === options.family)
      : addresses;
    const [first] = usable;
    if (!first) {
      callback(new Error('No address of the requested family'), '', 0);
    } else if (options.all) {
      // With `all` (Node's happy-eyeballs connect) the callback takes the whole list.
      (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, usable);
    } else {
      callback(null, first.address, first.family);
    }
  };

const post = (
  url: URL,
  addresses: ResolvedAddress[],
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
) =>
  new Promise<number>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinnedLookup(addresses),
      // A fresh connection each time, so a pooled socket never outlives the address check.
      agent: false,
    });
    // Covers the whole exchange, a receiver dripping its body included.
    const timer = setTimeout(
      () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    request.on('close', () => clearTimeout(timer));
    request.on('response', (response) => {
      // Only the status matters: the body is discarded, and a failure while it streams is moot.
      response.on('error', () => undefined);
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(body);
  });

export interface WebhookSenderOptions {
  resolveHost: ResolveHost;
  allowPrivateNetworks: boolean;
  now: () => Date;
  timeoutMs?: number;
}

/** Signs and POSTs one delivery; never throws (the outcome goes to the delivery log). */
export const createWebhookSender = ({
  resolveHost,
  allowPrivateNetworks,
  now,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
}: WebhookSenderOptions) => ({
  async send(delivery: OutgoingDelivery): Promise<SendResult> {
    const body = JSON.stringify({
      id: delivery.id,
      event: delivery.event,
      created_at: delivery.createdAt.toISOString(),
      data: delivery.payload,
    });
    const timestamp = Math.floor(now().getTime() / 1000);
    try {
      const url = new URL(delivery.url);
      // Checked again at send time: DNS may have changed since the webhook was registered.
      const addresses = await resolvePublicAddresses(url, resolveHost, allowPrivateNetworks);
      const status = await post(
        url,
        addresses,
        {
          'content-type': 'application/json',
          'user-agent': 'netfleet-webhooks',
          'x-netfleet-event': delivery.event,
          'x-netfleet-delivery': String(delivery.id),
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signWebhookBody(
            delivery.secret,
            timestamp,
            body,
          ),
        },
        body,
        timeoutMs,
      );
      const ok = status >= 200 && status < 300;
      return { ok, responseCode: status, error: ok ? null : `HTTP ${status}` };
    } catch (error) {
      return {
        ok: false,
        responseCode: null,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  },
});

export type WebhookSender = ReturnType<typeof createWebhookSender>;
