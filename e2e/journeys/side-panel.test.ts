import { inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/journey';
import { DEMO, signIn } from '../support/sign-in';

/**
 * The colour of one pixel of the whole page as captured (not only the window): a 1×1 PNG, whose one
 * row any PNG filter leaves as it is, so inflating its data gives the RGB after the filter byte.
 */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({ fullPage: true, clip: { x, y, width: 1, height: 1 } });
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return [...inflateSync(Buffer.concat(chunks)).subarray(1, 4)];
}

describe('the side panel', () => {
  const app = useBrowser();

  it('is white down the whole height of a page longer than the window', async () => {
    const { context, page } = await app.newPage();
    await page.setViewportSize({ width: 1280, height: 500 });
    await signIn(page, DEMO.admin, '/admin/audit');
    await page.getByRole('table').waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(700);
    // Inside the panel's column, near the page's foot: below the first window's height.
    expect(await pixel(page, 20, height - 10)).toEqual([255, 255, 255]);
    // The page beside it keeps its grey.
    expect(await pixel(page, 600, height - 100)).not.toEqual([255, 255, 255]);
    await context.close();
  });
});
