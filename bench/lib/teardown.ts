// Cleanup steps that run when a benchmark run ends, fails or is interrupted (Ctrl-C, SIGTERM),
// so that no server, broker, fleet or database is left behind.
type Step = () => unknown;

export const createTeardown = () => {
  const steps: Step[] = [];
  let running: Promise<void> | null = null;
  const drain = async () => {
    for (let step = steps.pop(); step; step = steps.pop()) {
      try {
        await step();
      } catch (error) {
        console.error('teardown:', error);
      }
    }
  };
  // One teardown for everyone: an interrupted run's own code fails too and calls run(), and
  // must wait for the same steps, including those it adds meanwhile (a server it was starting).
  const run = async () => {
    running ??= drain();
    let seen: Promise<void> | null = null;
    while (seen !== running) {
      seen = running;
      await seen;
    }
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  };
  // Stays installed until the steps are done: a signal often comes twice (to the process group
  // and relayed by tsx), and one without a listener would end the process halfway.
  const interrupted = (signal: NodeJS.Signals) => {
    if (!running) console.error(`${signal}: cleaning up`);
    void run().finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
  return {
    /** `step` runs at teardown before the steps added earlier (last in, first out). */
    add(step: Step) {
      steps.push(step);
      if (running) running = running.then(drain);
    },
    run,
  };
};

export type Teardown = ReturnType<typeof createTeardown>;
