import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const assets = path.resolve(import.meta.dirname, '../dist/assets');

/**
 * The built app asks no other site for anything: the Content Security Policy would block it, and a
 * third party would learn who visits (npm test builds before it tests, so dist/ is this build).
 */
describe('built assets', () => {
  it('carry no reference to another site in their CSS', () => {
    const css = fs.readdirSync(assets).filter((f) => f.endsWith('.css'));
    expect(css.length).toBeGreaterThan(0);
    for (const file of css) {
      const text = fs.readFileSync(path.join(assets, file), 'utf8');
      expect(text.match(/url\(\s*["']?https?:\/\/[^)]*\)/g) ?? [], file).toEqual([]);
    }
  });
});
