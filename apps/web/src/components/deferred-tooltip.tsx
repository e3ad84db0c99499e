import type { TooltipProps } from '@mantine/core';
import { type ComponentType, type ReactElement, useEffect, useLayoutEffect, useRef, useState } from 'react';

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
 * of its own (it was a tenth of the wizard's first download, for the tooltips of two icon
 * buttons). It is fetched once the page that uses it is idle, normally before such a control is
 * drawn; one drawn earlier shows at once and gains its tooltip when the file arrives, and keeps
 * working without one if the file cannot be fetched. The control's accessible name never depends
 * on the tooltip (the controls carry an aria-label).
 */
export function DeferredTooltip({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const [Tooltip, setTooltip] = useState<Tooltip | null>(() => loaded);
  const holder = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (Tooltip) return;
    let live = true;
    void loadTooltip().then((found) => {
      if (!live || !found) return;
      hadFocus.current = holder.current?.contains(document.activeElement) ?? false;
      setTooltip(() => found);
    });
    return () => {
      live = false;
    };
  }, [Tooltip]);
  // Inside the tooltip the control is drawn anew: one that had the keyboard's focus gets it back
  // (it would otherwise fall to the page's body, and a keyboard user would start over from the top).
  useLayoutEffect(() => {
    if (!Tooltip || !hadFocus.current) return;
    hadFocus.current = false;
    holder.current?.querySelector<HTMLElement>('button, a[href], input, [tabindex]')?.focus();
  }, [Tooltip]);
  // display: contents: the holder takes no box, so the control sits in its row as before.
  return (
    <span ref={holder} style={{ display: 'contents' }}>
      {/* On keyboard focus too, not only under the mouse (WCAG 1.4.13, 2.1.1). */}
      {Tooltip ? (
        <Tooltip events={{ hover: true, focus: true, touch: false }} {...props}>
          {children}
        </Tooltip>
      ) : (
        children
      )}
    </span>
  );
}

/** Fetches the tooltip's file ahead of the controls (the wizard calls it once it is idle). */
export function preloadTooltip() {
  void loadTooltip();
}
