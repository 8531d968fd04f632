import { DEVICE_MESSAGES, ERROR_CODES, type ErrorItem } from '@netfleet/contracts';
import { ApiError, invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { StatusService } from '@/modules/system/status/status.service';
import type { CreditLow } from '../credits/credit-ledger';
import type { CreditEvents } from '../credits/credits.service';

/** An item's failure: `field` is the body field it is about (prefixed per item by the caller). */
export class ItemError extends Error {
  constructor(
    readonly code: ApiError['code'],
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** What one device's change did, and whether the credit it spent left its company low. */
export interface ItemDone {
  done: string;
  low: CreditLow | null;
}

type Outcome =
  | { deviceId: number; done: string; low: CreditLow | null }
  | { deviceId: number; error: ItemError };

export interface DeviceItemsRequest<
  Item extends { deviceId: number },
  Device extends { id: number },
> {
  /** The body was one device (no `data`): its refusal is thrown, naming the body's field. */
  single: boolean;
  items: Item[];
  /** The listed devices the caller sees (another tree's are not found). */
  devices: (ids: number[]) => Promise<Device[]>;
  /** Changes one device in a transaction of its own; a refusal throws an ItemError or a 422. */
  apply: (item: Item, device: Device) => Promise<ItemDone>;
  /** The body field a 422 from the credits ledger (too few credits) is about. */
  refusedField: string;
}

/**
 * The device services' bulk requests (RMS PUT /devices/credit and netfleet's data packs): every
 * item in order, each succeeding or failing alone; "credit low" is told after the commits; the
 * status channel carries each device's outcome and the answer lists the refused items as
 * `data.<index>.<field>` errors (sendAsyncAnswer).
 */
export const createDeviceItemsRunner =
  ({
    status,
    events,
  }: {
    status: Pick<StatusService, 'open' | 'publishMany'>;
    events: CreditEvents;
  }) =>
  async <Item extends { deviceId: number }, Device extends { id: number }>(
    auth: AuthContext,
    request: DeviceItemsRequest<Item, Device>,
  ): Promise<{ channel: string | null; errors: ErrorItem[] }> => {
    const found = new Map(
      (await request.devices(request.items.map((item) => item.deviceId))).map((device) => [
        device.id,
        device,
      ]),
    );
    const outcomes: Outcome[] = [];
    for (const item of request.items) {
      const device = found.get(item.deviceId);
      if (!device) {
        const error = new ItemError(ERROR_CODES.NOT_FOUND, DEVICE_MESSAGES.notFound, 'device_id');
        outcomes.push({ deviceId: item.deviceId, error });
        continue;
      }
      try {
        outcomes.push({ deviceId: device.id, ...(await request.apply(item, device)) });
      } catch (error) {
        const refused =
          error instanceof ItemError
            ? error
            : error instanceof ApiError && error.statusCode === 422
              ? new ItemError(error.code, error.message, request.refusedField)
              : null;
        if (!refused) throw error;
        outcomes.push({ deviceId: device.id, error: refused });
      }
    }

    const lows = outcomes.flatMap((outcome) =>
      'low' in outcome && outcome.low ? [outcome.low] : [],
    );
    // After the commits, off the request.
    if (lows.length) events.creditLow(lows);
    const failed = outcomes.flatMap((outcome, index) =>
      'error' in outcome ? [{ index, ...outcome }] : [],
    );
    const [first] = failed;
    if (request.single && first) {
      const { code, message, field } = first.error;
      if (code === ERROR_CODES.NOT_FOUND) throw new ApiError(404, code, message, field);
      throw invalid(message, field);
    }
    const errors: ErrorItem[] = failed.map(({ index, error }) => ({
      code: error.code,
      message: error.message,
      source: `data.${index}.${error.field}`,
    }));

    // The channel carries each device's outcome: opened only when some device was changed.
    if (!outcomes.some((outcome) => 'done' in outcome)) return { channel: null, errors };
    const channel = await status.open(auth.user.id);
    await status.publishMany(
      channel,
      outcomes.map((outcome) => ({
        item: String(outcome.deviceId),
        update:
          'done' in outcome
            ? { status: 'completed' as const, value: outcome.done }
            : { status: 'error' as const, value: outcome.error.message },
      })),
    );
    return { channel, errors };
  };

export type DeviceItemsRunner = ReturnType<typeof createDeviceItemsRunner>;
