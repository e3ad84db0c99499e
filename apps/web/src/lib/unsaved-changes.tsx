import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useMemo, useState } from 'react';

/**
 * Forms that save on their own (a call's reminders, its rubric, a message being written) tell the
 * page around them whether they hold changes not yet saved, so that the page can ask before they
 * are left behind. The page keeps a registry (`useUnsavedRegistry`) and marks its parts with
 * `UnsavedPart`; a form inside a part calls `useUnsavedChanges(unsaved)`. A form reports while it
 * is mounted: a part the page hides but keeps mounted (a tab visited) keeps its report.
 */
type Registry = { report: (part: string, form: string, unsaved: boolean) => void };

const PartContext = createContext<{ registry: Registry; part: string } | null>(null);

/** The page's side: the parts that hold unsaved changes now, in the order they first reported. */
export function useUnsavedRegistry() {
  const [forms, setForms] = useState<ReadonlyArray<{ part: string; form: string }>>([]);
  const report = useCallback((part: string, form: string, unsaved: boolean) => {
    setForms((now) => {
      const has = now.some((f) => f.form === form);
      if (unsaved === has) return now;
      return unsaved ? [...now, { part, form }] : now.filter((f) => f.form !== form);
    });
  }, []);
  const registry = useMemo<Registry>(() => ({ report }), [report]);
  const parts = useMemo(() => [...new Set(forms.map((f) => f.part))], [forms]);
  return { registry, parts };
}

/** A part of the page (a tab) whose forms report to `registry` under `name`. */
export function UnsavedPart({ registry, name, children }: { registry: Registry; name: string; children: ReactNode }) {
  const value = useMemo(() => ({ registry, part: name }), [registry, name]);
  return <PartContext.Provider value={value}>{children}</PartContext.Provider>;
}

/** A form's side: whether it holds changes not saved. Outside any part it does nothing. */
export function useUnsavedChanges(unsaved: boolean) {
  const place = useContext(PartContext);
  const form = useId();
  useEffect(() => {
    if (!place) return;
    place.registry.report(place.part, form, unsaved);
    return () => place.registry.report(place.part, form, false);
  }, [place, form, unsaved]);
}
