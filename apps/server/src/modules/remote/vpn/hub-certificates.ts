import type { Executor } from '@/db/client';
import type { ClientValues, HubClientsRepository } from './hub-clients.repository';
import type { HubKeys } from './hub-keys';
import type { HubsRepository } from './hubs.repository';

/** A client to add: everything but its certificate, which is issued here. */
export type NewClient = Omit<
  ClientValues,
  'hubId' | 'cert' | 'keySealed' | 'serial' | 'certExpiresAt' | 'commonName'
> & { commonName: string };

interface Deps {
  hubsRepository: Pick<HubsRepository, 'lockSecrets' | 'takeSerials' | 'update'>;
  clientsRepository: Pick<HubClientsRepository, 'insert' | 'revoke' | 'secretsOfHub'>;
  keys: HubKeys;
}

/**
 * Issuing and revoking client certificates inside the caller's transaction: serials come from the
 * hub row (locked meanwhile), and every revocation rewrites the hub's CRL in the same transaction,
 * so a removed client is refused from the moment the change commits and reaches the runtime.
 */
export const createHubCertificates = ({ hubsRepository, clientsRepository, keys }: Deps) => {
  /** Adds the clients with fresh certificates; returns their ids in order. */
  const issue = async (tx: Executor, hubId: number, clients: readonly NewClient[]) => {
    if (clients.length === 0) return [];
    const hub = await hubsRepository.lockSecrets(hubId, tx);
    if (!hub) throw new Error(`vpn hub ${hubId} is gone`);
    const first = await hubsRepository.takeSerials(hubId, clients.length, tx);
    const values: ClientValues[] = [];
    for (const [index, client] of clients.entries()) {
      values.push({
        ...client,
        hubId,
        ...(await keys.issueClient(hub, client.commonName, first + index)),
      });
    }
    return clientsRepository.insert(values, tx);
  };

  return {
    issue,

    /** One client; its id. */
    async issueOne(tx: Executor, hubId: number, client: NewClient) {
      const [id] = await issue(tx, hubId, [client]);
      if (id === undefined) throw new Error('vpn hub user insert returned nothing');
      return id;
    },

    /** Revokes the clients (their routes go with them) and rewrites the hub's CRL. */
    async revoke(tx: Executor, hubId: number, clientIds: readonly number[], at: Date) {
      if (clientIds.length === 0) return;
      const hub = await hubsRepository.lockSecrets(hubId, tx);
      if (!hub) return;
      await clientsRepository.revoke(clientIds, at, tx);
      const revoked = (await clientsRepository.secretsOfHub(hubId, tx)).flatMap((row) =>
        row.revokedAt ? [{ serial: row.serial, revokedAt: row.revokedAt }] : [],
      );
      await hubsRepository.update(hubId, { crl: await keys.crl(hub, revoked) }, tx);
    },
  };
};

export type HubCertificates = ReturnType<typeof createHubCertificates>;
