import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: 'js' | 'json';
  readOnly?: boolean;
  /** CSS height; '100%' fills the parent. */
  height?: string;
  minHeight?: string;
  /** Accessible name of the editing area. */
  label: string;
  error?: boolean;
  testId?: string;
}

/** A CodeMirror editor for scripts and JSON, themed with the app's light/dark mode. */
export function CodeEditor({
  value,
  onChange,
  language,
  readOnly,
  height,
  minHeight,
  label,
  error,
  testId,
}: CodeEditorProps) {
  const theme = useTheme();
  const extensions = useMemo(
    () => [
      language === 'js' ? javascript() : json(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [language, label],
  );
  return (
    <Box
      data-testid={testId}
      sx={{
        border: 1,
        borderColor: error ? 'error.main' : 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        ...(height === '100%' ? { flex: '1 1 0', minHeight: 0 } : { height: height ?? 'auto' }),
        '& .cm-editor': { height: '100%' },
        '& .cm-scroller': { fontSize: 13 },
        '& .cm-focused': { outline: 'none' },
      }}
    >
      <CodeMirror
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        editable={!readOnly}
        theme={theme.palette.mode === 'dark' ? 'dark' : 'light'}
        height={height === '100%' ? '100%' : undefined}
        minHeight={minHeight}
        style={{ height: height === '100%' ? '100%' : undefined }}
        extensions={extensions}
        basicSetup={{ foldGutter: false, highlightActiveLine: !readOnly }}
      />
    </Box>
  );
}
