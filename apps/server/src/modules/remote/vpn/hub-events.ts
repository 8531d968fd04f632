import type { FastifyBaseLogger } from 'fastify';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { HubEvent, HubRuntime, HubSession } from '@netfleet/openvpn-hub';
import type { HubApplier } from './hub-apply';
import type { HubClientsRepository } from './hub-clients.repository';
import type { HubLogsRepository, SessionRow } from './hub-logs.repository';
import { mayConnect } from './hub-spec';
import type { HubsRepository } from './hubs.repository';

interface Deps {
  runtime: HubRuntime;
  transaction: RunInTransaction;
  hubsRepository: Pick<HubsRepository, 'findById' | 'addBytes' | 'enabledIds'>;
  clientsRepository: Pick<HubClientsRepository, 'byCommonName' | 'secretsOf'>;
  logsRepository: HubLogsRepository;
  applier: Pick<HubApplier, 'disconnect'>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  zone: string;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * What the runtime reports, written down: a row per session (the connection log) and the bytes of
 * each session counted into its client's day as they grow. Counters are read at connect, at every
 * poll and at disconnect; each reading adds only what grew since the last, so a session that
 * spans days is counted into each of them and nothing is counted twice.
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
  const rowOf = async (hubId: number, session: HubSession) => {
    const open = await logsRepository.openSession(hubId, session.commonName);
    if (open) return open;
    const client = await deps.clientsRepository.byCommonName(hubId, session.commonName);
    await logsRepository.insertSession({
      hubId,
      hubUserId: client?.id ?? null,
      commonName: session.commonName,
      realAddress: session.realAddress,
      virtualAddress: session.virtualAddress,
      connectedAt: session.connectedSince,
    });
    return logsRepository.openSession(hubId, session.commonName);
  };

  const connected = async (hubId: number, session: HubSession) => {
    if (!(await deps.hubsRepository.findById(hubId))) return;
    // A new connect of a name ends whatever session of it was still open.
    const stale = await logsRepository.openSession(hubId, session.commonName);
    if (stale) await logsRepository.updateSession(stale.id, { disconnectedAt: now() });
    const row = await rowOf(hubId, session);
    if (row) await account(row, session, null);
    // The CRL may lag a removal by a moment: a client that may not connect is put off at once.
    const client = await deps.clientsRepository.byCommonName(hubId, session.commonName);
    const secrets = client && (await deps.clientsRepository.secretsOf(client.id));
    if (!secrets || !mayConnect(secrets, now())) {
      void deps.applier.disconnect(hubId, [session.commonName]);
    }
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

  /** Reads every running hub's sessions: counts their bytes, closes sessions the runtime lost. */
  const pollHub = async (hubId: number) => {
    let live: HubSession[];
    try {
      live = await deps.runtime.sessions(hubId);
    } catch {
      return;
    }
    for (const session of live) {
      const row = await rowOf(hubId, session);
      if (row) await account(row, session, null);
    }
    const names = new Set(live.map((session) => session.commonName));
    for (const row of await logsRepository.openSessionsOfHub(hubId)) {
      if (!names.has(row.commonName))
        await logsRepository.updateSession(row.id, { disconnectedAt: now() });
    }
  };

  return {
    /** Subscribes to the runtime; returns the unsubscribe. */
    start: () => deps.runtime.onEvent((event) => void handle(event)),

    handle,

    poll: () =>
      serially(async () => {
        for (const hubId of await deps.hubsRepository.enabledIds(deps.zone)) {
          if (deps.runtime.status(hubId).state === 'running') await pollHub(hubId);
        }
      }),

    /** After a restart no session of the previous process is open any more. */
    closeStale: () => logsRepository.closeOpen(now()),

    idle: () => queue,
  };
};

export type HubEvents = ReturnType<typeof createHubEvents>;
