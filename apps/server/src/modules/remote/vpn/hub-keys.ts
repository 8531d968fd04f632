import { randomBytes } from 'node:crypto';
import type { SecretBox } from '@/lib/crypto';
import type { HubPki, KeyPair, RevokedCertificate } from '@netfleet/openvpn-hub';

/** The CA is serial 1, the hub's server certificate 2; clients count on from 3. */
const SERVER_SERIAL = 2;
export const FIRST_CLIENT_SERIAL = 3;

/** A serial as the PKI takes it: hex, whole bytes. */
export const serialHex = (serial: number): string => {
  const hex = serial.toString(16);
  return hex.length % 2 ? `0${hex}` : hex;
};

/** The stored form of a hub's secrets. */
interface SealedHub {
  caCert: string;
  caKeySealed: string;
  serverCert: string;
  serverKeySealed: string;
  tlsCryptKeySealed: string;
}

/**
 * A hub's PKI as netfleet keeps it: every private key sealed (AES-GCM under a key derived from the
 * server secret) before it reaches the database, opened only to sign, to hand to the runtime, or
 * to write a client's profile.
 */
export const createHubKeys = ({ pki, box }: { pki: HubPki; box: SecretBox }) => {
  const caOf = (hub: SealedHub): KeyPair => ({ cert: hub.caCert, key: box.open(hub.caKeySealed) });

  return {
    /** A new hub's CA, server certificate, tls-crypt key and empty CRL, sealed. */
    async createHub() {
      // The CA's name carries no hub name: certificates are read by anyone the profile reaches.
      const ca = await pki.createCa(`netfleet hub ${randomBytes(6).toString('hex')}`);
      const server = await pki.issue(ca, 'netfleet-hub', 'server', serialHex(SERVER_SERIAL));
      return {
        caCert: ca.cert,
        caKeySealed: box.seal(ca.key),
        caExpiresAt: ca.expiresAt,
        serverCert: server.cert,
        serverKeySealed: box.seal(server.key),
        serverCertExpiresAt: server.expiresAt,
        tlsCryptKeySealed: box.seal(pki.tlsCryptKey()),
        crl: await pki.crl(ca, []),
        nextSerial: FIRST_CLIENT_SERIAL,
      };
    },

    /** A client certificate of the hub's CA; its key sealed. */
    async issueClient(hub: SealedHub, commonName: string, serial: number) {
      const issued = await pki.issue(caOf(hub), commonName, 'client', serialHex(serial));
      return {
        cert: issued.cert,
        keySealed: box.seal(issued.key),
        serial: issued.serial,
        certExpiresAt: issued.expiresAt,
      };
    },

    crl(hub: SealedHub, revoked: readonly RevokedCertificate[]) {
      return pki.crl(caOf(hub), revoked);
    },

    /** What the runtime and the profiles need in the clear. */
    open(hub: SealedHub) {
      return {
        ca: caOf(hub),
        server: { cert: hub.serverCert, key: box.open(hub.serverKeySealed) },
        tlsCryptKey: box.open(hub.tlsCryptKeySealed),
      };
    },

    openKey(sealed: string) {
      return box.open(sealed);
    },
  };
};

export type HubKeys = ReturnType<typeof createHubKeys>;
