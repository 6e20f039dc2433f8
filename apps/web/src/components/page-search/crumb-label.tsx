import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface CrumbLabels {
  labels: Readonly<Record<string, string>>;
  set: (path: string, text: string | null) => void;
}

const CrumbLabelContext = createContext<CrumbLabels>({ labels: {}, set: () => undefined });

/** Pages may name their own breadcrumb (e.g. "Tenant A: Users"); the shell reads the labels. */
export function CrumbLabelProvider({ children }: { children: ReactNode }) {
  const [labels, setLabels] = useState<Record<string, string>>({});
  // Stable setter, so pages' effects do not re-run each time a label changes.
  const set = useCallback<CrumbLabels['set']>(
    (path, text) =>
      setLabels((current) => {
        if ((current[path] ?? null) === text) return current;
        const next = Object.fromEntries(Object.entries(current).filter(([key]) => key !== path));
        if (text !== null) next[path] = text;
        return next;
      }),
    [],
  );
  const value = useMemo<CrumbLabels>(() => ({ labels, set }), [labels, set]);
  return <CrumbLabelContext value={value}>{children}</CrumbLabelContext>;
}

export function useCrumbLabels() {
  return useContext(CrumbLabelContext).labels;
}

/** Sets the breadcrumb text of the current page while it is shown. */
export function useCrumbLabel(text: string | undefined) {
  const { set } = useContext(CrumbLabelContext);
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  useEffect(() => {
    if (!text) return undefined;
    set(path, text);
    return () => set(path, null);
  }, [path, text, set]);
}
