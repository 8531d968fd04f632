import {
  ESIM_MESSAGES,
  ESIM_PROFILES_MAX,
  esimProfileArgsSchema,
  type CommandMessage,
  type EsimBootstrapStatus,
  type EsimProfileReading,
} from '@netfleet/contracts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { hashString } from './random.ts';
import type { SimDevice } from './sim-device.ts';

/** The operator of a profile an activation code installs: its SM-DP+ host without the first label. */
const operatorOf = (address: string) => {
  const labels = address.split('.');
  const domain = labels.length > 2 ? labels.slice(1).join('.') : address;
  return domain.slice(0, 64);
};

/** 19 digits: the 89 telecom prefix, then digits that follow from the text (no random stream). */
const iccidOf = (text: string) => {
  const digits = `${hashString(text)}${hashString(`${text}#`)}`.replace(/\D/g, '');
  return `8937${digits.padEnd(15, '0').slice(0, 15)}`;
};

/**
 * The eUICC's profiles of a has_esim device: one enabled operator profile to start with (the ICCID
 * its static reading gives the eSIM slot), created when first needed and then kept on the device.
 */
export const simEsimProfiles = (device: SimDevice): EsimProfileReading[] | undefined => {
  if (!device.capabilities.has_esim) return undefined;
  device.esimProfiles ??= [
    {
      iccid: `89370${`${device.serial}3`.slice(-11).padStart(11, '0')}00`.slice(0, 19),
      name: 'netfleet IoT',
      operator: 'netfleet Mobile',
      state: 'enabled',
    },
  ];
  return device.esimProfiles;
};

/**
 * `esim_profile`: installs a profile from an activation code (disabled, as an eUICC downloads
 * it), or enables (disabling the others), disables or deletes one; the eUICC's own rules apply.
 * A new static reading reports the profiles as they are now.
 */
export const runSimEsimCommand = async (
  device: SimDevice,
  command: CommandMessage,
  context: CommandContext,
  onChanged?: (device: SimDevice) => void,
): Promise<CommandOutcome> => {
  const profiles = simEsimProfiles(device);
  if (!profiles) return { status: 'rejected', message: ESIM_MESSAGES.notSupported };
  const parsed = esimProfileArgsSchema.safeParse(command.args);
  if (!parsed.success) {
    return { status: 'rejected', message: parsed.error.issues[0]?.message ?? 'invalid args' };
  }
  const args = parsed.data;
  if (args.action === 'add') {
    if (profiles.length >= ESIM_PROFILES_MAX)
      return { status: 'failed', message: ESIM_MESSAGES.full };
    const [, address = '', matchingId = ''] = args.activation_code.slice(4).split('$');
    const iccid = iccidOf(args.activation_code);
    if (profiles.some((profile) => profile.iccid === iccid))
      return { status: 'failed', message: ESIM_MESSAGES.profileExists };
    await context.progress(0, 1, 'downloading profile');
    profiles.push({
      iccid,
      name: matchingId ? `Profile ${matchingId.slice(0, 16)}` : null,
      operator: operatorOf(address),
      state: 'disabled',
    });
  } else {
    const profile = profiles.find((entry) => entry.iccid === args.iccid);
    if (!profile) return { status: 'failed', message: ESIM_MESSAGES.profileNotFound };
    if (args.action === 'enable') {
      for (const entry of profiles) entry.state = entry === profile ? 'enabled' : 'disabled';
    } else if (args.action === 'disable') {
      profile.state = 'disabled';
    } else {
      if (profile.state === 'enabled')
        return { status: 'failed', message: ESIM_MESSAGES.deleteEnabled };
      profiles.splice(profiles.indexOf(profile), 1);
    }
  }
  onChanged?.(device);
  context.sendReading?.('static');
  return { status: 'completed' };
};

/**
 * The bootstrap profile every simulated eUICC shipped with: issuer 89 99 (no real country or
 * issuer) and the serial, so the ICCID is plainly a simulator's. It is the enabled profile
 * whenever no operator profile is, as on a real eUICC, so it follows from the profiles kept.
 */
export const simEsimBootstrap = (device: SimDevice): EsimBootstrapStatus | undefined => {
  const profiles = simEsimProfiles(device);
  if (!profiles) return undefined;
  return {
    bootstrap: {
      iccid: `8999${device.serial.padStart(14, '0').slice(-14)}0`,
      provider: 'netfleet simulator (bootstrap)',
      enabled: !profiles.some((profile) => profile.state === 'enabled'),
    },
    operational_profile: profiles.length > 0,
  };
};

/** `esim_bootstrap`: what the eUICC holds for bootstrapping, as the JSON result. */
export const runSimEsimBootstrap = (device: SimDevice): CommandOutcome => {
  const status = simEsimBootstrap(device);
  return status
    ? { status: 'completed', result: JSON.stringify(status) }
    : { status: 'rejected', message: ESIM_MESSAGES.notSupported };
};
