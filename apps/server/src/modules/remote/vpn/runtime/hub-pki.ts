// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { HubPki, IssuedCertificate, KeyPair } from '@netfleet/openvpn-hub';

// Node's webcrypto is the Web Crypto API the library expects; the server compiles without DOM types.
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

/**
 * ECDSA P-256: small keys, fast to make (a hub with a thousand clients issues in seconds), and
 * supported by the OpenVPN 2.4+ clients routers ship.
 */
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const CA_YEARS = 20;
const CERT_YEARS = 10;
const { KeyUsageFlags: Usage } = x509;

const yearsFrom = (from: Date, years: number) => {
  const at = new Date(from);
  at.setUTCFullYear(at.getUTCFullYear() + years);
  return at;
};

const newKeys = () => webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);

const exportKey = async (key: webcrypto.CryptoKey) =>
  x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');

const importKey = (pem: string) =>
  webcrypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(pem), ALGORITHM, false, [
    'sign',
  ]);

/** OpenVPN reads a CRL only under OpenSSL's `X509 CRL` label; the library writes `CRL`. */
const crlPem = (crl: x509.X509Crl) => x509.PemConverter.encode(crl.rawData, 'X509 CRL');

/** 2048 random bits in OpenVPN's static key format (what `openvpn --genkey secret` writes). */
const staticKey = () => {
  const hex = randomBytes(256).toString('hex');
  const lines = hex.match(/.{32}/g) ?? [];
  return [
    '-----BEGIN OpenVPN Static key V1-----',
    ...lines,
    '-----END OpenVPN Static key V1-----',
    '',
  ].join('\n');
};

export const createHubPki = (now: () => Date = () => new Date()): HubPki => ({
  async createCa(commonName) {
    const keys = await newKeys();
    const notBefore = now();
    const notAfter = yearsFrom(notBefore, CA_YEARS);
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: [{ CN: [commonName] }],
      notBefore,
      notAfter,
      keys,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(Usage.keyCertSign | Usage.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    return {
      serial: cert.serialNumber,
      cert: cert.toString('pem'),
      key: await exportKey(keys.privateKey),
      expiresAt: notAfter,
    };
  },

  async issue(ca: KeyPair, commonName, usage, serial): Promise<IssuedCertificate> {
    const issuer = new x509.X509Certificate(ca.cert);
    const keys = await newKeys();
    const notBefore = now();
    const notAfter = yearsFrom(notBefore, CERT_YEARS);
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: serial,
      subject: [{ CN: [commonName] }],
      issuer: issuer.subject,
      notBefore,
      notAfter,
      signingAlgorithm: ALGORITHM,
      publicKey: keys.publicKey,
      signingKey: await importKey(ca.key),
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(Usage.digitalSignature | Usage.keyAgreement, true),
        // OpenVPN's remote-cert-tls checks these on both ends.
        new x509.ExtendedKeyUsageExtension(
          [
            usage === 'server'
              ? x509.ExtendedKeyUsage.serverAuth
              : x509.ExtendedKeyUsage.clientAuth,
          ],
          false,
        ),
        await x509.AuthorityKeyIdentifierExtension.create(issuer, false),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    return {
      serial: cert.serialNumber,
      cert: cert.toString('pem'),
      key: await exportKey(keys.privateKey),
      expiresAt: notAfter,
    };
  },

  async crl(ca, revoked) {
    const issuer = new x509.X509Certificate(ca.cert);
    const thisUpdate = now();
    const crl = await x509.X509CrlGenerator.create({
      issuer: issuer.subject,
      thisUpdate,
      // OpenSSL refuses every client once the CRL is past nextUpdate; it is rewritten on change.
      nextUpdate: yearsFrom(thisUpdate, CERT_YEARS),
      entries: revoked.map((entry) => ({
        serialNumber: entry.serial,
        revocationDate: entry.revokedAt,
        // The library writes each entry's extensions even when there are none, an empty SEQUENCE
        // that DER forbids (SIZE 1..MAX); a reason fills it, and every revocation here is the
        // client ending (removed, expired, its device or user gone).
        reason: x509.X509CrlReason.cessationOfOperation,
      })),
      signingAlgorithm: ALGORITHM,
      signingKey: await importKey(ca.key),
    });
    return crlPem(crl);
  },

  tlsCryptKey: staticKey,
});
