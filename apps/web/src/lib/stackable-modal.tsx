import { Modal, type ModalProps } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useRef } from 'react';

/**
 * A Mantine Modal over which others open (a confirmation, a dialog, a popover): Escape closes only
 * the one it was pressed in. Each Mantine modal listens for Escape on the window, so Escape on a
 * confirmation opened over a dialog closed both at once (and a message typed in the dialog was
 * lost). This one closes when the key was pressed in itself, or outside every dialog (focus
 * fallen to the page), never when pressed in another dialog: that one closes itself.
 */
export function StackableModal({ children, ...props }: ModalProps) {
  return (
    <Modal {...props} closeOnEscape={false}>
      <EscapeHere onClose={props.onClose} />
      {children}
    </Modal>
  );
}

/**
 * Mounted with the modal's content: finds its dialog from inside it. Listens in the capture phase,
 * as Mantine's modals do, so that it sees what the key was pressed in before that reacts: an open
 * Select or a menu item marks itself (`data-mantine-stop-propagation`) and closes alone.
 */
function EscapeHere({ onClose }: { onClose: () => void }) {
  const marker = useRef<HTMLSpanElement>(null);
  // A dialog drawn only while open (its opener unmounts it rather than closing it) never gets
  // Mantine's focus return: the keyboard fell to the page, behind any dialog still open. Given
  // back here to what had it before, when nothing else took it meanwhile.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      requestAnimationFrame(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
      });
    };
  }, []);
  useWindowEvent(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
      const ours = marker.current?.closest('[role="dialog"]');
      if (!ours) return;
      const pressedIn = target?.closest('[role="dialog"]') ?? null;
      // Pressed on the page (the focus fell there): only the topmost of the open dialogs closes.
      const modals = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (pressedIn === ours || (!pressedIn && modals[modals.length - 1] === ours)) onClose();
    },
    { capture: true },
  );
  return <span ref={marker} hidden />;
}
