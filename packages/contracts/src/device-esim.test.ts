import { describe, expect, it } from 'vitest';
import {
  activationCodeProblem,
  ESIM_MESSAGES,
  esimBootstrapStatusSchema,
  esimProfileArgsSchema,
  needsConfirmationCode,
} from './device-esim.ts';
import { COMMAND_TYPES } from './device-protocol.ts';
import { staticTelemetrySchema } from './device-telemetry.ts';

describe('eSIM activation codes (SGP.22)', () => {
  it('accepts the LPA:1$address$matching-id forms', () => {
    expect(activationCodeProblem('LPA:1$smdp.example.com$04386-AGYFT-A74Y8-3F815')).toBeNull();
    expect(activationCodeProblem('LPA:1$smdp.example.com$')).toBeNull();
    expect(activationCodeProblem('LPA:1$smdp.example.com$ABC$1.3.6.1.4.1.31746')).toBeNull();
    expect(activationCodeProblem('LPA:1$smdp.example.com$ABC$$1')).toBeNull();
    expect(needsConfirmationCode('LPA:1$smdp.example.com$ABC$$1')).toBe(true);
    expect(needsConfirmationCode('LPA:1$smdp.example.com$ABC')).toBe(false);
  });

  it('says what is wrong with anything else', () => {
    expect(activationCodeProblem('1$smdp.example.com$ABC')).toBe(ESIM_MESSAGES.activationPrefix);
    expect(activationCodeProblem('LPA:2$smdp.example.com$ABC')).toBe(
      ESIM_MESSAGES.activationFormat,
    );
    expect(activationCodeProblem('LPA:1$localhost$ABC')).toBe(ESIM_MESSAGES.activationAddress);
    expect(activationCodeProblem('LPA:1$smdp.example.com$abc')).toBe(
      ESIM_MESSAGES.activationMatchingId,
    );
    expect(activationCodeProblem('LPA:1$smdp.example.com$ABC$x.y')).toBe(
      ESIM_MESSAGES.activationOid,
    );
    expect(activationCodeProblem('LPA:1$smdp.example.com$ABC$$2')).toBe(
      ESIM_MESSAGES.activationFlag,
    );
    expect(activationCodeProblem('LPA:1$smdp.example.com$ABC$$1$more')).toBe(
      ESIM_MESSAGES.activationFormat,
    );
  });
});

describe('esim_profile args', () => {
  it('takes an activation code, or an ICCID for the other actions', () => {
    expect(
      esimProfileArgsSchema.safeParse({ action: 'add', activation_code: 'LPA:1$a.example$X' })
        .success,
    ).toBe(true);
    expect(
      esimProfileArgsSchema.safeParse({ action: 'enable', iccid: '8937000000000000001' }).success,
    ).toBe(true);
    expect(esimProfileArgsSchema.safeParse({ action: 'delete', iccid: '12345' }).success).toBe(
      false,
    );
    expect(
      esimProfileArgsSchema.safeParse({ action: 'rename', iccid: '8937000000000000001' }).success,
    ).toBe(false);
  });

  it('asks for the confirmation code when the activation code says so', () => {
    const missing = esimProfileArgsSchema.safeParse({
      action: 'add',
      activation_code: 'LPA:1$a.example$X$$1',
    });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['confirmation_code']);
    expect(
      esimProfileArgsSchema.safeParse({
        action: 'add',
        activation_code: 'LPA:1$a.example$X$$1',
        confirmation_code: '1234',
      }).success,
    ).toBe(true);
  });
});

describe('static telemetry', () => {
  it('carries the eSIM profiles when the device reports them', () => {
    const reading = staticTelemetrySchema.parse({
      hostname: 'RUTX50-0001',
      lan_ip: '192.168.1.1',
      esim_profiles: [
        { iccid: '8937000000000000001', name: 'IoT', operator: 'Telia', state: 'enabled' },
      ],
    });
    expect(reading.esim_profiles?.[0]?.state).toBe('enabled');
    expect(staticTelemetrySchema.parse({ hostname: 'x', lan_ip: null }).esim_profiles).toBe(
      undefined,
    );
    expect(
      staticTelemetrySchema.safeParse({
        hostname: 'x',
        lan_ip: null,
        esim_profiles: [{ iccid: '1', name: null, operator: null, state: 'enabled' }],
      }).success,
    ).toBe(false);
  });
});

describe('eSIM bootstrap status', () => {
  it('is a device command whose answer names the bootstrap profile, or null', () => {
    expect(COMMAND_TYPES).toContain('esim_bootstrap');
    const status = esimBootstrapStatusSchema.parse({
      bootstrap: { iccid: '8999000000000000001', provider: 'Vendor', enabled: true },
      operational_profile: false,
    });
    expect(status.bootstrap?.enabled).toBe(true);
    expect(
      esimBootstrapStatusSchema.parse({ bootstrap: null, operational_profile: true }).bootstrap,
    ).toBeNull();
  });

  it('refuses a bad ICCID, markup in the provider and missing fields', () => {
    const bootstrap = { iccid: '8999000000000000001', provider: 'Vendor', enabled: false };
    const parse = (value: unknown) => esimBootstrapStatusSchema.safeParse(value).success;
    expect(parse({ bootstrap: { ...bootstrap, iccid: '12' }, operational_profile: true })).toBe(
      false,
    );
    expect(
      parse({ bootstrap: { ...bootstrap, provider: '<script>' }, operational_profile: true }),
    ).toBe(false);
    expect(parse({ bootstrap })).toBe(false);
    expect(parse({ bootstrap: { iccid: bootstrap.iccid }, operational_profile: true })).toBe(false);
  });
});
