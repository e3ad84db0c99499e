import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import './scroll-table.css';

/**
 * A wide table's box that scrolls sideways at 320 px (WCAG 1.4.10), shows a shadow on the side
 * where more of it lies, and that a keyboard can scroll too (2.1.1: focusable and named; a table
 * of plain figures holds nothing else to focus, and in one with buttons the box is one more stop,
 * named, before them).
 */
export function ScrollTable({
  label,
  minWidth,
  stickyFirstColumn = false,
  children,
}: {
  label: string;
  minWidth: number;
  /** The first column (the rows' names) stays in view while the figures scroll beside it. */
  stickyFirstColumn?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      tabIndex={0}
      role="region"
      aria-label={label}
      className={stickyFirstColumn ? 'scroll-table scroll-table-sticky-first' : 'scroll-table'}
    >
      {children}
    </Table.ScrollContainer>
  );
}
