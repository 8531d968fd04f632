import { reconnectDelay, shutdownReconnectDelay, type ServerShutdown } from '@netfleet/contracts';

/**
 * When a device tries to connect again: the protocol's back-off after a lost connection, or, once
 * the server said it is stopping (`server_shutdown`), the time the notice gave it, a random point
 * of its window so a fleet does not come back at once. Normal back-off resumes after that attempt.
 */
export class ReconnectPlan {
  private attempt = 0;
  /** Epoch ms the device chose after a shutdown notice; spent by the next lost connection. */
  private resumeAt: number | null = null;

  constructor(
    private readonly random: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the last connection was lost (the next connect is a reconnect). */
  get reconnecting(): boolean {
    return this.attempt > 0;
  }

  connected(): void {
    this.attempt = 0;
  }

  /** The server is stopping: the connection will drop, and the device waits as told. */
  shutdownNotice(notice: ServerShutdown): void {
    this.resumeAt = this.now() + shutdownReconnectDelay(notice, this.random);
  }

  /** The wait before the next attempt after a lost connection or a failed attempt. */
  nextDelay(): number {
    const resumeAt = this.resumeAt;
    this.resumeAt = null;
    const wait = resumeAt === null ? 0 : resumeAt - this.now();
    // A notice whose time has passed (the server kept running) is forgotten.
    const delay = wait > 0 ? wait : reconnectDelay(this.attempt, this.random);
    this.attempt += 1;
    return delay;
  }
}
