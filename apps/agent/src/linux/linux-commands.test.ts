import { describe, expect, it } from 'vitest';
import type { CommandMessage } from '@netfleet/contracts';
import type { CommandContext } from '../types.ts';
import { HOTSPOT_NOT_SUPPORTED, runLinuxCommand } from './linux-commands.ts';

const context: CommandContext = {
  progress: async () => undefined,
  sendAllTelemetry: () => undefined,
  restart: async () => undefined,
};
const options = {
  allowReboot: false,
  downloadDir: '/nonexistent',
  markPending: async () => undefined,
  clearPending: async () => undefined,
};

describe('the Linux agent', () => {
  it('says at once that it cannot manage hotspot users, instead of letting the console wait', async () => {
    const types = [
      'hotspot_users',
      'hotspot_sessions',
      'hotspot_user_add',
      'hotspot_user_delete',
    ] as const;
    for (const [i, type] of types.entries()) {
      const command: CommandMessage = {
        id: i + 1,
        type,
        args: { index: 0, username: 'guest', password: 'p' },
        expires_at: Date.now() + 60_000,
      };
      expect(await runLinuxCommand(command, context, options)).toEqual({
        status: 'rejected',
        message: HOTSPOT_NOT_SUPPORTED,
      });
    }
  });
});
