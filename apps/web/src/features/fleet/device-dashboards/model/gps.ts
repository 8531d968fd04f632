// Where a GPS widget puts the device: its latest GPS fix, else the position the device page shows
// (reported or placed by a user), and the positions of the period as map points. Pure.
import { type Device, gpsTelemetrySchema } from '@netfleet/contracts';
import type { MapPoint } from '@/components/map';
import type { Reading } from './metrics';

/** A position of GET /devices/{id}/locations/history (the fields the widget reads). */
export interface Position {
  datetime: string;
  latitude: number;
  longitude: number;
}

export interface Fix {
  latitude: number;
  longitude: number;
  /** When the device reported it; null for a position a user placed. */
  at: string | null;
}

/** The latest fix, or the device's known position without a time; null when there is none. */
export function currentFix(reading: Reading | null, device: Device): Fix | null {
  const parsed = reading ? gpsTelemetrySchema.safeParse(reading.data) : null;
  if (reading && parsed?.success) {
    const { latitude, longitude } = parsed.data;
    return { latitude, longitude, at: reading.datetime };
  }
  const latitude = device.latitude ?? device.user_set_latitude;
  const longitude = device.longitude ?? device.user_set_longitude;
  return latitude === null || longitude === null ? null : { latitude, longitude, at: null };
}

/** The period's positions as map points, labelled with their time. */
export const trackPoints = (
  rows: readonly Position[],
  label: (datetime: string) => string,
): MapPoint[] =>
  rows.map((row) => ({
    id: row.datetime,
    latitude: row.latitude,
    longitude: row.longitude,
    label: label(row.datetime),
  }));
