import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import { EditorFrame } from './editor-frame';

const CodeMirrorEditor = lazy(() => import('./code-mirror-editor').then((m) => ({ default: m.CodeMirrorEditor })));

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** 'css' edits as plain text (no CSS language package is installed). */
  language: 'js' | 'json' | 'css';
  readOnly?: boolean;
  /** CSS height; '100%' fills a flex parent. */
  height?: string;
  minHeight?: string;
  maxHeight?: string;
  /** Accessible name of the editing area. */
  label: string;
  error?: boolean;
  foldGutter?: boolean;
  testId?: string;
}

/**
 * A code editor (scripts, JSON, CSS) themed with the app's light/dark mode. CodeMirror loads on first
 * use, so the pages that may show an editor do not carry it; a thin progress bar holds its place.
 */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense
      fallback={
        <EditorFrame {...props} minHeight={props.minHeight ?? '160px'}>
          <LinearProgress aria-label={props.label} />
        </EditorFrame>
      }
    >
      <CodeMirrorEditor {...props} />
    </Suspense>
  );
}
