import { describe, expect, it } from 'vitest';
import {
  codeUsedLabel,
  connectionLogMessage,
  deviceStatusLabel,
  faceliftLabel,
  ioLevelLabel,
  l2tpStatusLabel,
  relayLabel,
} from './labels.ts';

describe('device status', () => {
  it('labels 0, 1, 2 and everything else as Not Activated', () => {
    expect(deviceStatusLabel(0)).toBe('Offline');
    expect(deviceStatusLabel(1)).toBe('Online');
    expect(deviceStatusLabel(2)).toBe('Pending');
    expect(deviceStatusLabel(3)).toBe('Not Activated');
    expect(deviceStatusLabel(-1)).toBe('Not Activated');
    expect(deviceStatusLabel(null)).toBe('Not Activated');
    expect(deviceStatusLabel(undefined)).toBe('Not Activated');
  });
});

describe('other code labels', () => {
  it('labels L2TP status 1-4 and falls back to no instances', () => {
    expect([1, 2, 3, 4].map(l2tpStatusLabel)).toEqual([
      'All online',
      'All offline',
      'All disabled',
      'Mixed',
    ]);
    expect(l2tpStatusLabel(0)).toBe('No L2TP instances');
    expect(l2tpStatusLabel(5)).toBe('No L2TP instances');
    expect(l2tpStatusLabel(null)).toBe('No L2TP instances');
  });

  it('labels IO level, relay, facelift and code use', () => {
    expect([ioLevelLabel(0), ioLevelLabel(1), ioLevelLabel(2)]).toEqual(['Low', 'High', '']);
    expect([relayLabel(0), relayLabel(1)]).toEqual(['Closed', 'Open']);
    expect([faceliftLabel(0), faceliftLabel(1)]).toEqual([
      'Not facelift device',
      'Facelift device',
    ]);
    expect([codeUsedLabel(true), codeUsedLabel(false)]).toEqual(['Used', 'Not Used']);
  });
});

describe('connection log messages', () => {
  it.each([0, 10, 12, 20, 104])('code %i is a plain connection attempt', (code) => {
    expect(connectionLogMessage(code, 'ignored')).toBe(
      'Device has attempted to connect to the system',
    );
  });

  it('explains codes 14, 15 and 7', () => {
    expect(connectionLogMessage(14, null)).toMatch(/Monitoring was disabled/);
    expect(connectionLogMessage(15, null)).toMatch(/no active credit/);
    expect(connectionLogMessage(7, null)).toMatch(/identical serial but different MAC/);
  });

  it('shows the reason for any other code', () => {
    expect(connectionLogMessage(11, 'Bad certificate')).toBe('Bad certificate');
    expect(connectionLogMessage(1, null)).toBe('');
    expect(connectionLogMessage(103, undefined)).toBe('');
  });
});
