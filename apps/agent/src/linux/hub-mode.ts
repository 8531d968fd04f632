import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  CommandMessage,
  HubHost,
  HubStateMessage,
  HubZoneSpec,
  VPN_HUB_COMMAND_TYPES,
  VpnHubApplyArgs,
  VpnHubDisconnectArgs,
  VpnHubSyncArgs,
} from '@netfleet/contracts';
import type { HubLogger, HubRuntime, HubSession, HubStatus } from '@netfleet/openvpn-hub';
import { HUB_MESSAGES, parseHubArgs } from '../hub-jobs.ts';
import type { CommandOutcome } from '../types.ts';
import { failureMessage } from '../upload.ts';
import { fetchHubSpec, HUB_SPEC_MESSAGES, isHttpUrl } from './hub-spec.ts';
import { hubStateMessages } from './hub-state.ts';

// `netfleet-agent --hub`: the machine of a hub zone. The server keeps every hub's truth (PKI,
// clients, routes) and sends the hubs to run; this runs them with the OpenVPN hub runtime and
// reports each one's state and sessions on `nf/d/<id>/hub`. Nothing is restarted from disk when
// the agent starts: after every hello the server sends `vpn_hub_sync` and an apply per hub.

export type HubCommandType = (typeof VPN_HUB_COMMAND_TYPES)[number];

/** How often each running hub's state and sessions are reported, besides on every change. */
export const HUB_REPORT_MS = 30_000;

const STOPPED: HubStatus = { state: 'stopped', error: null, startedAt: null };

export interface HubModeOptions {
  runtime: HubRuntime;
  /** The runtime's data directory: `vpn_hub_sync` also removes hubs left in `<dataDir>/vpn/hubs`. */
  dataDir: string;
  /** Sends one message on `nf/d/<id>/hub` (QoS 1). */
  publish: (message: HubStateMessage) => void;
  log: (message: string) => void;
  now?: () => number;
}

export interface HubMode {
  /** The hello's `hub`: what the last probe found (undefined before the first). */
  host(): HubHost | undefined;
  /** Probes the machine again; the next hello carries the answer. */
  probe(): Promise<HubHost>;
  execute(type: HubCommandType, command: CommandMessage): Promise<CommandOutcome>;
  /** Stops reporting and every hub (the agent is stopping). */
  close(): Promise<void>;
}

/** The runtime's pino-style logger over the agent's one-line log. */
export const hubLogger = (log: (message: string) => void): HubLogger => {
  const line = (level: string) => (details: object, message: string) => {
    const fields = Object.entries(details).map(
      ([key, value]) =>
        `${key}=${value instanceof Error ? value.message : JSON.stringify(value ?? null)}`,
    );
    log(`vpn hub ${level}: ${[message, ...fields].join(' ')}`);
  };
  return { info: line('info'), warn: line('warn'), error: line('error') };
};

/** Hub ids with a directory in `<dataDir>/vpn/hubs` (a previous run's, or ones this run applied). */
const hubsOnDisk = async (dataDir: string): Promise<number[]> => {
  const names = await readdir(join(dataDir, 'vpn', 'hubs')).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return names.filter((name) => /^[1-9]\d*$/.test(name)).map(Number);
};

const completed = (message: string): CommandOutcome => ({ status: 'completed', message });
const failed = (error: unknown): CommandOutcome => ({
  status: 'failed',
  message: failureMessage(error),
});

