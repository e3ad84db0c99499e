import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Every palette a component may be given (`color="blue"`), as the theme makes it. */
const palettes = Object.entries({ ...DEFAULT_THEME.colors, ...theme.colors }).map(
  ([name, shades]) => [name, shades as MantineColorsTuple] as const,
);
/** The shade filled and outline variants paint with (the theme's primary shade in the light scheme). */
const primary = (typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade) ?? 6;

/** `hex` laid at `alpha` over white, as Mantine's outline hover (alpha(shade 8, 0.05)) shows. */
function overWhite(hex: string, alpha: number): string {
  const mixed = [1, 3, 5].map((i) => Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * alpha + 255 * (1 - alpha)));
  return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/*
 * The pairs Mantine 9 paints in the light colour scheme (get-css-color-variables): filled = the
 * primary shade (8 here) under white, its hover the next shade; outline = the primary shade on
 * white, on a 5 % tint of it under the pointer; light and subtle = shade 9 on shade 1, shade 2 under the pointer. Text
 * must reach 4.5:1 on each (WCAG 1.4.3).
 */
describe('the theme’s colours reach 4.5:1 in every variant', () => {
  it.each(palettes)('%s', (_name, shades) => {
    const filled = shades[primary] as string;
    const filledHover = shades[primary === 9 ? 8 : primary + 1] as string;
    expect(contrast('#ffffff', filled)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', filledHover)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(filled, overWhite(filled, 0.05))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades[9], shades[2])).toBeGreaterThanOrEqual(4.5);
  });

  it('measures as the WCAG formula does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    // The hovered "Back to calls" axe found: 4.06:1 before the theme's shade 9 was darkened.
    expect(contrast('#087a57', '#96f2d7')).toBeCloseTo(4.06, 2);
    // And a hovered red outline button (Delete my data): 4.33:1 before shade 8 was darkened.
    expect(contrast('#dc3030', overWhite('#dc3030', 0.05))).toBeCloseTo(4.33, 1);
  });
});
