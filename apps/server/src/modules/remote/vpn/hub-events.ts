import { VPN_HUB_ZONE_LOCAL } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { HubEvent, HubRuntime, HubSession } from '@netfleet/openvpn-hub';
import type { HubApplier } from './hub-apply';
import type { HubClientsRepository } from './hub-clients.repository';
import type { HubLogsRepository, SessionRow } from './hub-logs.repository';
import { mayConnect } from './hub-spec';
import type { HubsRepository } from './hubs.repository';
import type { ZoneRuntime, ZoneRuntimes } from './zone-runtimes';

interface Deps {
  /** The server's own supervisor, whose events come one by one; null when it runs none. */
  local: HubRuntime | null;
  /** Every zone's runtime, for the poll. */
  runtimes: Pick<ZoneRuntimes, 'all'>;
  transaction: RunInTransaction;
  hubsRepository: Pick<HubsRepository, 'findById' | 'addBytes' | 'enabledIds'>;
  clientsRepository: Pick<HubClientsRepository, 'byCommonName' | 'secretsOf'>;
  logsRepository: HubLogsRepository;
  applier: Pick<HubApplier, 'disconnect'>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * What the runtime reports, written down: a row per session (the connection log) and the bytes of
 * each session counted into its client's day as they grow. Counters are read at connect, at every
 * poll and at disconnect; each reading adds only what grew since the last, so a session that
 * spans days is counted into each of them and nothing is counted twice. Agents report whole
 * snapshots of their hubs' sessions instead of events (agent-hub-reports.ts): they are reconciled
 * like a poll's.
 */
export const createHubEvents = (deps: Deps) => {
  const { logsRepository, now } = deps;
  let queue: Promise<void> = Promise.resolve();
  const serially = (task: () => Promise<void>) => {
    queue = queue.then(task).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'VPN hub event not recorded');
    });
    return queue;
  };

  /** Adds what the session's counters grew by since `row` last counted them. */
  const account = (row: SessionRow, session: HubSession, end: Date | null) =>
    deps.transaction(async (tx) => {
      const received = Math.max(0, session.bytesReceived - row.bytesReceived);
      const sent = Math.max(0, session.bytesSent - row.bytesSent);
      if (row.hubUserId !== null) {
        await logsRepository.addUsage(
          { hubId: row.hubId, hubUserId: row.hubUserId, day: dayOf(now()), received, sent },
          tx,
        );
      }
      await deps.hubsRepository.addBytes(row.hubId, received + sent, tx);
      await logsRepository.updateSession(
        row.id,
        {
          bytesReceived: Math.max(row.bytesReceived, session.bytesReceived),
          bytesSent: Math.max(row.bytesSent, session.bytesSent),
          virtualAddress: session.virtualAddress ?? row.virtualAddress,
          ...(end ? { disconnectedAt: end } : {}),
        },
        tx,
      );
    });

  /** The open row of the session, made when the connect was missed (a restart, a lost event). */
  const openRow = async (hubId: number, session: HubSession) => {
    const open = await logsRepository.openSession(hubId, session.commonName);
    if (open) return { row: open, made: false };
    const client = await deps.clientsRepository.byCommonName(hubId, session.commonName);
    await logsRepository.insertSession({
      hubId,
      hubUserId: client?.id ?? null,
      commonName: session.commonName,
      realAddress: session.realAddress,
      virtualAddress: session.virtualAddress,
      connectedAt: session.connectedSince,
    });
    return { row: await logsRepository.openSession(hubId, session.commonName), made: true };
  };
  const rowOf = async (hubId: number, session: HubSession) => (await openRow(hubId, session)).row;

  /** The CRL may lag a removal by a moment: a client that may not connect is put off at once. */
  const checkAllowed = async (hubId: number, commonName: string) => {
    const client = await deps.clientsRepository.byCommonName(hubId, commonName);
    const secrets = client && (await deps.clientsRepository.secretsOf(client.id));
    if (!secrets || !mayConnect(secrets, now())) void deps.applier.disconnect(hubId, [commonName]);
  };

  const connected = async (hubId: number, session: HubSession) => {
    if (!(await deps.hubsRepository.findById(hubId))) return;
    // A new connect of a name ends whatever session of it was still open.
    const stale = await logsRepository.openSession(hubId, session.commonName);
    if (stale) await logsRepository.updateSession(stale.id, { disconnectedAt: now() });
    const row = await rowOf(hubId, session);
    if (row) await account(row, session, null);
    await checkAllowed(hubId, session.commonName);
  };

  const disconnected = async (hubId: number, session: HubSession) => {
    if (!(await deps.hubsRepository.findById(hubId))) return;
    const row = await rowOf(hubId, session);
    if (row) await account(row, session, now());
  };

  const handle = (event: HubEvent) => {
    if (event.kind === 'connected') return serially(() => connected(event.hubId, event.session));
    if (event.kind === 'disconnected') {
      return serially(() => disconnected(event.hubId, event.session));
    }
    return Promise.resolve();
  };

  /**
   * Counts the bytes of sessions the hub reports now; a session first seen here (its connect was
   * missed) is opened and checked like a connect.
   */
  const count = async (hubId: number, live: readonly HubSession[]) => {
    for (const session of live) {
      const { row, made } = await openRow(hubId, session);
      if (row) await account(row, session, null);
      if (made) await checkAllowed(hubId, session.commonName);
    }
  };

  /** Closes the open sessions of the hub that are not among `names` (the host lost them). */
  const closeMissing = async (hubId: number, names: ReadonlySet<string>) => {
    for (const row of await logsRepository.openSessionsOfHub(hubId)) {
      if (!names.has(row.commonName))
        await logsRepository.updateSession(row.id, { disconnectedAt: now() });
    }
  };

  /** Reads a running hub's sessions: counts their bytes, closes sessions the runtime lost. */
  const pollHub = async (runtime: ZoneRuntime, hubId: number) => {
    let live: HubSession[] | null;
    try {
      live = await runtime.sessions(hubId);
    } catch {
      return;
    }
    if (live === null) return;
    await count(hubId, live);
    await closeMissing(hubId, new Set(live.map((session) => session.commonName)));
  };

  return {
    /** Subscribes to the local runtime; returns the unsubscribe. */
    start: () => deps.local?.onEvent((event) => void handle(event)) ?? (() => {}),

    handle,

    poll: () =>
      serially(async () => {
        for (const { zone, runtime } of await deps.runtimes.all()) {
          for (const hubId of await deps.hubsRepository.enabledIds(zone)) {
            if ((await runtime.status(hubId)).state === 'running') await pollHub(runtime, hubId);
          }
        }
      }),

    /**
     * What an agent reported of a hub: the sessions of one report (or of one part of it) are
     * counted; `complete` when these are all of them, and sessions not among them are closed.
     */
    reported: (hubId: number, live: readonly HubSession[], complete: ReadonlySet<string> | null) =>
      serially(async () => {
        if (!(await deps.hubsRepository.findById(hubId))) return;
        await count(hubId, live);
        if (complete) await closeMissing(hubId, complete);
      }),

    /**
     * After a restart no session of the previous process is open any more. Agents' hubs ran on
     * meanwhile: their next report says what is open.
     */
    closeStale: () => logsRepository.closeOpenInZone(now(), VPN_HUB_ZONE_LOCAL),

    idle: () => queue,
  };
};

export type HubEvents = ReturnType<typeof createHubEvents>;
