// A private Mosquitto for the broker outage (never the system one on 1883, which other tiers
// use): persistence on, so the server's persistent session and what the broker acknowledged
// survive a stop; every connection logged with its second, so a scenario can count reconnects.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPrivateMosquitto } from '@test/mosquitto';

/** Why the scenario cannot run here, or null. */
export const mosquittoMissing = (): string | null =>
  spawnSync('mosquitto', ['-h'], { stdio: 'ignore' }).error
    ? 'the mosquitto binary is not installed'
    : null;

/** `mosquitto` logs `<epoch seconds>: New client connected from <addr> as <client id> (...)`. */
const CONNECTED = /^(\d+): New client connected from \S+ as (\S+) /;
const LOG = 'mosquitto.log';

export const startFaultMosquitto = async () => {
  const mosquitto = await startPrivateMosquitto({
    conf: (dir) => [
      // Deep enough for the readings that arrive while the server resubscribes.
      'max_queued_messages 100000',
      'max_inflight_messages 1000',
      `log_dest file ${join(dir, LOG)}`,
      'log_type notice',
      'log_timestamp true',
      'connection_messages true',
    ],
  });
  return {
    ...mosquitto,
    /** Every connection of a client whose id `matches`, as [epoch second, client id]. */
    connections(matches: (clientId: string) => boolean): [number, string][] {
      return readFileSync(join(mosquitto.dir, LOG), 'utf8')
        .split('\n')
        .flatMap((line) => {
          const found = CONNECTED.exec(line);
          return found && matches(found[2] as string)
            ? [[Number(found[1]), found[2] as string] as [number, string]]
            : [];
        });
    },
  };
};
