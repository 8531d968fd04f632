import { describe, expect, it } from 'vitest';
import { collectConfig, type LocalApiAnswer } from '@netfleet/contracts';
import { SimDevice } from './sim-device.ts';
import { simLocalApi } from './sim-local-api.ts';
import { simReading } from './sim-readings.ts';

const NOW = () => 1_750_000_000_000;
// With seed 42: index 9 is an RUTX14 (two modems, GPS, dual-band Wi-Fi), 6 an RUTX10 (Wi-Fi, no
// modem or GPS), 2 an RUT300 (wired only).
const rutx14 = () => new SimDevice(9, 42, NOW);

const NOT_FOUND = {
  http_code: 404,
  http_body: { success: false, errors: [{ code: 404, error: 'Not found' }] },
};
type Listed = Record<string, unknown>[];
const data = (answer: LocalApiAnswer) => {
  expect(answer.http_code).toBe(200);
  const body = answer.http_body as { success: boolean; data: unknown };
  expect(body.success).toBe(true);
  return body.data;
};

describe("a simulated router's local status API", () => {
  it('describes the device as its hello and telemetry do', async () => {
    const device = rutx14();
    const api = simLocalApi(device);
    expect(data(await api('/system/device/status'))).toEqual({
      hostname: simReading(device, 'static')?.hostname,
      model: 'RUTX14',
      serial: device.serial,
      firmware: device.firmware,
      uptime: device.uptime(),
      load: [expect.any(Number), expect.any(Number), expect.any(Number)],
    });
    const usage = data(await api('/system/device/usage/status')) as Record<string, number>;
    expect(usage.ram_free).toBeLessThan(usage.ram_total as number);
    expect(usage.flash_free).toBeLessThan(usage.flash_total as number);
    const interfaces = data(await api('/interfaces/status')) as Listed;
    expect(interfaces.map((i) => [i.id, i.name, i.up, i.ipv4])).toEqual([
      ['mob1s1a1', 'qmimux0', true, simReading(device, 'dynamic')?.wan_ip],
      ['lan', 'br-lan', true, '192.168.1.1'],
    ]);
  });

  it("answers the modems with the signal and temperature the device's telemetry reports", async () => {
    const device = rutx14();
    const modems = data(await simLocalApi(device)('/modems/status')) as Listed;
    expect(modems).toEqual([
      expect.objectContaining({ id: '1-1', primary: true, sim: 1, conntype: 'LTE' }),
      expect.objectContaining({ id: '2-1', primary: false }),
    ]);
    // The answer is a reading: the device's walks now stand where the answer says.
    modems.forEach((modem, i) => {
      expect(modem.rssi).toBe(device.modems[i]?.signal);
      expect(modem.temperature).toBe(device.temperature / 10);
      expect(modem.rsrp).toBeLessThan(modem.rssi as number);
    });
    expect(data(await simLocalApi(device)('/gps/position/status'))).toEqual({
      latitude: expect.closeTo(device.latitude, 5),
      longitude: expect.closeTo(device.longitude, 5),
      altitude: expect.any(Number),
      speed: expect.any(Number),
      satellites: expect.any(Number),
      fix: true,
    });
  });

  it('changes over time: signal, counters and clients move on with every reading', async () => {
    const api = simLocalApi(rutx14());
    const rssi: unknown[] = [];
    const rx: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      rssi.push(((data(await api('/modems/status')) as Listed)[0] as Listed[number]).rssi);
      rx.push(
        ((data(await api('/interfaces/status')) as Listed)[0] as Listed[number]).rx_bytes as number,
      );
    }
    expect(new Set(rssi).size).toBeGreaterThan(1);
    expect(rx).toEqual([...rx].sort((a, b) => a - b));
    expect(rx.at(-1)).toBeGreaterThan(rx[0] as number);
  });

  it('answers 404 for what the model does not have, and for unknown paths', async () => {
    const wired = simLocalApi(new SimDevice(2, 42, NOW));
    for (const url of ['/modems/status', '/gps/position/status', '/wireless/interfaces/status']) {
      expect(await wired(url)).toEqual(NOT_FOUND);
    }
    expect(data(await wired('/system/device/status'))).toMatchObject({ model: 'RUT300' });
    const rutx10 = simLocalApi(new SimDevice(6, 42, NOW));
    expect(await rutx10('/modems/status')).toEqual(NOT_FOUND);
    expect(await rutx10('/gps/position/status')).toEqual(NOT_FOUND);
    // Wi-Fi hardware answers whatever its firmware's telemetry says (this one has no monitoring).
    expect(data(await rutx10('/wireless/interfaces/status'))).toHaveLength(2);
    expect(await rutx10('/system/nothing')).toEqual(NOT_FOUND);
    expect(await rutx10('/system/device/status/extra')).toEqual(NOT_FOUND);
  });

  it('keeps the list items a query names, and routes on the path alone', async () => {
    const api = simLocalApi(rutx14());
    const fiveGhz = data(await api('/wireless/interfaces/status?band=5GHz')) as Listed;
    expect(fiveGhz.map((w) => [w.id, w.band])).toEqual([['wifi1', '5GHz']]);
    expect(data(await api('/modems/status?primary=true&primary=false'))).toHaveLength(2);
    expect(data(await api('/interfaces/status?name=br-lan&name=eth9'))).toEqual([
      expect.objectContaining({ id: 'lan' }),
    ]);
  });

  it('gives data collection what an RMS filter picks', async () => {
    const device = rutx14();
    const message = await collectConfig(
      {
        id: 1,
        period: 60,
        data: [
          {
            url: '/modems/status',
            variables: [
              { id: 'rsrp', filter: '$.http_body.data[@.primary=true].rsrp', type: 'number' },
              { id: 'rssi', filter: '$.http_body.data[@.primary=true].rssi', type: 'integer' },
            ],
          },
          {
            url: '/gps/position/status',
            variables: [{ id: 'fix', filter: '$.http_body.data.fix', type: 'boolean' }],
          },
        ],
      },
      simLocalApi(device),
      NOW(),
    );
    expect(message).toEqual({
      ts: NOW(),
      config_id: 1,
      data: {
        '/modems/status': { rsrp: expect.any(Number), rssi: device.modems[0]?.signal },
        '/gps/position/status': { fix: true },
      },
      log: [],
    });
  });
});
