import { VPN_CLIENT_MESSAGES, VPN_HUB_MESSAGES } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { HubApplier } from './hub-apply';
import type { HubCertificates } from './hub-certificates';
import type { HubClientsRepository } from './hub-clients.repository';
import type { HubEvents } from './hub-events';
import type { HubsRepository } from './hubs.repository';

interface Deps {
  transaction: RunInTransaction;
  hubsRepository: Pick<HubsRepository, 'dueSchedules' | 'update'>;
  clientsRepository: Pick<HubClientsRepository, 'dueForRevocation'>;
  certificates: Pick<HubCertificates, 'revoke'>;
  applier: Pick<HubApplier, 'apply' | 'disconnect'>;
  /** Null without a runtime: no sessions to read. */
  events: Pick<HubEvents, 'poll'> | null;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * What time does to hubs, once a minute: a pause or an enabled period that ended is undone,
 * profiles past their expiry and clients whose device or user was deleted are revoked, and the
 * running hubs' session counters are read into the usage.
 */
export const createHubSweeper = (deps: Deps, intervalMs = 60_000) => {
  const { hubsRepository, applier, now } = deps;

  const schedules = async () => {
    for (const hub of await hubsRepository.dueSchedules(now())) {
      await hubsRepository.update(
        hub.id,
        hub.enabled
          ? { enabled: false, endTime: null, disabledBecauseExpired: true }
          : { enabled: true, disabledUntil: null, disabledBecauseExpired: false },
      );
      void applier.apply(
        hub.id,
        hub.enabled ? VPN_HUB_MESSAGES.disabled : VPN_HUB_MESSAGES.enabled,
      );
    }
  };

  const revocations = async () => {
    const due = await deps.clientsRepository.dueForRevocation(now());
    const byHub = new Map<number, typeof due>();
    for (const client of due) byHub.set(client.hubId, [...(byHub.get(client.hubId) ?? []), client]);
    for (const [hubId, clients] of byHub) {
      await deps.transaction((tx) =>
        deps.certificates.revoke(
          tx,
          hubId,
          clients.map((client) => client.id),
          now(),
        ),
      );
      void applier.apply(hubId, VPN_CLIENT_MESSAGES.removed);
      void applier.disconnect(
        hubId,
        clients.map((client) => client.commonName),
      );
    }
  };

  const sweep = async () => {
    await schedules();
    await revocations();
    await deps.events?.poll();
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= sweep()
      .catch((error: unknown) => deps.log.error({ err: error }, 'VPN hub sweep failed'))
      .finally(() => {
        running = null;
      });
  };

  return {
    sweep,
    start() {
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