export const createHubMode = (options: HubModeOptions): HubMode => {
  const { runtime, log } = options;
  const now = options.now ?? Date.now;
  /** Hubs applied and not removed since: the ones reported. */
  const applied = new Set<number>();
  /** Each hub's jobs run one after the other, in the order they arrived. */
  const queues = new Map<number, Promise<unknown>>();
  /** The arrival number of each hub's latest job, so a sync leaves hubs applied after it alone. */
  const arrivals = new Map<number, number>();
  let arrived = 0;
  /** Hubs with a report about to run, and how many each has had scheduled. */
  const pending = new Set<number>();
  const scheduled = new Map<number, number>();
  let host: HubHost | undefined;

  const serial = <T>(hubId: number, task: () => Promise<T>): Promise<T> => {
    arrivals.set(hubId, ++arrived);
    const queued = (queues.get(hubId) ?? Promise.resolve()).then(task);
    const settled = queued.catch(() => undefined);
    queues.set(hubId, settled);
    void settled.then(() => {
      if (queues.get(hubId) === settled) queues.delete(hubId);
    });
    return queued;
  };

  const publishState = (hubId: number, status: HubStatus, sessions: readonly HubSession[]) => {
    for (const message of hubStateMessages(hubId, status, sessions, now())) {
      options.publish(message);
    }
  };

  /**
   * Reports a hub as it is now. A report overtaken by a state change (read while the sessions
   * were) is dropped: the change scheduled a report of its own, which must not be followed by
   * the older state.
   */
  const report = async (hubId: number) => {
    if (!applied.has(hubId)) return;
    const status = runtime.status(hubId);
    let sessions: HubSession[] = [];
    if (status.state === 'running') {
      try {
        sessions = await runtime.sessions(hubId);
      } catch (error) {
        // Reported without sessions, the server would take every client for gone: wait instead.
        log(`hub ${hubId}: sessions could not be read: ${failureMessage(error)}`);
        return;
      }
    }
    if (!applied.has(hubId) || runtime.status(hubId) !== status) return;
    publishState(hubId, status, sessions);
  };

  /** Events come in bursts (a poll finds every client of a restarted hub): one report each. */
  const scheduleReport = (hubId: number) => {
    if (pending.has(hubId)) return;
    pending.add(hubId);
    scheduled.set(hubId, (scheduled.get(hubId) ?? 0) + 1);
    queueMicrotask(() => {
      pending.delete(hubId);
      void report(hubId);
    });
  };

  const unsubscribe = runtime.onEvent((event) => scheduleReport(event.hubId));
  const timer = setInterval(() => {
    for (const hubId of applied) {
      if (runtime.status(hubId).state === 'running') scheduleReport(hubId);
    }
  }, HUB_REPORT_MS);

  const apply = async ({
    hub_id: hubId,
    spec_url: url,
  }: VpnHubApplyArgs): Promise<CommandOutcome> => {
    if (!isHttpUrl(url)) {
      return { status: 'rejected', message: `invalid args.spec_url: ${HUB_SPEC_MESSAGES.notHttp}` };
    }
    return serial(hubId, async (): Promise<CommandOutcome> => {
      let spec: HubZoneSpec;
      try {
        spec = await fetchHubSpec(url, hubId);
      } catch (error) {
        return failed(error);
      }
      applied.add(hubId);
      const reports = scheduled.get(hubId) ?? 0;
      // The CA's key stays on the server: the runtime writes and reads only its certificate.
      const status = await runtime
        .apply({ ...spec, ca: { cert: spec.ca.cert, key: '' } })
        .catch((error: unknown) => ({ thrown: error }));
      // Also when nothing changed, so no event did: after a reconnect this is how the server
      // hears of the hub again.
      if ((scheduled.get(hubId) ?? 0) === reports) scheduleReport(hubId);
      if ('thrown' in status) return failed(status.thrown);
      if (status.state === 'running') return completed(HUB_MESSAGES.running(hubId));
      return {
        status: 'failed',
        message: failureMessage(status.error ?? HUB_MESSAGES.notRunning(hubId, status.state)),
      };
    });
  };

  const remove = (hubId: number) =>
    serial(hubId, async () => {
      applied.delete(hubId);
      await runtime.remove(hubId);
      publishState(hubId, STOPPED, []);
    });

  const disconnect = ({ hub_id: hubId, common_names: names }: VpnHubDisconnectArgs) =>
    serial(hubId, async () => {
      // One name that fails does not spare the others their disconnection.
      const errors: unknown[] = [];
      for (const name of names) {
        await runtime.disconnect(hubId, name).catch((error: unknown) => errors.push(error));
      }
      if (errors.length > 0) return failed(errors[0]);
      return completed(HUB_MESSAGES.disconnected(hubId, names.length));
    });

  /** Removes what is not listed, but not a hub whose job arrived after this sync. */
  const sync = async ({ hub_ids: hubIds }: VpnHubSyncArgs) => {
    const since = ++arrived;
    const listed = new Set(hubIds);
    const known = new Set([...(await hubsOnDisk(options.dataDir)), ...applied]);
    const removed = [...known]
      .filter((hubId) => !listed.has(hubId) && (arrivals.get(hubId) ?? 0) < since)
      .sort((a, b) => a - b);
    await Promise.all(removed.map(remove));
    return completed(HUB_MESSAGES.synced(removed));
  };

  const withArgs = async <T>(
    parsed: { args: T } | { rejected: CommandOutcome },
    handle: (args: T) => Promise<CommandOutcome>,
  ): Promise<CommandOutcome> => {
    if ('rejected' in parsed) return parsed.rejected;
    try {
      return await handle(parsed.args);
    } catch (error) {
      return failed(error);
    }
  };

  return {
    host: () => host,
    probe: async () => {
      host = await runtime.availability();
      return host;
    },
    execute: (type, command) => {
      switch (type) {
        case 'vpn_hub_apply':
          return withArgs(parseHubArgs.vpn_hub_apply(command), apply);
        case 'vpn_hub_remove':
          return withArgs(parseHubArgs.vpn_hub_remove(command), async ({ hub_id: hubId }) => {
            await remove(hubId);
            return completed(HUB_MESSAGES.removed(hubId));
          });
        case 'vpn_hub_disconnect':
          return withArgs(parseHubArgs.vpn_hub_disconnect(command), disconnect);
        case 'vpn_hub_sync':
          return withArgs(parseHubArgs.vpn_hub_sync(command), sync);
      }
    },
    close: async () => {
      clearInterval(timer);
      unsubscribe();
      await runtime.close();
    },
  };
};
