import { describe, expect, it } from 'vitest';
import { MONITORING } from '@netfleet/contracts';
import { toMonitoringChange } from './monitoring-dialog';

const keepAll = Object.fromEntries(
  MONITORING.map((entry) => [entry.field, { mode: 'keep' as const }]),
);

describe('toMonitoringChange', () => {
  it('sends only the changed periods, off as 0, with the template when one is chosen', () => {
    const result = toMonitoringChange('4', {
      ...keepAll,
      dynamic_monitoring: { mode: 'every', seconds: 600 },
      gps_monitoring: { mode: 'off' },
    });
    expect(result).toEqual({
      change: { template_id: 4, periods: { dynamic_monitoring: 600, gps_monitoring: 0 } },
    });
  });

  it('refuses periods outside 60 seconds to a year, next to the parameter', () => {
    const result = toMonitoringChange(null, {
      ...keepAll,
      dynamic_monitoring: { mode: 'every', seconds: 30 },
      io_monitoring: { mode: 'every', seconds: 31_536_001 },
    });
    expect(result).toEqual({
      errors: {
        dynamic_monitoring: 'Period must be 60 to 31536000 seconds',
        io_monitoring: 'Period must be 60 to 31536000 seconds',
      },
    });
  });

  it('asks for something to change', () => {
    expect(toMonitoringChange(null, keepAll)).toMatchObject({
      message: 'Choose a template or change at least one period',
    });
  });
});
