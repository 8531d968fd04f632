import { epochSeconds, linkSigner } from '@/lib/link-signer';

/**
 * Signed, expiring download links for devices over file id, device id and expiry. A device needs
 * no session; the link is its permission until it expires.
 */
export const createFileSigner = (serverSecret: string, publicUrl: string) => {
  const signer = linkSigner(serverSecret, 'netfleet device file download');
  return {
    /** The link `deviceId` may fetch `fileId` with until `expiresAt`. */
    url(fileId: number, deviceId: number, expiresAt: Date): string {
      const expires = epochSeconds(expiresAt);
      const query = new URLSearchParams({
        device_id: String(deviceId),
        expires: String(expires),
        signature: signer.sign([fileId, deviceId, expires]),
      });
      return `${publicUrl}/api/files/${fileId}/device-download?${query.toString()}`;
    },

    /** Whether the signature is ours for these values and the link has not expired at `now`. */
    verify(fileId: number, deviceId: number, expires: number, signature: string, now: Date) {
      return signer.verify([fileId, deviceId, expires], expires, signature, now);
    },
  };
};

export type FileSigner = ReturnType<typeof createFileSigner>;

/**
 * Signed, expiring upload links over device id, the job's nonce and expiry: the device PUTs its
 * backup or file there, and the nonce finds the job that asked for it. Each kind has its own
 * purpose (a backup link never uploads a file) and path.
 */
const createUploadSigner = (serverSecret: string, url: string, purpose: string) => {
  const signer = linkSigner(serverSecret, purpose);
  return {
    url(deviceId: number, nonce: string, expiresAt: Date): string {
      const expires = epochSeconds(expiresAt);
      const query = new URLSearchParams({
        device_id: String(deviceId),
        nonce,
        expires: String(expires),
        signature: signer.sign([deviceId, nonce, expires]),
      });
      return `${url}?${query.toString()}`;
    },

    verify(deviceId: number, nonce: string, expires: number, signature: string, now: Date) {
      return signer.verify([deviceId, nonce, expires], expires, signature, now);
    },
  };
};

export type UploadSigner = ReturnType<typeof createUploadSigner>;

/** Where a `backup_export` job uploads its backup. */
export const createBackupUploadSigner = (serverSecret: string, publicUrl: string) =>
  createUploadSigner(
    serverSecret,
    `${publicUrl}/api/files/device-upload`,
    'netfleet device backup upload',
  );
export type BackupUploadSigner = UploadSigner;

/** Where a `file_get` job uploads the device's file. */
export const createDeviceFileUploadSigner = (serverSecret: string, publicUrl: string) =>
  createUploadSigner(
    serverSecret,
    `${publicUrl}/api/files/device-file`,
    'netfleet device file upload',
  );
