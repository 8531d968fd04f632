import { VPN_HUB_MESSAGES } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { HubRuntime } from '@netfleet/openvpn-hub';
import type { HubApplier } from './hub-apply';
import type { HubClientsRepository } from './hub-clients.repository';
import { mayConnect } from './hub-spec';
import type { HubsRepository } from './hubs.repository';

/** How often the instance that runs the hubs looks for changes made through the others. */
export const RECONCILE_INTERVAL_MS = 5_000;

interface Deps {
  runtime: Pick<HubRuntime, 'sessions'>;
  hubsRepository: Pick<HubsRepository, 'configVersions'>;
  clientsRepository: Pick<HubClientsRepository, 'secretsOfHub'>;
  applier: Pick<HubApplier, 'apply' | 'disconnect' | 'appliedVersion'>;
  /** The zone this runtime hosts. */
  zone: string;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * On the instance that runs the hubs: brings them to changes committed through any instance. The
 * instance that takes a request applies it itself, but only this one has the runtime, so every
 * change of what a hub runs moves its `config_version` in the change's transaction
 * (hubs.repository.ts markHubsChanged), and this polls the versions: a hub whose version moved
 * past what its runtime was last given is applied, its sessions of clients that may no longer
 * connect are ended (a revocation elsewhere could not reach them), and a hub gone from the
 * database, whoever deleted it (a company deleted with its hubs too), is removed with its
 * directory and keys (again, when it was deleted here: removing is idempotent).
 */
export const createHubReconcile = (deps: Deps, intervalMs = RECONCILE_INTERVAL_MS) => {
  const { applier } = deps;
  /** Each hub's config version when last looked at; null before the first look. */
  let seen: Map<number, number> | null = null;

  /** Ends the hub's sessions of clients that may not connect any more (revoked, disabled). */
  const endDisallowed = async (hubId: number) => {
    const sessions = await deps.runtime.sessions(hubId).catch(() => []);
    if (sessions.length === 0) return;
    const at = deps.now();
    const allowed = new Set(
      (await deps.clientsRepository.secretsOfHub(hubId))
        .filter((client) => mayConnect(client, at))
        .map((client) => client.commonName),
    );
    const out = sessions.map((session) => session.commonName).filter((cn) => !allowed.has(cn));
    if (out.length) await applier.disconnect(hubId, out);
  };

  const reconcile = async () => {
    const rows = await deps.hubsRepository.configVersions(deps.zone);
    const previous = seen;
    seen = new Map(rows.map((row) => [row.id, row.configVersion]));
    // The first look is the baseline: the module applies the hubs after it, from this state or later.
    if (!previous) return;
    const work: Promise<void>[] = [];
    for (const row of rows) {
      const before = previous.get(row.id);
      // Applied already (a change made here), or made disabled elsewhere: it runs nowhere yet.
      if (
        before === row.configVersion ||
        applier.appliedVersion(row.id) === row.configVersion ||
        (before === undefined && !row.enabled)
      ) {
        continue;
      }
      work.push(
        applier
          .apply(row.id, VPN_HUB_MESSAGES.updated)
          .then(() => (row.enabled ? endDisallowed(row.id) : undefined)),
      );
    }
    for (const id of previous.keys()) {
      if (!seen.has(id)) work.push(applier.apply(id, VPN_HUB_MESSAGES.deleted));
    }
    await Promise.all(work);
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= reconcile()
      .catch((error: unknown) => deps.log.error({ err: error }, 'VPN hub reconcile failed'))
      .finally(() => {
        running = null;
      });
  };

  return {
    /** Takes the baseline, then polls. Call it before the module applies the hubs at start. */
    async start() {
      await reconcile();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};

export type HubReconcile = ReturnType<typeof createHubReconcile>;
