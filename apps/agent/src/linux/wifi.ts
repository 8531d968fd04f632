import { execFile } from 'node:child_process';
import { access, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TelemetryData, WirelessReading } from '@netfleet/contracts';
import { isOperUp } from './proc.ts';

// The wireless reading of a Linux access point: the radios in access-point mode that
// /sys/class/net lists, what `iw` says of each (SSID, channel, stations) and the kernel's byte
// counters. /sys alone names no SSID or channel, so without `iw` there is no reading.

const runFile = promisify(execFile);

/** Runs `iw` with the arguments: its output, or null when it cannot run or fails. */
export type IwRunner = (args: readonly string[]) => Promise<string | null>;

const IW_TIMEOUT_MS = 5_000;
/** The most interfaces a reading lists (wirelessTelemetrySchema). */
const INTERFACES_MAX = 16;
/** What the reading's SSID label accepts: printable text, at most 64 characters. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\uffff]/g, '').slice(0, 64);

export const runIw: IwRunner = (args) =>
  runFile('iw', [...args], { timeout: IW_TIMEOUT_MS }).then(
    ({ stdout }) => stdout,
    () => null,
  );

export interface IwInfo {
  ssid: string | null;
  /** e.g. AP, managed, monitor. */
  type: string | null;
  channel: number | null;
  /** MHz. */
  frequency: number | null;
}

/** `iw dev <if> info`: `ssid Office`, `type AP`, `channel 36 (5180 MHz), width: 80 MHz, ...`. */
export const parseIwInfo = (text: string): IwInfo => {
  const field = (name: string) => new RegExp(`^\\s*${name} (.*)$`, 'm').exec(text)?.[1] ?? null;
  const channel = /^\s*channel (\d+) \((\d+)(?:\.\d+)? MHz\)/m.exec(text);
  return {
    ssid: field('ssid'),
    type: field('type')?.trim() ?? null,
    channel: channel ? Number(channel[1]) : null,
    frequency: channel ? Number(channel[2]) : null,
  };
};

/** The reading's bands; a 6 GHz radio (or one iw names no frequency of) has none of them. */
export const bandOf = (frequency: number | null): WirelessReading['band'] | null => {
  if (frequency === null) return null;
  if (frequency >= 2400 && frequency < 2500) return '2.4GHz';
  if (frequency >= 4900 && frequency < 5900) return '5GHz';
  return null;
};

/** `iw dev <if> station dump`: one `Station <mac> (on <if>)` block per associated client. */
export const countStations = (text: string | null): number =>
  text === null ? 0 : text.split('\n').filter((line) => line.startsWith('Station ')).length;

/** A counter file of /sys/class/net/<if>/statistics, when it holds a whole number. */
const counter = async (path: string): Promise<number | undefined> => {
  const text = await readFile(path, 'utf8').catch(() => null);
  const value = text === null ? NaN : Number(text.trim());
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
};

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

export interface WifiReaderOptions {
  /** The root /sys is under (tests give a directory of sample files). */
  root?: string;
  iw?: IwRunner;
}

/** One access-point interface as the reading lists it, or null when it is not one. */
const readInterface = async (
  net: string,
  name: string,
  iw: IwRunner,
): Promise<WirelessReading | null> => {
  const info = await iw(['dev', name, 'info']);
  if (info === null) return null;
  const { ssid, type, channel, frequency } = parseIwInfo(info);
  const band = bandOf(frequency);
  if (type !== 'AP' || ssid === null || channel === null || channel > 196 || band === null) {
    return null;
  }
  const dir = join(net, name);
  const [operstate, stations, rx, tx] = await Promise.all([
    readFile(join(dir, 'operstate'), 'utf8').catch(() => null),
    iw(['dev', name, 'station', 'dump']),
    counter(join(dir, 'statistics', 'rx_bytes')),
    counter(join(dir, 'statistics', 'tx_bytes')),
  ]);
  return {
    ssid: printable(ssid),
    band,
    channel,
    clients: countStations(stations),
    enabled: isOperUp(operstate),
    ...(rx !== undefined ? { rx_bytes: rx } : {}),
    ...(tx !== undefined ? { tx_bytes: tx } : {}),
  };
};

/**
 * The access points of the box, in interface-name order (the server keys each by its position);
 * null when it has none, so no wireless reading is sent.
 */
export const readWifi = async ({
  root = '/',
  iw = runIw,
}: WifiReaderOptions = {}): Promise<TelemetryData<'wireless'> | null> => {
  const net = join(root, 'sys', 'class', 'net');
  const names = (await readdir(net).catch(() => [] as string[])).sort();
  const radios = [];
  for (const name of names) {
    // Only wireless devices have a phy80211 link (or, on older kernels, a wireless directory).
    const dir = join(net, name);
    if (!(await exists(join(dir, 'phy80211'))) && !(await exists(join(dir, 'wireless')))) continue;
    const radio = await readInterface(net, name, iw);
    if (radio) radios.push(radio);
    if (radios.length === INTERFACES_MAX) break;
  }
  return radios.length > 0 ? { interfaces: radios } : null;
};
