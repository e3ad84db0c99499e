import { Button, Drawer } from '@mantine/core';
import { type ReactNode, useState } from 'react';

type Props = {
  label: string;
  /** What a screen reader hears for the button when it says more than its label (an unread count). */
  ariaLabel?: string;
  icon: ReactNode;
  rightSection?: ReactNode;
  title: string;
  closeLabel: string;
  /** The drawer's content, made only while it is open. */
  children: () => ReactNode;
};

/** A light button that opens a panel in a drawer on the right (the wizard's comments and messages). */
export function DrawerButton({ label, ariaLabel, icon, rightSection, title, closeLabel, children }: Props) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        size="sm"
        leftSection={icon}
        rightSection={rightSection}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        aria-label={ariaLabel}
      >
        {label}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="lg"
        title={title}
        closeButtonProps={{ 'aria-label': closeLabel }}
      >
        {opened && children()}
      </Drawer>
    </>
  );
}
