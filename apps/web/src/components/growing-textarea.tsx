import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';

type Props = Omit<TextareaProps, 'autosize' | 'rows'> & { minRows: number; maxRows?: number };

/**
 * A textarea that grows with its text, sized by the browser (CSS `field-sizing: content`, in
 * global.css) instead of Mantine's `autosize`, which measures the field with getComputedStyle on
 * mount and on every keystroke: each time a forced style and layout pass of the whole page (on the
 * wizard's first render ~100 ms of one task on a laptop, four times that on a slow phone; and on a
 * slow laptop typing a long answer, one per key). A browser without `field-sizing` shows the
 * minimum rows with a resize handle, and the field scrolls.
 */
export function GrowingTextarea({ minRows, maxRows, classNames, ...props }: Props) {
  const rows = { '--grow-min-rows': minRows, '--grow-max-rows': maxRows ?? 1000 } as CSSProperties;
  return (
    <Textarea
      {...props}
      rows={minRows}
      styles={{ input: rows }}
      classNames={{ ...(typeof classNames === 'object' ? classNames : {}), input: 'growing-textarea' }}
    />
  );
}
