/**
 * The OpenVPN hub runtime: what runs hubs on a machine, shared by the netfleet server (hubs on
 * its own host) and `netfleet-agent --hub` (hubs on a hub zone's machine).
 */
export * from './hub-runtime.port';
export type { HubLogger } from './hub-logger';
export { createHubSupervisor, type HubSupervisorOptions } from './hub-supervisor';
export { hubDeviceName, hubFilePaths, renderClientProfile } from './openvpn-config';
export { hubTable, RULE_PRIORITY } from './hub-routes';
export type { ClientProfileInput, HubFilePaths } from './openvpn-config';
export {
  type HostProbeResult,
  type HostWords,
  probeHubHost,
  type ProbeOptions,
} from './openvpn-host';
