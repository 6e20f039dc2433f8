import { createContext, useContext } from 'react';
import type { ComponentDescriptor } from '../rule-chain-types';

/** What drawn nodes need from the editor: the loaded components by class name. */
export interface EditorContextValue {
  components: readonly ComponentDescriptor[];
  byClass: ReadonlyMap<string, ComponentDescriptor>;
}

export const EditorContext = createContext<EditorContextValue>({ components: [], byClass: new Map() });

export const useEditorContext = () => useContext(EditorContext);
