import type { TooltipProps } from '@mantine/core';
import { type ComponentType, type ReactElement, useEffect, useState } from 'react';

type Tooltip = ComponentType<TooltipProps>;

let loaded: Tooltip | null = null;
let loading: Promise<Tooltip | null> | null = null;

/** Mantine's Tooltip from its own file; null if it cannot be fetched (the control goes on without). */
function loadTooltip(): Promise<Tooltip | null> {
  loading ??= import('./tooltip-module').then(
    (m) => {
      loaded = m.default as Tooltip;
      return loaded;
    },
    () => null,
  );
  return loading;
}

/**
 * Mantine's Tooltip, whose positioning code (floating-ui, about 20 KB compressed) comes in a file
 * of its own (issue 16: it was a tenth of the wizard's first download, for the tooltips of two icon
 * buttons). It is fetched once the page that uses it is idle, normally before such a control is
 * drawn; one drawn earlier shows at once and gains its tooltip when the file arrives, and keeps
 * working without one if the file cannot be fetched. The control's accessible name never depends
 * on the tooltip (the controls carry an aria-label).
 */
export function DeferredTooltip({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const [Tooltip, setTooltip] = useState<Tooltip | null>(() => loaded);
  useEffect(() => {
    if (Tooltip) return;
    let live = true;
    void loadTooltip().then((found) => {
      if (live && found) setTooltip(() => found);
    });
    return () => {
      live = false;
    };
  }, [Tooltip]);
  return Tooltip ? <Tooltip {...props}>{children}</Tooltip> : children;
}

/** Fetches the tooltip's file ahead of the controls (the wizard calls it once it is idle). */
export function preloadTooltip() {
  void loadTooltip();
}
