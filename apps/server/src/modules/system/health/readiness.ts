/**
 * What an instance needs to serve: its database, the broker devices reach, Redis when shared,
 * and room in DATA_DIR (the embedded database, uploads).
 */
export type ReadinessCheckName = 'database' | 'broker' | 'redis' | 'disk';

/** Resolves when the dependency answers; rejects (or never settles) when it does not. */
export type ReadinessCheck = () => Promise<void>;

export interface CheckResult {
  status: 'ok' | 'fail';
  ms: number;
}

export interface ReadinessReport {
  status: 'ok' | 'fail';
  checks: Partial<Record<ReadinessCheckName, CheckResult>>;
}

/** A load balancer polls every few seconds; a check slower than this counts as failed. */
export const CHECK_TIMEOUT_MS = 2_000;

const within = (check: ReadinessCheck, timeoutMs: number) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
    check().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/**
 * Runs every check at once, each bounded by the timeout, so /readyz answers within it whatever
 * hangs. Only the outcome and the time are reported: error messages may name hosts or users.
 */
export const checkReadiness = async (
  checks: Partial<Record<ReadinessCheckName, ReadinessCheck>>,
  onFailure: (name: ReadinessCheckName, error: Error) => void = () => undefined,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<ReadinessReport> => {
  const entries = Object.entries(checks) as [ReadinessCheckName, ReadinessCheck][];
  const results = await Promise.all(
    entries.map(async ([name, check]): Promise<[ReadinessCheckName, CheckResult]> => {
      const started = performance.now();
      const status = await within(check, timeoutMs).then(
        () => 'ok' as const,
        (error: Error) => {
          onFailure(name, error);
          return 'fail' as const;
        },
      );
      return [name, { status, ms: Math.round(performance.now() - started) }];
    }),
  );
  return {
    status: results.every(([, result]) => result.status === 'ok') ? 'ok' : 'fail',
    checks: Object.fromEntries(results),
  };
};
