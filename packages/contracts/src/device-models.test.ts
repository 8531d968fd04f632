import { describe, expect, it } from 'vitest';
import { deviceCapabilities, identityOf, modelSeries, parseFirmware } from './device-models.ts';

const caps = deviceCapabilities;

describe('parseFirmware', () => {
  it.each([
    ['RUT9_R_00.07.06.1', [7, 6, 1]],
    ['RUTX_R_00.02.04', [2, 4, 0]],
    ['RUT2_R_00.01.11.1', [1, 11, 1]],
    ['TRB5_R_00.07.12', [7, 12, 0]],
  ])('%s → %j', (firmware, version) => {
    expect(parseFirmware(firmware)).toEqual(version);
  });

  it.each(['', null, undefined, 'garbage', 'linux-6.1.0', '<script>'])(
    '%j has no version',
    (firmware) => {
      expect(parseFirmware(firmware)).toBeNull();
    },
  );
});

describe('identity and series', () => {
  it('TRB is identified by IMEI, everything else by MAC', () => {
    expect(identityOf('trb')).toBe('imei');
    expect(identityOf('rut')).toBe('mac');
    expect(modelSeries('rutx11')).toBe('RUTX');
  });
});

// Spec §5, each rule on both sides of its threshold.
describe('capability rules', () => {
  it('Wi-Fi monitoring: RUT2 01.11.1+, RUT9 06.05.1+, RUTX 02.01.1+', () => {
    expect(caps('RUT240', 'RUT2_R_00.01.11').has_wifi).toBe(false);
    expect(caps('RUT240', 'RUT2_R_00.01.11.1').has_wifi).toBe(true);
    expect(caps('RUT950', 'RUT9XX_R_00.06.05').has_wifi).toBe(false);
    expect(caps('RUT950', 'RUT9XX_R_00.06.05.1').has_wifi).toBe(true);
    expect(caps('RUTX11', 'RUTX_R_00.02.01').has_wifi).toBe(false);
    expect(caps('RUTX11', 'RUTX_R_00.02.01.1').has_wifi).toBe(true);
    expect(caps('TRB140', 'TRB1_R_00.07.13').has_wifi).toBe(false);
  });

  it('hotspot: RUT360 07.00+, RUT300 07.06+, TRB except TRB141/142/145 from 07.06', () => {
    expect(caps('RUT360', 'RUT36X_R_00.06.08.3').has_hotspot).toBe(false);
    expect(caps('RUT360', 'RUT36X_R_00.07.00').has_hotspot).toBe(true);
    expect(caps('RUT300', 'RUT30X_R_00.07.05.4').has_hotspot).toBe(false);
    expect(caps('RUT300', 'RUT30X_R_00.07.06').has_hotspot).toBe(true);
    expect(caps('TRB140', 'TRB1_R_00.07.05.3').has_hotspot).toBe(false);
    expect(caps('TRB140', 'TRB1_R_00.07.06').has_hotspot).toBe(true);
    expect(caps('TRB500', 'TRB5_R_00.07.06').has_hotspot).toBe(true);
    for (const model of ['TRB141', 'TRB142', 'TRB145']) {
      expect(caps(model, 'TRB1_R_00.07.13').has_hotspot).toBe(false);
    }
  });

  it('DDNS: RUT2, RUT3, RUT9 07.00+; RUTX and TRB 02.04+', () => {
    expect(caps('RUT241', 'RUT2_R_00.01.14.7').has_ddns).toBe(false);
    expect(caps('RUT241', 'RUT2M_R_00.07.00').has_ddns).toBe(true);
    expect(caps('RUT360', 'RUT36X_R_00.06.08.3').has_ddns).toBe(false);
    expect(caps('RUT360', 'RUT36X_R_00.07.00').has_ddns).toBe(true);
    expect(caps('RUT955', 'RUT9XX_R_00.06.09').has_ddns).toBe(false);
    expect(caps('RUT955', 'RUT9_R_00.07.00').has_ddns).toBe(true);
    expect(caps('RUTX50', 'RUTX_R_00.02.03.1').has_ddns).toBe(false);
    expect(caps('RUTX50', 'RUTX_R_00.02.04').has_ddns).toBe(true);
    expect(caps('TRB141', 'TRB1_R_00.02.03.3').has_ddns).toBe(false);
    expect(caps('TRB141', 'TRB1_R_00.02.04').has_ddns).toBe(true);
  });

  it('legacy alerts below 07.13, legacy VPN below 07.06', () => {
    expect(caps('RUTX11', 'RUTX_R_00.07.12.3').has_legacy_alerts).toBe(true);
    expect(caps('RUTX11', 'RUTX_R_00.07.13').has_legacy_alerts).toBe(false);
    expect(caps('RUTX11', 'RUTX_R_00.07.05.4').has_legacy_vpn).toBe(true);
    expect(caps('RUTX11', 'RUTX_R_00.07.06').has_legacy_vpn).toBe(false);
    // Unknown firmware gains nothing, legacy flags included.
    expect(caps('RUTX11', 'garbage').has_legacy_alerts).toBe(false);
  });

  it('data usage: not for RUT300 and RUTX10; TRB500 needs 07.12', () => {
    expect(caps('RUT300', 'RUT30X_R_00.07.13').has_data_usage).toBe(false);
    expect(caps('RUTX10', 'RUTX_R_00.07.13').has_data_usage).toBe(false);
    expect(caps('RUTX11', 'RUTX_R_00.07.13').has_data_usage).toBe(true);
    expect(caps('TRB500', 'TRB5_R_00.07.11.3').has_data_usage).toBe(false);
    expect(caps('TRB500', 'TRB5_R_00.07.12').has_data_usage).toBe(true);
  });

  it('hardware flags: SIMs, second modem, eSIM, GPS, IO', () => {
    expect(caps('RUTX14', 'RUTX_R_00.07.13')).toMatchObject({
      sim_count: 2,
      has_second_modem: true,
      has_gps: true,
    });
    expect(caps('RUTX50', 'RUTX_R_00.07.13').has_esim).toBe(true);
    expect(caps('RUT240', 'RUT2_R_00.01.14.7')).toMatchObject({
      sim_count: 1,
      has_io: true,
      has_esim: false,
    });
    expect(caps('RUTX10', 'RUTX_R_00.07.13')).toMatchObject({ has_mobile: false, sim_count: 0 });
    expect(caps('TRB141', 'TRB1_R_00.07.13')).toMatchObject({ has_lan: false, port_count: 0 });
  });
});
