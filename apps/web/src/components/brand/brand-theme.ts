// Mantine theme from the brand's main colour: ten shades around it (Mantine's primary shade
// index 6 is the brand colour itself), lighter ones mixed with white, darker ones with black.
import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { Brand } from './brand-schema';

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function mix(rgb: readonly number[], target: number, amount: number): number[] {
  return rgb.map((channel) => channel + (target - channel) * amount);
}

const BASE_INDEX = 6;
const LIGHTEST_MIX = 0.92;
const DARK_STEP = 0.14;

export function colorShades(hex: string): MantineColorsTuple {
  const rgb = parseHex(hex);
  const shades = Array.from({ length: 10 }, (_, index) => {
    if (index < BASE_INDEX)
      return toHex(mix(rgb, 255, (LIGHTEST_MIX * (BASE_INDEX - index)) / BASE_INDEX));
    if (index === BASE_INDEX) return hex.toLowerCase();
    return toHex(mix(rgb, 0, DARK_STEP * (index - BASE_INDEX)));
  });
  return shades as unknown as MantineColorsTuple;
}

export function brandTheme(brand: Pick<Brand, 'main_color'>): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 5 },
    colors: { brand: colorShades(brand.main_color) },
    defaultRadius: 'sm',
  });
}
