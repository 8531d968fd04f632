import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBrandDir } from './brand-plugin';

let brandsDir: string;

beforeAll(() => {
  brandsDir = mkdtempSync(join(tmpdir(), 'netfleet-brands-'));
  for (const name of ['default', 'north_wind-2']) mkdirSync(join(brandsDir, name));
  writeFileSync(join(brandsDir, 'notes.txt'), 'not a brand');
});

afterAll(() => rmSync(brandsDir, { recursive: true, force: true }));

describe('resolveBrandDir', () => {
  it('uses the default brand when BRAND is unset or empty', () => {
    expect(resolveBrandDir(brandsDir, undefined)).toBe(join(brandsDir, 'default'));
    expect(resolveBrandDir(brandsDir, '')).toBe(join(brandsDir, 'default'));
  });

  it('accepts a folder name the server accepts', () => {
    expect(resolveBrandDir(brandsDir, 'north_wind-2')).toBe(join(brandsDir, 'north_wind-2'));
  });

  it('refuses paths and odd names, naming the brands there are', () => {
    for (const name of ['../default', 'north/wind', '-x', '.hidden', 'a b']) {
      expect(() => resolveBrandDir(brandsDir, name)).toThrow(
        `BRAND=${JSON.stringify(name)} is not a brand folder name`,
      );
    }
    expect(() => resolveBrandDir(brandsDir, '../default')).toThrow(
      'available: default, north_wind-2',
    );
  });

  it('refuses a brand without a folder, and a file', () => {
    expect(() => resolveBrandDir(brandsDir, 'acme')).toThrow(
      /^BRAND="acme": there is no brand folder .*acme \(available: default, north_wind-2\)$/,
    );
    expect(() => resolveBrandDir(brandsDir, 'notes')).toThrow('there is no brand folder');
  });
});
