export const DEVICES_ROUTE = '/management/devices';

export const devicePath = (id: number): string => `/devices/${id}`;
