import { cloneElement, type ReactElement, useId, useState } from 'react';
import './icon-tooltip.css';

/**
 * An icon button's tooltip in CSS: shown while the pointer is over the button (or the tooltip)
 * and while the button has the keyboard's focus (:hover, :focus-visible), gone when both leave.
 * Nothing to load and no focus to restore: the button is never drawn anew. The button keeps its
 * own accessible name (aria-label); the tooltip describes it (aria-describedby). Escape hides it
 * until the pointer or the focus leaves (WCAG 1.4.13: dismissible without moving either).
 */
export function IconTooltip({
  label,
  children,
}: {
  label: string;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only listens for Escape bubbling up from the button.
    <span
      className="icon-tooltip"
      data-dismissed={dismissed || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setDismissed(true);
      }}
      onBlur={() => setDismissed(false)}
      onMouseLeave={() => setDismissed(false)}
    >
      {cloneElement(children, { 'aria-describedby': id })}
      <span role="tooltip" id={id} className="icon-tooltip-text">
        {label}
      </span>
    </span>
  );
}
