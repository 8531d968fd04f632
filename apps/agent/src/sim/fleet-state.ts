import { z } from 'zod';
import {
  OPENVPN_CLIENTS_MAX,
  alertsConfigArgsSchema,
  collectConfigArgsSchema,
  deviceConfigSchema,
  esimProfilesReadingSchema,
} from '@netfleet/contracts';
import { readState, writeState } from '../state-file.ts';
import { simFileTableSchema } from './sim-file-table.ts';

const entrySchema = z.object({
  /** Kept until enrolment succeeds, so a restart can enrol without adding the device again. */
  claim: z.string().optional(),
  device_id: z.number().int().positive().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  /** The SHA-256 (hex) of the device's admin password, once a `set_password` job changed it. */
  admin_password_sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** The device's configuration store, once a `config_set` job changed its defaults. */
  config: deviceConfigSchema.optional(),
  /** The data-collect set, once a `collect_config` job gave the device one. */
  collect: collectConfigArgsSchema.shape.configs.optional(),
  /** The device alert set, once an `alerts_config` job gave the device one. */
  alerts: alertsConfigArgsSchema.optional(),
  /** The device's file table, once a `file_put` job wrote a file. */
  files: simFileTableSchema.optional(),
  /** The hubs whose OpenVPN client it runs, once a `vpn_join` job made it one's client. */
  vpn_hubs: z.array(z.number().int().positive()).max(OPENVPN_CLIENTS_MAX).optional(),
  /** The eUICC's profiles (has_esim models), once an `esim_profile` job changed them. */
  esim_profiles: esimProfilesReadingSchema.optional(),
});
export type FleetEntry = z.infer<typeof entrySchema>;

const fleetStateSchema = z.object({
  version: z.literal(1),
  /** By serial number. */
  devices: z.record(z.string(), entrySchema),
});
type FleetStateData = z.infer<typeof fleetStateSchema>;

/**
 * The simulator's credentials (and changed admin password hashes, configurations, data-collect
 * sets, file tables and eSIM profiles) for the whole fleet in one JSON file, written at most every 2 s.
 */
export class FleetState {
  private dirty = false;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private readonly data: FleetStateData,
  ) {}

  static async load(path: string): Promise<FleetState> {
    const data = await readState(path, fleetStateSchema, { version: 1, devices: {} });
    return new FleetState(path, data);
  }

  get(serial: string): FleetEntry | undefined {
    return this.data.devices[serial];
  }

  set(serial: string, entry: FleetEntry): void {
    this.data.devices[serial] = entry;
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, 2000);
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.dirty) return this.writing;
    this.dirty = false;
    this.writing = this.writing.then(() => writeState(this.path, this.data));
    return this.writing;
  }
}
