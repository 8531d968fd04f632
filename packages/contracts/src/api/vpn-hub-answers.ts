import { z } from 'zod';
import { errorItemSchema, listEnvelope, successEnvelope } from '../errors.ts';
import {
  vpnClientConfigSchema,
  vpnClientSchema,
  vpnDeviceRulesSchema,
  vpnProfileDownloadSchema,
  vpnProfileSchema,
} from './vpn-hub-clients.ts';
import {
  deviceVpnStatusSchema,
  vpnClientUsageLogSchema,
  vpnConnectionLogSchema,
  vpnDataUsageSchema,
  vpnHubUsageLogSchema,
  vpnSessionSchema,
} from './vpn-hub-logs.ts';
import { vpnDhcpOptionSchema, vpnRouteSchema } from './vpn-hub-network.ts';
import { vpnHubZoneSchema } from './vpn-hub-zones.ts';
import { vpnHubHostSchema, vpnHubInfoSchema, vpnHubSchema } from './vpn-hubs.ts';

// The envelopes of the VPN hub routes. RMS answers most VPN operations with a status channel only
// (`meta.channel`); netfleet also answers what the channel reports in `data`, so the console
// needs no second request. Changes reach the hub host after they are stored: the channel's
// `completed` (or `error`) update, keyed by hub id, says how applying them went.

const channelMeta = z.object({ channel: z.string() });
const withChannel = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), meta: channelMeta, data });

/** An operation answered with its channel only. */
export const vpnChannelAnswerSchema = z.object({ success: z.literal(true), meta: channelMeta });
/** Some items done, some refused: `errors[].source` names the item (`device_id.<id>`). */
export const vpnPartialAnswerSchema = vpnChannelAnswerSchema.extend({
  errors: z.array(errorItemSchema),
});

/** Partial rows: `fields=a,b` picks what each hub carries (its id always). */
export const vpnHubListAnswerSchema = listEnvelope(vpnHubSchema.partial());
export const vpnHubAnswerSchema = successEnvelope(vpnHubSchema);
/** Create, quick create, toggle, settings: the channel and the hub as it is now. */
export const vpnHubChannelAnswerSchema = withChannel(vpnHubSchema);
export const vpnHubZonesAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(vpnHubZoneSchema),
});
export const vpnHubZoneAnswerSchema = successEnvelope(vpnHubZoneSchema);
export const vpnHubHostAnswerSchema = successEnvelope(vpnHubHostSchema);
export const vpnHubInfoAnswerSchema = withChannel(vpnHubInfoSchema);
export const vpnSessionsAnswerSchema = withChannel(z.array(vpnSessionSchema));

export const vpnClientListAnswerSchema = listEnvelope(vpnClientSchema);
export const vpnClientChannelAnswerSchema = withChannel(vpnClientSchema);
export const vpnDeviceRulesAnswerSchema = withChannel(z.array(vpnDeviceRulesSchema));
export const vpnClientConfigsAnswerSchema = withChannel(z.array(vpnClientConfigSchema));
export const vpnProfileAnswerSchema = successEnvelope(vpnProfileSchema);
export const vpnProfileDownloadsAnswerSchema = listEnvelope(vpnProfileDownloadSchema);

export const vpnRoutesAnswerSchema = withChannel(z.array(vpnRouteSchema));
export const vpnRouteChannelAnswerSchema = withChannel(vpnRouteSchema);
export const vpnQuickRoutesAnswerSchema = listEnvelope(vpnRouteSchema);
export const vpnDhcpAnswerSchema = withChannel(z.array(vpnDhcpOptionSchema));

export const vpnHubUsageLogsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(vpnHubUsageLogSchema),
});
export const vpnClientUsageLogsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(vpnClientUsageLogSchema),
});
export const vpnConnectionLogsAnswerSchema = listEnvelope(vpnConnectionLogSchema);
export const vpnDataUsageAnswerSchema = successEnvelope(vpnDataUsageSchema);
export const deviceVpnStatusAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(deviceVpnStatusSchema),
});
