import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { errorEnvelopeSchema } from '@netfleet/contracts';
import { afterAll, expect, it } from 'vitest';
import { buildTestApp } from '@test/app';
import { createOutbox } from '@test/outbox';
import { buildCase, type FuzzCase } from './cases';
import { type OpenApiDocument, type Operation, operationsOf, shardOf } from './operations';
import {
  changedTables,
  createFingerprinter,
  type Fingerprint,
  transactionHorizon,
} from './persistence';
import { createPrincipals, type Principal } from './principals';
import { createRng, fuzzSeed, hashText, type Rng } from './prng';

/** Cases per operation: 50 in the server tier, 500 in `npm run fuzz` (vitest.fuzz.config.ts). */
export const fuzzBudget = (): number => Number(process.env.FUZZ_CASES_PER_OPERATION ?? 50);

/** A request left unanswered this long is a hang, reported as a failure of its own. */
const ANSWER_WITHIN_MS = 15_000;

export interface Failure {
  operation: string;
  reason: string;
  principal: string;
  mutation: string;
  request: string;
  status: number;
  body: string;
}

type InjectResponse = Awaited<
  ReturnType<Awaited<ReturnType<typeof buildTestApp>>['app']['inject']>
>;

/** What a refusal must look like: the error envelope with at least one error. */
const envelopeProblem = (response: InjectResponse): string | null => {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return 'refusal is not JSON';
  }
  const parsed = errorEnvelopeSchema.safeParse(body);
  if (!parsed.success) return 'refusal is not the error envelope';
  return parsed.data.errors.length ? null : 'refusal envelope has no errors';
};

const describeRequest = (c: FuzzCase) => {
  const size = c.payload === undefined ? 0 : c.payload.length;
  return `${c.method} ${c.url.slice(0, 200)} (${c.headers['content-type'] ?? 'no content-type'}, ${size} bytes)`;
};

/**
 * Fuzzes shard `index` of `count` of the operations in the app's OpenAPI document, one test per
 * operation, each sending the budget of cases as the principals in turn. Top-level await in the
 * shard file: the operations come from the running app's document.
 */
export const fuzzShard = async (index: number, count: number) => {
  const budget = fuzzBudget();
  const seed = fuzzSeed();
  const only = process.env.FUZZ_OPERATION;
  const t = await buildTestApp(
    // Uploads land in a data folder of its own.
    { dataDir: mkdtempSync(join(tmpdir(), 'nf-fuzz-')) },
    { mailTransport: createOutbox().transport },
  );
  afterAll(() => t.close());
  const document = (
    await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
  ).json() as OpenApiDocument;
  const all = operationsOf(document);
  const operations = shardOf(all, index, count).filter((op) => !only || op.key.includes(only));
  const principals = await createPrincipals(t);
  const fingerprint = await createFingerprinter(t.db);
  const state: { horizon: string; fingerprint: Fingerprint | null } = {
    horizon: '',
    fingerprint: null,
  };
  const sent = new Map<string, number>();

  const stats = { fingerprints: 0 };
  /**
   * Fingerprints the database once writes have stopped: an accepted request may go on writing
   * after its answer (status updates), which must not be blamed on the next case.
   */
  const refresh = async () => {
    let horizon = await transactionHorizon(t.db);
    for (;;) {
      await setTimeout(10);
      const again = await transactionHorizon(t.db);
      if (again === horizon) break;
      horizon = again;
    }
    stats.fingerprints++;
    state.fingerprint = await fingerprint();
    state.horizon = await transactionHorizon(t.db);
    return state.fingerprint;
  };

  /** The database content as it is now, recomputed only when some transaction has written. */
  const settled = async () => {
    const horizon = await transactionHorizon(t.db);
    if (horizon === state.horizon && state.fingerprint) return state.fingerprint;
    return refresh();
  };

  /** Only a write can have broken a principal: that is when they are checked (and rebuilt). */
  const ready = async () => {
    const horizon = await transactionHorizon(t.db);
    if (horizon === state.horizon && state.fingerprint) return state.fingerprint;
    await refresh();
    return (await principals.restore()) ? refresh() : (state.fingerprint as Fingerprint);
  };

  /**
   * Every third case is the super admin's (it passes every permission check, so its cases reach
   * validation and handlers); the others go round every role, token scope and nobody, so 50
   * cases reach an operation as each of them at least once.
   */
  const principalOf = (caseIndex: number): Principal => {
    if (caseIndex % 3 === 0) return principals.superAdmin();
    const all = principals.all();
    return all[(caseIndex - Math.ceil(caseIndex / 3)) % all.length] as Principal;
  };

  const runCase = async (
    operation: Operation,
    rng: Rng,
    caseIndex: number,
  ): Promise<Failure | null> => {
    const before = await ready();
    const principal = principalOf(caseIndex);
    const fuzzCase = buildCase(operation, rng);
    const horizon = state.horizon;
    const answered = t.app.inject({
      method: fuzzCase.method as 'GET',
      url: fuzzCase.url,
      headers: { ...principal.headers, ...fuzzCase.headers },
      remoteAddress: `198.51.100.${rng.int(1, 254)}`,
      ...(fuzzCase.payload !== undefined ? { payload: fuzzCase.payload } : {}),
    });
    const timer = new AbortController();
    const response = await Promise.race([
      answered,
      setTimeout(ANSWER_WITHIN_MS, null, { signal: timer.signal }).catch(() => null),
    ]);
    timer.abort();
    sent.set(operation.key, (sent.get(operation.key) ?? 0) + 1);
    const failure = (reason: string): Failure => ({
      operation: operation.key,
      reason,
      principal: principal.name,
      mutation: fuzzCase.mutation,
      request: describeRequest(fuzzCase),
      status: response?.statusCode ?? 0,
      body: response?.body.slice(0, 300) ?? '',
    });
    if (!response) return failure(`no answer within ${ANSWER_WITHIN_MS} ms`);
    if (response.statusCode >= 500) return failure('server error');
    if (response.statusCode < 400) return null;
    const problem = envelopeProblem(response);
    if (problem) return failure(problem);
    if ((await transactionHorizon(t.db)) === horizon) return null;
    const changed = changedTables(before, await settled());
    if (await principals.restore()) await refresh();
    return changed.length ? failure(`refused, yet changed ${changed.join(', ')}`) : null;
  };

  for (const operation of operations) {
    it(
      operation.key,
      async () => {
        const rng = createRng((seed ^ hashText(operation.key)) >>> 0);
        const failures: Failure[] = [];
        for (let i = 0; i < budget; i++) {
          const failure = await runCase(operation, rng, i);
          if (failure) failures.push(failure);
        }
        // Replay: FUZZ_SEED=<seed> FUZZ_OPERATION='<key>' with the same budget.
        expect(failures, `FUZZ_SEED=${seed}`).toEqual([]);
      },
      30_000 + budget * 400,
    );
  }

  it(`every operation of shard ${index + 1}/${count} got at least ${budget} cases`, () => {
    expect(all.length).toBeGreaterThan(300);
    const short = operations.filter((op) => (sent.get(op.key) ?? 0) < budget).map((op) => op.key);
    expect(short).toEqual([]);
    // FUZZ_OPERATION (a replay) may leave a shard without operations.
    if (!only) expect(operations.length).toBeGreaterThan(0);
    const cases = [...sent.values()].reduce((a, b) => a + b, 0);
    console.info(
      `fuzz shard ${index + 1}/${count}: ${operations.length} operations, ${cases} cases, ` +
        `${stats.fingerprints} fingerprints, ${principals.rebuilds()} principals rebuilt, seed ${seed}`,
    );
  });
};
