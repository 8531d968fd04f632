/**
 * The ids of recent jobs, running or finished, so a command redelivered after a reconnect is never
 * run twice. Bounded: the server stops resending a job once it saw its final ack or `done_jobs`.
 */
export class RecentJobs {
  private readonly ids: number[];

  constructor(
    initial: readonly number[] = [],
    private readonly limit = 100,
  ) {
    this.ids = initial.slice(-limit);
  }

  has(id: number): boolean {
    return this.ids.includes(id);
  }

  add(id: number): void {
    if (this.has(id)) return;
    this.ids.push(id);
    if (this.ids.length > this.limit) this.ids.shift();
  }

  list(): number[] {
    return [...this.ids];
  }
}
