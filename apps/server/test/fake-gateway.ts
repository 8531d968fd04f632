import type {
  AlertMessage,
  CollectMessage,
  CommandMessage,
  ConfigMessage,
  DeviceSeries,
  Hello,
  HubStateMessage,
} from '@netfleet/contracts';
import type { Database } from '@/db/client';
import { devices } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import type { GatewayListener } from '@/modules/fleet/device-gateway/gateway.port';

/**
 * The device gateway as the jobs module sees it, without a broker: the test decides which devices
 * are online, reads what was sent to them, and plays their hello and acks through `listener`.
 */
export const createFakeGateway = () => {
  const online = new Set<number>();
  const commands: { deviceId: number; command: CommandMessage }[] = [];
  const configs: { deviceId: number; config: ConfigMessage }[] = [];
  const listeners: GatewayListener[] = [];
  return {
    online,
    commands,
    configs,
    link: {
      isOnline: (deviceId: number) => online.has(deviceId),
      sendCommand: async (deviceId: number, command: CommandMessage) => {
        commands.push({ deviceId, command });
      },
      sendCommands: async (sent: readonly { deviceId: number; command: CommandMessage }[]) => {
        commands.push(...sent);
        return [];
      },
      pushConfig: async (deviceId: number, config: ConfigMessage) => {
        configs.push({ deviceId, config });
      },
    },
    addListener(listener: GatewayListener) {
      listeners.push(listener);
    },
    /** The registered listener (the jobs service); throws if none registered. */
    get listener(): Required<GatewayListener> {
      const [listener] = listeners;
      if (!listener?.devicesReady || !listener.ack)
        throw new Error('no gateway listener registered');
      return listener as Required<GatewayListener>;
    },
    /** Plays devices saying hello to every listener (the jobs service and the others). */
    async ready(devices: readonly { deviceId: number; hello: Hello }[]) {
      for (const listener of listeners) await listener.devicesReady?.(devices);
    },
    /** Plays a device's data-collect message to every listener that hears them. */
    collected(deviceId: number, message: CollectMessage) {
      for (const listener of listeners) listener.collected?.(deviceId, message);
    },
    /** Plays a device's alert event (`al`) to every listener that hears them. */
    alerted(deviceId: number, message: AlertMessage) {
      for (const listener of listeners) listener.alerted?.(deviceId, message);
    },
    /** Plays an agent's hub report (`hub`) to every listener that hears them. */
    hubReported(deviceId: number, message: HubStateMessage) {
      for (const listener of listeners) listener.hubReported?.(deviceId, message);
    },
    commandsFor: (deviceId: number) =>
      commands.filter((sent) => sent.deviceId === deviceId).map((sent) => sent.command),
  };
};
export type FakeGateway = ReturnType<typeof createFakeGateway>;

let serial = 100_000;

/** An enrolled device row of `company` (model RUT955 unless given). */
export const insertDevice = async (
  db: Database,
  company: CompanyRow,
  values: { name?: string; model?: string; firmware?: string; series?: DeviceSeries } = {},
) => {
  serial += 1;
  const [row] = await db
    .insert(devices)
    .values({
      companyId: company.id,
      name: values.name ?? `Device ${serial}`,
      serial: `NF${serial}`,
      mac: `00:1E:42:00:${String(Math.floor(serial / 100) % 100).padStart(2, '0')}:${String(serial % 100).padStart(2, '0')}`,
      deviceSeries: values.series ?? 'rut',
      model: values.model ?? 'RUT955',
      firmware: values.firmware ?? 'RUT9_R_00.07.06.1',
      status: 0,
      credentialHash: `hash-${serial}`,
    })
    .returning();
  if (!row) throw new Error('device insert failed');
  return row;
};
