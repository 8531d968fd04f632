import { DEVICE_MODELS } from '@netfleet/contracts';

// The simulated fleet: every known model, and per family firmware versions on both sides of each
// spec §5 threshold (Wi-Fi monitoring, hotspot, DDNS, legacy alerts/VPN, TRB500 data usage).

export const SIM_MODELS: readonly string[] = Object.keys(DEVICE_MODELS);

const FIRMWARE_BY_PREFIX: Readonly<Record<string, readonly string[]>> = {
  // Wi-Fi monitoring from 01.11.1, DDNS from 07.00 (RUT2M line).
  RUT2: [
    'RUT2_R_00.01.11',
    'RUT2_R_00.01.11.1',
    'RUT2_R_00.01.14.7',
    'RUT2M_R_00.07.04.5',
    'RUT2M_R_00.07.06.10',
  ],
  // RUT360 hotspot from 07.00; DDNS from 07.00; legacy alerts below 07.13.
  RUT36: ['RUT36X_R_00.06.08.3', 'RUT36X_R_00.07.00', 'RUT36X_R_00.07.12.1', 'RUT36X_R_00.07.13'],
  // RUT300 hotspot from 07.06; legacy VPN below 07.06.
  RUT30: ['RUT30X_R_00.07.04.4', 'RUT30X_R_00.07.05.4', 'RUT30X_R_00.07.06', 'RUT30X_R_00.07.13.1'],
  // Wi-Fi monitoring from 06.05.1; DDNS from 07.00.
  RUT9: [
    'RUT9XX_R_00.06.04.3',
    'RUT9XX_R_00.06.05',
    'RUT9XX_R_00.06.05.1',
    'RUT9_R_00.07.00',
    'RUT9_R_00.07.06',
    'RUT9_R_00.07.13',
  ],
  // Wi-Fi monitoring from 02.01.1; DDNS from 02.04.
  RUTX: [
    'RUTX_R_00.02.01',
    'RUTX_R_00.02.01.1',
    'RUTX_R_00.02.03.1',
    'RUTX_R_00.02.04',
    'RUTX_R_00.07.05.4',
    'RUTX_R_00.07.06',
    'RUTX_R_00.07.12.3',
    'RUTX_R_00.07.13',
  ],
  // DDNS from 02.04; hotspot from 07.06 (not TRB141/142/145).
  TRB1: [
    'TRB1_R_00.02.03.3',
    'TRB1_R_00.02.04',
    'TRB1_R_00.07.05.3',
    'TRB1_R_00.07.06',
    'TRB1_R_00.07.13',
  ],
  // Data usage from 07.12.
  TRB5: ['TRB5_R_00.07.11.3', 'TRB5_R_00.07.12', 'TRB5_R_00.07.13'],
};

export const firmwareChoices = (model: string): readonly string[] => {
  const prefix = Object.keys(FIRMWARE_BY_PREFIX)
    .filter((p) => model.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? (FIRMWARE_BY_PREFIX[prefix] ?? []) : ['RUTX_R_00.07.13'];
};

/** Real-looking operator names, as modems report them. */
export const OPERATORS = [
  'Telia LT',
  'BITE LT',
  'Tele2 LT',
  'Telekom.de',
  'Vodafone.de',
  'O2 - de',
  'Orange F',
  'SFR',
  'EE',
  'Vodafone UK',
  'T-Mobile US',
  'Verizon',
] as const;

/** GPS tracks wander around these city centres. */
export const CITIES = [
  { name: 'Vilnius', latitude: 54.6872, longitude: 25.2797 },
  { name: 'Berlin', latitude: 52.52, longitude: 13.405 },
  { name: 'Paris', latitude: 48.8566, longitude: 2.3522 },
  { name: 'London', latitude: 51.5072, longitude: -0.1276 },
  { name: 'Chicago', latitude: 41.8781, longitude: -87.6298 },
] as const;

/** The cellular module each family ships with. */
export const modemOf = (model: string): { model: string; firmware: string; fiveG: boolean } => {
  if (model === 'RUTX50')
    return { model: 'RG501Q-EU', firmware: 'RG501QEUAAR12A08M4G', fiveG: true };
  if (model.startsWith('RUTX'))
    return { model: 'EG06-E', firmware: 'EG06ELAR04A04M4G', fiveG: false };
  if (model.startsWith('TRB5'))
    return { model: 'RG520N-EU', firmware: 'RG520NEUDCR01A01M4G', fiveG: true };
  return { model: 'EC25-EC', firmware: 'EC25ECGAR06A07M4G', fiveG: false };
};

/** Dual-band radios; the older families have 2.4 GHz only. */
export const hasFiveGhz = (model: string) => model.startsWith('RUTX') || model === 'RUT360';
