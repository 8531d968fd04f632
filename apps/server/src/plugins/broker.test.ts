import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { BrokerStartError } from './broker';
import { createEmbeddedBroker } from './broker-embedded';
import { createExternalBroker } from './broker-external';

const taken = createServer();
const takenPort = await new Promise<number>((resolve) =>
  taken.listen(0, '127.0.0.1', () => {
    const address = taken.address();
    resolve(typeof address === 'object' && address ? address.port : 0);
  }),
);
afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

describe('broker start failures name the setting to change', () => {
  it('embedded: a taken MQTT_PORT', async () => {
    const broker = createEmbeddedBroker({ port: takenPort, host: '127.0.0.1' });
    const failure = broker.start();
    await expect(failure).rejects.toBeInstanceOf(BrokerStartError);
    await expect(failure).rejects.toThrow(
      `MQTT port ${String(takenPort)} is already in use: set MQTT_PORT to a free port.`,
    );
    await broker.close();
  });

  it('external: an MQTT_URL nobody answers at, with the password redacted', async () => {
    // Listening but never speaking MQTT would time out; a closed port is refused at once.
    const closed = createServer();
    const port = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => {
        const address = closed.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const broker = createExternalBroker({
      url: `mqtt://user:secret@127.0.0.1:${String(port)}`,
      clientId: 'nf-test-unreachable',
    });
    const failure = broker.start();
    await expect(failure).rejects.toBeInstanceOf(BrokerStartError);
    await expect(failure).rejects.toThrow(
      new RegExp(
        `^Cannot connect to the MQTT broker at MQTT_URL=mqtt://user:\\*\\*\\*@127\\.0\\.0\\.1:${String(port)}`,
      ),
    );
    await broker.close();
  });
});
