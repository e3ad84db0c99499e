import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

export type SavedMeanwhileTexts = { title: string; body: string; loadTheirs: string; saveMine: string };

/**
 * Shown instead of saving over someone else's work (a save refused because the record was saved
 * since the form loaded it): the changes stay on screen until the person chooses to load the other
 * version (dropping the changes) or to save the changes over it. Each form says in its own words
 * whose work it is.
 */
export function SavedMeanwhileAlert({
  texts,
  onLoadTheirs,
  onSaveMine,
  busy,
}: {
  texts: SavedMeanwhileTexts;
  onLoadTheirs: () => void;
  onSaveMine: () => void;
  busy: boolean;
}) {
  // The refused save's button may be far below (a long form): the choice is brought into view and
  // focused, so that it is the next thing a keyboard user meets; a screen reader reads it on focus
  // (a region named by its title), once, where role="alert" and the focus would read it twice.
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Centred: a fixed header covers the top of the page.
    alert.current?.scrollIntoView?.({ block: 'center' });
    alert.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Alert ref={alert} tabIndex={-1} color="orange" role="region" title={texts.title}>
      <Text size="sm">{texts.body}</Text>
      <Group gap="sm" mt="sm">
        <Button variant="default" onClick={onLoadTheirs} disabled={busy}>
          {texts.loadTheirs}
        </Button>
        <Button onClick={onSaveMine} loading={busy}>
          {texts.saveMine}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * The alert's buttons go with it: once a choice hides it, focus would fall to the page's body and
 * a keyboard user would start again from the top of the document. It goes to the page's main
 * region instead (the layout's `#main`, the skip link's target), where the next Tab continues.
 */
export function useFocusKeptWhenHidden(shown: boolean) {
  const wasShown = useRef(false);
  useEffect(() => {
    if (wasShown.current && !shown) {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost) document.getElementById('main')?.focus({ preventScroll: true });
    }
    wasShown.current = shown;
  }, [shown]);
}
