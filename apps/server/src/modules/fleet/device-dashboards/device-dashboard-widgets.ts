import {
  DEVICE_DASHBOARD_KIND_CAPABILITIES,
  DEVICE_DASHBOARD_MESSAGES as MESSAGES,
  type DeviceCapabilities,
  deviceCapabilities,
  type DeviceDashboardIoPin,
  type DeviceDashboardWidget,
  type deviceDashboardWidgetInputSchema,
  ERROR_CODES,
  ioTelemetrySchema,
} from '@netfleet/contracts';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import type { Viewer } from '@/db/company-scope';
import { ApiError, invalid } from '@/lib/api-error';

type WidgetInput = z.output<typeof deviceDashboardWidgetInputSchema>;

/** What the checks need of the device (the repository's `device` row). */
export interface WidgetDevice {
  model: string | null;
  firmware: string | null;
  capabilities: DeviceCapabilities | null;
  /** The latest IO reading as stored (anything: it is parsed before use). */
  io: unknown;
}

/**
 * Finds an image among the viewer's companies (the images repository's `find`), in the caller's
 * transaction (a second connection would wait on it: PGlite has one).
 */
export type FindImage = (viewer: Viewer, id: number, tx: Executor) => Promise<unknown>;

/** The stored flags (the gateway computes them on hello), else what model and firmware give. */
const capabilitiesOf = (device: WidgetDevice): DeviceCapabilities | null =>
  device.capabilities ?? (device.model ? deviceCapabilities(device.model, device.firmware) : null);

/** The pins of the device's latest IO reading, as `type:name` keys; none before its first. */
const pinsOf = (io: unknown): Set<string> => {
  const parsed = ioTelemetrySchema.safeParse(io);
  if (!parsed.success) return new Set();
  const { inputs, relays, analog } = parsed.data;
  return new Set([
    ...inputs.map((pin) => `input:${pin.name}`),
    ...relays.map((pin) => `relay:${pin.name}`),
    ...analog.map((pin) => `analog:${pin.name}`),
  ]);
};
const pinKey = (pin: DeviceDashboardIoPin) => `${pin.type}:${pin.name}`;

/** What a widget refers to: widgets the dashboard already keeps unchanged are not checked again. */
const reference = (widget: WidgetInput | DeviceDashboardWidget) => {
  switch (widget.kind) {
    case 'io':
      return `io:${widget.pin ? pinKey(widget.pin) : ''}`;
    case 'image':
      return `image:${widget.image_id}`;
    default:
      return widget.kind;
  }
};

/**
 * Refuses widgets the device or the caller cannot have: an IO or GPS widget on a device without
 * that hardware (422), an IO pin its latest reading does not have (422), an image outside the
 * caller's companies (404, as the images routes answer it). A widget already on the dashboard
 * (same id, same kind and reference) passes as it is: a pin gone from the readings or an image
 * deleted since must not block a reorder; its renderer says what is missing.
 */
export async function checkWidgets(
  viewer: Viewer,
  device: WidgetDevice,
  widgets: readonly WidgetInput[],
  current: readonly DeviceDashboardWidget[],
  findImage: FindImage,
  tx: Executor,
): Promise<void> {
  const kept = new Set(current.map((widget) => `${widget.id}|${reference(widget)}`));
  const capabilities = capabilitiesOf(device);
  let pins: Set<string> | null = null;
  for (const [index, widget] of widgets.entries()) {
    if (widget.id !== undefined && kept.has(`${widget.id}|${reference(widget)}`)) continue;
    const at = `widgets.${index}`;
    if (widget.kind === 'io' || widget.kind === 'gps') {
      const flag = DEVICE_DASHBOARD_KIND_CAPABILITIES[widget.kind];
      if (!capabilities?.[flag]) throw invalid(MESSAGES.kindUnavailable, `${at}.kind`);
    }
    if (widget.kind === 'io' && widget.pin) {
      pins ??= pinsOf(device.io);
      if (!pins.has(pinKey(widget.pin))) throw invalid(MESSAGES.pinNotFound, `${at}.pin`);
    }
    if (widget.kind === 'image' && !(await findImage(viewer, widget.image_id, tx))) {
      throw new ApiError(404, ERROR_CODES.NOT_FOUND, MESSAGES.imageNotFound, `${at}.image_id`);
    }
  }
}
