import type { TooltipProps } from '@mantine/core';
import { lazy, type ReactElement, Suspense } from 'react';

const Tooltip = lazy(() => import('./tooltip-module'));

/**
 * Mantine's Tooltip, whose positioning code (floating-ui, about 20 KB compressed) comes in a file
 * of its own (issue 16: it was a tenth of the wizard's first download, for the tooltips of two icon
 * buttons). The control shows at once and gains its tooltip a moment later; its accessible name
 * never depends on the tooltip (the controls carry an aria-label).
 */
export function DeferredTooltip({ children, ...props }: TooltipProps & { children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
