import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is too narrow for a short table with actions or a row of choices (40em): at
 * 390 px the reports' and tranches' tables scrolled sideways, their buttons off-screen. Read at
 * once, so the page is not drawn wide first and narrow a moment later.
 */
export function useNarrowScreen(): boolean {
  return useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
}
