import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** Spec 1-client §2.5 / §9: typing in the toolbar search reaches the page after 150 ms of quiet. */
export const SEARCH_DEBOUNCE_MS = 150;

interface PageSearchValue {
  /** What is in the box right now. */
  text: string;
  setText: (text: string) => void;
  /** The text pages search for (debounced). */
  debounced: string;
}

const PageSearchContext = createContext<PageSearchValue>({ text: '', setText: () => undefined, debounced: '' });

/** Holds the search box text; `resetKey` (the route) clears it when the page changes. */
export function PageSearchProvider({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');

  useEffect(() => {
    setText('');
    setDebounced('');
  }, [resetKey]);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const value = useMemo(() => ({ text, setText, debounced }), [text, debounced]);
  return <PageSearchContext value={value}>{children}</PageSearchContext>;
}

/** For the toolbar's search box. */
export function usePageSearchBox() {
  const { text, setText } = useContext(PageSearchContext);
  return { text, setText };
}

/** For pages whose route has `search: true`: the debounced search text. */
export function usePageSearch(): string {
  return useContext(PageSearchContext).debounced;
}
