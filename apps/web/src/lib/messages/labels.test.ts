import {
  connectionLogMessage as contractsConnectionLogMessage,
  deviceStatusLabel as contractsDeviceStatusLabel,
  l2tpStatusLabel as contractsL2tpStatusLabel,
} from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import {
  codeUsedLabel,
  connectionLogMessage,
  deviceStatusLabel,
  faceliftLabel,
  ioLevelLabel,
  l2tpStatusLabel,
  relayLabel,
} from './labels';

describe('code labels', () => {
  it('show the contracts English with the same fallbacks', () => {
    for (const code of [0, 1, 2, 3, null, undefined]) {
      expect(deviceStatusLabel(code)).toBe(contractsDeviceStatusLabel(code));
      expect(l2tpStatusLabel(code)).toBe(contractsL2tpStatusLabel(code));
    }
    expect(ioLevelLabel(1)).toBe('High');
    expect(relayLabel(0)).toBe('Closed');
    expect(faceliftLabel(9)).toBe('');
    expect(codeUsedLabel(false)).toBe('Not Used');
    for (const code of [0, 7, 14, 15, 99])
      expect(connectionLogMessage(code, 'why')).toBe(contractsConnectionLogMessage(code, 'why'));
  });
});
