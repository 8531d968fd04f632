import type { Duplex } from 'node:stream';
import { ERROR_CODES, REMOTE_ACCESS_MESSAGES } from '@netfleet/contracts';
import { Client } from 'ssh2';
import { ApiError } from '@/lib/api-error';

export interface SshCredential {
  username: string;
  password?: string | undefined;
  private_key?: string | undefined;
  passphrase?: string | undefined;
}

const READY_TIMEOUT_MS = 15_000;

/**
 * An SSH client session to the device over a tunnel stream. A refused password or key is a
 * clear 401-style error, not a hang; the stream closes with the client.
 */
export const sshLogin = (stream: Duplex, credential: SshCredential): Promise<Client> =>
  new Promise((resolve, reject) => {
    const client = new Client();
    let settled = false;
    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      client.end();
      stream.destroy();
      reject(error);
    };
    client.once('ready', () => {
      settled = true;
      resolve(client);
    });
    client.on('error', (error: Error & { level?: string }) => {
      if (error.level === 'client-authentication') {
        // 422, not 401: the console would take a 401 for its own expired login.
        fail(new ApiError(422, ERROR_CODES.INVALID_CREDENTIALS, REMOTE_ACCESS_MESSAGES.authFailed));
      } else {
        fail(new ApiError(502, ERROR_CODES.DEVICE_ERROR, `SSH: ${error.message}`));
      }
    });
    client.once('close', () =>
      fail(new ApiError(502, ERROR_CODES.DEVICE_ERROR, REMOTE_ACCESS_MESSAGES.tunnelClosed)),
    );
    try {
      client.connect({
        sock: stream,
        username: credential.username,
        ...(credential.password !== undefined ? { password: credential.password } : {}),
        ...(credential.private_key ? { privateKey: credential.private_key } : {}),
        ...(credential.passphrase ? { passphrase: credential.passphrase } : {}),
        readyTimeout: READY_TIMEOUT_MS,
        // Devices re-key on every firmware reset; the tunnel itself is authenticated end to end
        // by the device's credential, which is what proves we reached the right device.
        hostVerifier: () => true,
        tryKeyboard: false,
      });
    } catch (error) {
      // A malformed private key throws synchronously.
      fail(
        new ApiError(422, ERROR_CODES.VALIDATION_ERROR, `Private key: ${(error as Error).message}`),
      );
    }
  });
