import { randomBytes } from 'node:crypto';
import {
  type AlertMessage,
  deviceAlertSubtypeOf,
  deviceAlertTypeOf,
  renderDeviceAlertMessage,
  toApiDate,
} from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AlertActionInsert, AlertEventsRepository } from './alert-events.repository';

const FLUSH_INTERVAL_MS = 1_000;
const FLUSH_AT_ROWS = 200;
/** Past this many waiting events new ones are dropped: memory stays bounded if the database stalls. */
const MAX_ROWS = 10_000;
const DAY_MS = 86_400_000;

interface Options {
  repository: Pick<AlertEventsRepository, 'configsFor' | 'insertEvents'>;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Called with the event ids once they and their actions committed. */
  onStored?: ((eventIds: readonly number[]) => void) | undefined;
}

interface Waiting {
  deviceId: number;
  message: AlertMessage;
  at: Date;
}

type ConfigRow = Awaited<ReturnType<AlertEventsRepository['configsFor']>>[number];

/** RMS's defaults when delivery retry is on without a count or an interval. */
const RETRY_COUNT_DEFAULT = 3;
const RETRY_INTERVAL_MINUTES_DEFAULT = 5;

/**
 * The config's delivery retry (action-runner.ts DeliveryRetry): off, one attempt; on, its count
 * of retries its interval apart.
 */
const deliveryOf = ({ config }: ConfigRow) =>
  config.deliveryRetry
    ? {
        retries: config.retryCount ?? RETRY_COUNT_DEFAULT,
        interval_seconds: (config.retryInterval ?? RETRY_INTERVAL_MINUTES_DEFAULT) * 60,
      }
    : { retries: 0, interval_seconds: 0 };

/** Action 1: e-mail and in-app; 3 (and the no-action subtypes): in-app to the config's user. */
const actionsOf = (row: ConfigRow, message: string, title: string): AlertActionInsert[] => {
  const { config } = row;
  const actions: AlertActionInsert[] = [];
  if (config.userId !== null) {
    actions.push({
      name: 'SendNotification',
      options: { message: config.subject, receiving_users: [String(config.userId)] },
    });
  }
  if (config.action === 1 && config.emailTo) {
    actions.push({
      name: 'SendEmail',
      options: {
        subject: config.subject || title,
        message,
        receiving_emails: [config.emailTo],
        smtp_config_id: config.smtpConfigId,
        delivery: deliveryOf(row),
      },
    });
  }
  return actions;
};

const eventOf = (waiting: Waiting, row: ConfigRow) => {
  const { config } = row;
  const { message } = waiting;
  const readingTs =
    message.ts > waiting.at.getTime() || waiting.at.getTime() - message.ts > DAY_MS
      ? waiting.at
      : new Date(message.ts);
  const type = deviceAlertTypeOf(config.alertTypeId)?.name ?? `Alert type ${config.alertTypeId}`;
  const title = deviceAlertSubtypeOf(config.alertTypeId, config.alertSubtypeId)?.name ?? type;
  const text = renderDeviceAlertMessage(config.message, {
    routerName: row.deviceName,
    eventType: type,
    eventText: message.text,
    timeStamp: toApiDate(readingTs),
  });
  const actions = actionsOf(row, text, title);
  return {
    event: {
      evaluationId: randomBytes(10).toString('hex'),
      source: 'device',
      kind: 'event',
      alertsConfigId: config.id,
      alertTypeId: config.alertTypeId,
      alertSubtypeId: config.alertSubtypeId,
      deviceId: waiting.deviceId,
      companyId: config.companyId,
      evaluatedParameters: Object.entries(message.values).map(([key, value]) => ({ key, value })),
      evaluatedConditions: [],
      message: text,
      readingTs,
      overallStatus: actions.length ? 'pending' : 'skipped',
    },
    actions,
  };
};

/**
 * Device alert events (`nf/d/<id>/al`), written in batches as collect-ingest does: one config
 * query and one transaction per flush. An event of a config that is gone, disabled or not the
 * device's is dropped.
 */
export const createAlertIngest = ({ repository, log, now, onStored }: Options) => {
  let waiting: Waiting[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let dropped = 0;

  const flush = () => {
    flushing = flushing.then(async () => {
      const batch = waiting;
      waiting = [];
      if (dropped > 0) {
        log.warn({ dropped }, 'device alert events dropped (buffer full)');
        dropped = 0;
      }
      if (batch.length === 0) return;
      try {
        const configs = await repository.configsFor([
          ...new Set(batch.map((item) => item.message.config_id)),
        ]);
        const byId = new Map(configs.map((row) => [row.config.id, row]));
        const rows = batch.flatMap((item) => {
          const row = byId.get(item.message.config_id);
          if (!row || !row.config.enable || row.config.deviceId !== item.deviceId) return [];
          return [eventOf(item, row)];
        });
        const ids = await repository.insertEvents(rows);
        if (ids.length) onStored?.(ids);
      } catch (error) {
        log.error({ err: error, events: batch.length }, 'device alert flush failed');
      }
    });
    return flushing;
  };

  return {
    add(deviceId: number, message: AlertMessage) {
      if (waiting.length >= MAX_ROWS || JSON.stringify(message).includes('\\u0000')) {
        dropped += 1;
        return;
      }
      waiting.push({ deviceId, message, at: now() });
      if (waiting.length >= FLUSH_AT_ROWS) void flush();
    },
    flush,
    start() {
      timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
};

export type AlertIngest = ReturnType<typeof createAlertIngest>;
