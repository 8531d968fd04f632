// Spec §4 Form submit: "A response with meta channel opens a live 'Action status' dialog". The
// app layer registers the dialog host here; the api-client (opt-in per request) and any caller
// holding a channel id open it through these functions, so lib stays free of the dialog itself.

export interface ActionStatusOptions {
  /** Dialog title; 'Action status' by default. */
  title?: string;
  /** Names for the channel's items (device names ...); the item id is shown otherwise. */
  itemLabels?: Readonly<Record<string, string>>;
}

export type ActionStatusHandler = (channel: string, options: ActionStatusOptions) => void;

let handler: ActionStatusHandler | null = null;

/** Returns the unregister function; it leaves a handler registered after this one alone. */
export function registerActionStatus(next: ActionStatusHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** Opens the dialog for a status channel; false when no host is mounted (signed out). */
export function openActionStatus(channel: string, options: ActionStatusOptions = {}): boolean {
  if (!handler) return false;
  handler(channel, options);
  return true;
}

/** Opens the dialog when a response carries `meta.channel`; returns whether it did. */
export function openActionStatusFor(
  response: { meta?: { channel?: unknown } | undefined },
  options: ActionStatusOptions = {},
): boolean {
  const channel = response.meta?.channel;
  return typeof channel === 'string' && channel !== '' && openActionStatus(channel, options);
}
