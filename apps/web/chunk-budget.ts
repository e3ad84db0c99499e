import type { Plugin } from 'vite';

/** kB a chunk may weigh after minification unless it is named below (Vite counts 1,000 bytes). */
export const CHUNK_KB = 1200;

/**
 * Chunks allowed more, by the name they start with: the survey form is SurveyJS (about 1,600 kB,
 * 360 kB compressed), loaded only on a survey step and in the survey builder.
 */
const LARGER: Array<[prefix: string, kb: number]> = [['survey-form', 1700]];

/** The largest ceiling, for Vite's own warning, which knows one limit for every chunk. */
export const LARGEST_CHUNK_KB = Math.max(CHUNK_KB, ...LARGER.map(([, kb]) => kb));

/**
 * Warns about a chunk over its ceiling: the entry chunk keeps the general one (the first paint
 * waits for it, decision 0019), the survey form its own.
 */
export function chunkBudget(): Plugin {
  return {
    name: 'impact-chunk-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const kb = chunk.code.length / 1000;
        const ceiling = LARGER.find(([prefix]) => chunk.name.startsWith(prefix))?.[1] ?? CHUNK_KB;
        if (kb > ceiling)
          this.warn(`${chunk.fileName} is ${kb.toFixed(0)} kB, over its ${ceiling} kB (chunk-budget.ts)`);
      }
    },
  };
}
