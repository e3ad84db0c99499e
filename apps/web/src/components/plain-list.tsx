import { Stack, type StackProps } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

type Props = StackProps & {
  /** Numbered (`ol`): the order means something (a budget's lines); else `ul`. */
  ordered?: boolean;
  children: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  tabIndex?: number;
  ref?: Ref<HTMLDivElement>;
};

/**
 * A list without bullets, its items stacked (cards, each a `li`). role="list" is said outright:
 * Safari drops a list's meaning when its bullets are hidden, and a screen reader no longer says
 * how many items there are.
 */
export function PlainList({ ordered = false, children, ...props }: Props) {
  return (
    <Stack component={ordered ? 'ol' : 'ul'} role="list" p={0} m={0} style={{ listStyle: 'none' }} {...props}>
      {children}
    </Stack>
  );
}
