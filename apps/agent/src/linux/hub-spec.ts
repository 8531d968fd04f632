import { hubZoneSpecSchema, type HubZoneSpec } from '@netfleet/contracts';

// `vpn_hub_apply` names its spec by URL: the spec holds the hub's server key, and commands wait in
// the server's database for offline devices, so the key travels only in this one GET.

/**
 * The largest spec taken. A hub of 10,000 clients is about 1.5 MB of JSON; the cap only guards
 * the agent's memory against an answer that is not a spec at all.
 */
export const HUB_SPEC_MAX_BYTES = 16 * 1024 * 1024;
/** The whole GET, body included. */
export const HUB_SPEC_TIMEOUT_MS = 30_000;

export const HUB_SPEC_MESSAGES = {
  notHttp: 'must be an http(s) URL',
  unreachable: (hubId: number) => `The spec of hub ${hubId} could not be fetched`,
  status: (hubId: number, status: number, text: string) =>
    `The spec of hub ${hubId} could not be fetched: HTTP ${status}${text ? ` ${text}` : ''}` +
    (status === 403 || status === 404 || status === 410 ? ' (the link may have expired)' : ''),
  timedOut: (hubId: number) =>
    `The spec of hub ${hubId} could not be fetched: no answer in ${HUB_SPEC_TIMEOUT_MS / 1000} s`,
  tooLarge: (hubId: number) =>
    `The spec of hub ${hubId} is larger than ${HUB_SPEC_MAX_BYTES / 1024 / 1024} MiB`,
  notJson: (hubId: number) => `The spec of hub ${hubId} is not JSON`,
  invalid: (hubId: number, field: string, why: string) =>
    `The spec of hub ${hubId} is not valid: ${field ? `${field}: ` : ''}${why}`,
  otherHub: (hubId: number, specId: number) => `The spec is of hub ${specId}, not hub ${hubId}`,
} as const;

/** A failure whose message is the whole story (no "fetch failed" causes to add). */
export class HubSpecError extends Error {}

export const isHttpUrl = (url: string) => /^https?:$/.test(new URL(url).protocol);

const readCapped = async (response: Response, hubId: number): Promise<string> => {
  const announced = Number(response.headers.get('content-length'));
  if (announced > HUB_SPEC_MAX_BYTES) throw new HubSpecError(HUB_SPEC_MESSAGES.tooLarge(hubId));
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    if (bytes > HUB_SPEC_MAX_BYTES) throw new HubSpecError(HUB_SPEC_MESSAGES.tooLarge(hubId));
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * GETs hub `hubId`'s spec and checks it (`hubZoneSpecSchema`, and that it is of that hub).
 * Throws HubSpecError with what went wrong; a network failure throws fetch's error with its cause.
 */
export const fetchHubSpec = async (url: string, hubId: number): Promise<HubZoneSpec> => {
  const signal = AbortSignal.timeout(HUB_SPEC_TIMEOUT_MS);
  let text: string;
  try {
    const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) {
      await response.body?.cancel();
      throw new HubSpecError(HUB_SPEC_MESSAGES.status(hubId, response.status, response.statusText));
    }
    text = await readCapped(response, hubId);
  } catch (error) {
    if (error instanceof HubSpecError) throw error;
    if (signal.aborted) throw new HubSpecError(HUB_SPEC_MESSAGES.timedOut(hubId));
    throw new Error(HUB_SPEC_MESSAGES.unreachable(hubId), { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HubSpecError(HUB_SPEC_MESSAGES.notJson(hubId));
  }
  const parsed = hubZoneSpecSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HubSpecError(
      HUB_SPEC_MESSAGES.invalid(hubId, issue?.path.join('.') ?? '', issue?.message ?? 'not valid'),
    );
  }
  if (parsed.data.id !== hubId) {
    throw new HubSpecError(HUB_SPEC_MESSAGES.otherHub(hubId, parsed.data.id));
  }
  return parsed.data;
};
