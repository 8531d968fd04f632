import type { CommandMessage } from '@netfleet/contracts';
import { exitCodeOutcome, parseCommandArgs } from '../command-args.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import type { SimDevice } from './sim-device.ts';

/**
 * Readings a simulated device can be held at, to drive alert rules by hand or from a test:
 * `nf-sim pin signal=-118`, `nf-sim unpin signal` (or `all`), `nf-sim pins`. Sent as a command job
 * like any shell command; only the simulator answers it. Pins live in memory: a restarted
 * simulator walks freely again.
 */
export const PIN_LIMITS = {
  /** dBm, every modem of the device. */
  signal: { min: -140, max: 0, unit: 'dBm' },
  /** °C (readings carry tenths of a degree). */
  temperature: { min: -40, max: 125, unit: '°C' },
} as const;

export type PinKey = keyof typeof PIN_LIMITS;
export type Pins = Partial<Record<PinKey, number>>;

const PROGRAM = 'nf-sim';
const isPinKey = (key: string): key is PinKey => Object.hasOwn(PIN_LIMITS, key);

const describe = (pins: Pins) => {
  const set = (Object.keys(PIN_LIMITS) as PinKey[]).flatMap((key) =>
    pins[key] === undefined ? [] : [`${key}=${pins[key]} ${PIN_LIMITS[key].unit}`],
  );
  return set.length ? `pinned: ${set.join(', ')}` : 'nothing pinned';
};

/** New pins from `key=value` words, or the first word's error. */
const parsePins = (words: string[]): Pins | string => {
  if (words.length === 0) return `usage: ${PROGRAM} pin <key>=<value> ...`;
  const pins: Pins = {};
  for (const word of words) {
    const [key = '', text = ''] = word.split('=', 2);
    if (!isPinKey(key)) return `unknown reading "${key}": ${Object.keys(PIN_LIMITS).join(', ')}`;
    const value = Number(text);
    const { min, max, unit } = PIN_LIMITS[key];
    if (text === '' || !Number.isInteger(value) || value < min || value > max) {
      return `${key} must be a whole number from ${min} to ${max} ${unit}`;
    }
    pins[key] = value;
  }
  return pins;
};

/** The answer to an `nf-sim` command line, or null when the line is not one. */
export const runSimControl = (
  device: SimDevice,
  command: CommandMessage,
  context: Pick<CommandContext, 'sendAllTelemetry'>,
): CommandOutcome | null => {
  const parsed = parseCommandArgs(command);
  if ('rejected' in parsed) return null;
  const { args } = parsed;
  const [program, verb, ...rest] = args.command.trim().split(/\s+/);
  if (program !== PROGRAM) return null;
  const fail = (message: string) => exitCodeOutcome(2, message, args);
  if (verb === 'pins' && rest.length === 0) return exitCodeOutcome(0, describe(device.pins), args);
  if (verb === 'pin') {
    const pins = parsePins(rest);
    if (typeof pins === 'string') return fail(pins);
    device.pins = { ...device.pins, ...pins };
  } else if (verb === 'unpin' && rest.length > 0) {
    if (rest.includes('all')) device.pins = {};
    for (const key of rest) {
      if (key === 'all') continue;
      if (!isPinKey(key)) return fail(`unknown reading "${key}"`);
      const { [key]: _gone, ...kept } = device.pins;
      device.pins = kept;
    }
  } else {
    return fail(
      `usage: ${PROGRAM} pin <key>=<value> ... | ${PROGRAM} unpin <key>|all | ${PROGRAM} pins`,
    );
  }
  // The console sees the new value now rather than at the next period.
  context.sendAllTelemetry();
  return exitCodeOutcome(0, describe(device.pins), args);
};
