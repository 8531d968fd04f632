import { DATA_COLLECT_API_SYSTEMS, type DeviceApiSystem } from '@netfleet/contracts';

/** Product names: the same in every language. */
export const API_SYSTEM_NAMES: Record<DeviceApiSystem, string> = { rutos: 'RutOS', tswos: 'TSWOS' };

export const API_SYSTEM_OPTIONS = DATA_COLLECT_API_SYSTEMS.map((system) => ({
  value: system,
  label: API_SYSTEM_NAMES[system],
}));

export const isApiSystem = (value: unknown): value is DeviceApiSystem =>
  DATA_COLLECT_API_SYSTEMS.some((system) => system === value);
