import { ERROR_CODES, REMOTE_ACCESS_MESSAGES } from '@netfleet/contracts';
import { ApiError, invalid } from '@/lib/api-error';
import type { SecretBox } from '@/lib/crypto';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { CredentialsRepository } from './credentials.repository';
import type { RemoteDevicesRepository } from './remote-devices.repository';

/** A login as a user types it for a device's SSH or telnet. */
export interface CredentialInput {
  username: string;
  password?: string | undefined;
  private_key?: string | undefined;
  passphrase?: string | undefined;
}

/** A saved login, decrypted, for the terminal relays only. */
export interface DeviceCredential {
  username: string;
  auth: 'password' | 'key';
  password?: string;
  private_key?: string;
  passphrase?: string;
}

/** What the terminal relays may do with saved logins (they checked the session already). */
export interface DeviceCredentials {
  get(userId: number, deviceId: number): Promise<DeviceCredential | null>;
  save(userId: number, deviceId: number, input: CredentialInput): Promise<void>;
}

const notSaved = () =>
  new ApiError(404, ERROR_CODES.NOT_FOUND, 'No login is saved for this device');

interface Deps {
  credentialsRepository: CredentialsRepository;
  devicesRepository: Pick<RemoteDevicesRepository, 'findVisible'>;
  box: SecretBox;
  actionLog: Pick<ActionLogService, 'record'>;
}

/**
 * Logins users keep for a device, each user their own. The secret part (password, key,
 * passphrase) is sealed with AES-256-GCM before it reaches the database and is only ever opened
 * for the relays; the API answers the user name and kind alone.
 */
export const createCredentialsService = (deps: Deps) => {
  const { credentialsRepository: repository, box } = deps;

  const save = async (userId: number, deviceId: number, input: CredentialInput) => {
    if (!input.password && !input.private_key) {
      throw invalid(REMOTE_ACCESS_MESSAGES.credentialSecretRequired, 'password');
    }
    const secret = {
      ...(input.password ? { password: input.password } : {}),
      ...(input.private_key ? { private_key: input.private_key } : {}),
      ...(input.passphrase ? { passphrase: input.passphrase } : {}),
    };
    await repository.upsert({
      userId,
      deviceId,
      username: input.username,
      secret: box.seal(JSON.stringify(secret)),
      auth: input.private_key ? 'key' : 'password',
    });
  };

  const requireDevice = async (auth: AuthContext, deviceId: number) => {
    if (!(await deps.devicesRepository.findVisible(auth, deviceId))) {
      throw new ApiError(404, ERROR_CODES.NOT_FOUND, 'Device not found');
    }
  };

  const relays: DeviceCredentials = {
    async get(userId, deviceId) {
      const row = await repository.find(userId, deviceId);
      if (!row) return null;
      let secret: Omit<DeviceCredential, 'username' | 'auth'>;
      try {
        secret = JSON.parse(box.open(row.secret)) as typeof secret;
      } catch {
        // Sealed under another server secret (or altered): as good as never saved.
        return null;
      }
      return { username: row.username, auth: row.auth, ...secret };
    },
    save,
  };

  /** Which login the caller keeps for the device, never its secret. */
  const describe = async (auth: AuthContext, deviceId: number) => {
    await requireDevice(auth, deviceId);
    const row = await repository.find(auth.user.id, deviceId);
    if (!row) throw notSaved();
    return { device_id: row.deviceId, username: row.username, auth: row.auth };
  };

  return {
    relays,
    describe,

    async put(auth: AuthContext, deviceId: number, input: CredentialInput, ip: string) {
      await requireDevice(auth, deviceId);
      await save(auth.user.id, deviceId, input);
      await deps.actionLog.record(actorOf(auth, ip), 'device_credential_save', {
        entity: 'device',
        entityId: deviceId,
        details: { username: input.username },
      });
      return describe(auth, deviceId);
    },

    async remove(auth: AuthContext, deviceId: number, ip: string) {
      await requireDevice(auth, deviceId);
      if (!(await repository.remove(auth.user.id, deviceId))) throw notSaved();
      await deps.actionLog.record(actorOf(auth, ip), 'device_credential_delete', {
        entity: 'device',
        entityId: deviceId,
      });
    },
  };
};

export type CredentialsService = ReturnType<typeof createCredentialsService>;
