export { DeviceMap } from './lazy-device-map';
export type { DeviceMapProps } from './device-map';
export type { MapPoint } from './clusters';
