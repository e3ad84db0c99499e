import type { ReactNode } from 'react';
import { UnsavedPart, useUnsavedRegistry } from './unsaved-changes';

/**
 * For tests of a form that reports what it holds unsaved: the form inside a part named "form",
 * and the parts reported, comma-separated, in an output a test reads (testid unsaved-parts).
 */
export function UnsavedPartsProbe({ children }: { children: ReactNode }) {
  const { registry, parts } = useUnsavedRegistry();
  return (
    <>
      <UnsavedPart registry={registry} name="form">
        {children}
      </UnsavedPart>
      <output data-testid="unsaved-parts">{parts.join(',')}</output>
    </>
  );
}
