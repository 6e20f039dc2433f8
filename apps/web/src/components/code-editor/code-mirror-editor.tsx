import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { useTheme } from '@mui/material/styles';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import { EditorFrame } from './editor-frame';
import type { CodeEditorProps } from './code-editor';

/** The CodeMirror editor behind CodeEditor (its own chunk: CodeMirror alone is ~170 kB gzip). */
export function CodeMirrorEditor(props: CodeEditorProps) {
  const { value, onChange, language, readOnly, height, minHeight, maxHeight, label, foldGutter } = props;
  const theme = useTheme();
  const extensions = useMemo(
    () => [
      // CSS has no language package installed: plain text with line numbers is still an editor.
      ...(language === 'js' ? [javascript()] : language === 'json' ? [json()] : []),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [language, label],
  );
  const fill = height === '100%';
  return (
    <EditorFrame {...props}>
      <CodeMirror
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        editable={!readOnly}
        theme={theme.palette.mode === 'dark' ? 'dark' : 'light'}
        height={fill ? '100%' : undefined}
        minHeight={minHeight}
        maxHeight={maxHeight}
        style={{ height: fill ? '100%' : undefined }}
        extensions={extensions}
        basicSetup={{ foldGutter: foldGutter ?? false, highlightActiveLine: !readOnly }}
      />
    </EditorFrame>
  );
}
