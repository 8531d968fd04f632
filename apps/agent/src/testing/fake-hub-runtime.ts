import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  HubEvent,
  HubHostAvailability,
  HubRuntime,
  HubSession,
  HubSpec,
  HubStatus,
} from '@netfleet/openvpn-hub';

// A stand-in for the OpenVPN hub runtime in hub-mode tests: hubs that start at once (or fail as
// told), sessions the test connects, and the events the real supervisor would emit.

const STOPPED: HubStatus = { state: 'stopped', error: null, startedAt: null };

export class FakeHubRuntime implements HubRuntime {
  readonly applied: HubSpec[] = [];
  readonly removed: number[] = [];
  readonly disconnected: { hubId: number; commonName: string }[] = [];
  closed = false;
  host: HubHostAvailability = { available: true, version: '2.6.12' };
  /** The error the next applies fail with (OpenVPN's last words); null: they run. */
  failWith: string | null = null;
  private readonly statuses = new Map<number, HubStatus>();
  private readonly sessionsOf = new Map<number, HubSession[]>();
  private readonly listeners = new Set<(event: HubEvent) => void>();

  /** `dataDir`: where remove deletes a hub's directory, as the supervisor does. */
  constructor(private readonly dataDir: string) {}

  async availability() {
    return this.host;
  }

  async apply(spec: HubSpec): Promise<HubStatus> {
    this.applied.push(spec);
    const running = this.status(spec.id).state === 'running';
    if (this.failWith) this.setStatus(spec.id, 'failed', this.failWith);
    else if (!running) {
      this.setStatus(spec.id, 'starting');
      this.setStatus(spec.id, 'running');
    }
    return this.status(spec.id);
  }

  async stop(hubId: number) {
    this.setStatus(hubId, 'stopped');
  }

  async remove(hubId: number) {
    this.removed.push(hubId);
    if (this.statuses.has(hubId)) this.setStatus(hubId, 'stopped');
    this.statuses.delete(hubId);
    this.sessionsOf.delete(hubId);
    await rm(join(this.dataDir, 'vpn', 'hubs', String(hubId)), { recursive: true, force: true });
  }

  /** Like the supervisor's: the same object until the state changes. */
  status(hubId: number): HubStatus {
    return this.statuses.get(hubId) ?? STOPPED;
  }

  async sessions(hubId: number) {
    return this.status(hubId).state === 'running' ? [...(this.sessionsOf.get(hubId) ?? [])] : [];
  }

  /** Refuses what the supervisor refuses: a name that could split a management command. */
  async disconnect(hubId: number, commonName: string) {
    if (/\s/.test(commonName)) throw new Error(`invalid common name ${commonName}`);
    this.disconnected.push({ hubId, commonName });
  }

  onEvent(listener: (event: HubEvent) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async close() {
    this.closed = true;
  }

  get listening(): number {
    return this.listeners.size;
  }

  setStatus(hubId: number, state: HubStatus['state'], error: string | null = null) {
    const status = { state, error, startedAt: state === 'running' ? new Date() : null };
    this.statuses.set(hubId, status);
    this.emit({ hubId, kind: 'state', status });
  }

  /** A client connects, as the supervisor's poll would find it. */
  connect(hubId: number, session: HubSession) {
    this.sessionsOf.set(hubId, [...(this.sessionsOf.get(hubId) ?? []), session]);
    this.emit({ hubId, kind: 'connected', session });
  }

  private emit(event: HubEvent) {
    for (const listener of this.listeners) listener(event);
  }
}
