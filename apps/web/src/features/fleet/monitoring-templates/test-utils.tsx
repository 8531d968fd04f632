// Test-only: fixtures of the monitoring template pages.
import type { MonitoringTemplate } from '@netfleet/contracts';

export { currentLocation, dialog, lastBody, listOk, renderWithSession } from '@/test/render-route';

/** The spec §8 entry fields of a parameter, with its byte costs. */
const entry = (configId: number, compatKey: string | null, down: number, up: number) => ({
  config_id: configId,
  default: 300,
  min: 60,
  max: 31_536_000,
  compat_key: compatKey,
  bytes: { down, up },
});

export function template(overrides: Partial<MonitoringTemplate> = {}): MonitoringTemplate {
  return {
    id: 4,
    company_id: 3,
    company_name: 'Acme',
    name: 'Fast',
    description: 'Every minute',
    parameters: [
      {
        key: 'dynamic',
        label: 'Dynamic',
        period: 60,
        enabled: true,
        ...entry(0, null, 430, 1024),
      },
      { key: 'gps', label: 'GPS', period: 300, enabled: true, ...entry(3, 'has_gps', 4, 160) },
      {
        key: 'io',
        label: 'Input/Output',
        period: 300,
        enabled: false,
        ...entry(4, 'has_io', 4, 256),
      },
    ],
    // Dynamic 1440 times 1454 bytes, GPS 288 times 164.
    bytes_per_day: 2_093_760 + 47_232,
    created_at: '2026-02-03T10:00:00Z',
    updated_at: '2026-02-03T10:00:00Z',
    ...overrides,
  };
}
