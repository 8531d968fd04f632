import { describe, expect, it } from 'vitest';
import {
  optionNames,
  optionProblem,
  optionSpecs,
  parseValue,
  sectionTypes,
  valueHint,
} from './config-schema';

describe('configuration schema helpers', () => {
  it("offers the path's section types and the options of the type chosen", () => {
    expect(sectionTypes('/firewall/web')).toEqual(['defaults', 'rule']);
    expect(sectionTypes('/vpn/office')).toEqual([]);
    expect(optionNames('/firewall/web', 'defaults')).toEqual([
      'forward',
      'input',
      'output',
      'syn_flood',
    ]);
    // A put names no type: every type's options.
    expect(optionNames('/wireless/radio0', '')).toContain('ssid');
    expect(optionNames('/wireless/radio0', '')).toContain('htmode');
  });

  it('checks a value against every type that has the option when the type is not named', () => {
    const specs = optionSpecs('/wireless/radio0', '', 'disabled');
    expect(specs).toHaveLength(2);
    expect(optionProblem(specs, '1')).toBeNull();
    expect(optionProblem(specs, 'yes')).toBe('Use 0 or 1');
    // Unknown to the schema: nothing to say.
    expect(optionProblem(optionSpecs('/network/lan', '', 'vendor_flag'), 'x')).toBeNull();
  });

  it('reads a list option as its comma-separated entries, and hints at what it takes', () => {
    const dns = optionSpecs('/network/lan', 'interface', 'dns');
    expect(parseValue(dns, '1.1.1.1, 8.8.8.8,')).toEqual(['1.1.1.1', '8.8.8.8']);
    expect(optionProblem(dns, parseValue(dns, '1.1.1.1, 8.8.8'))).toBe('Use an IPv4 address');
    expect(parseValue(optionSpecs('/system/main', 'system', 'hostname'), 'a, b')).toBe('a, b');
    const [spec] = dns;
    expect(spec && valueHint(spec)).toBe('IPv4 address, comma separated');
  });
});
