import { javascript } from '@codemirror/lang-javascript';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import type { CodeFieldProps } from './code-field';

/** The CodeMirror half of CodeField; loaded lazily so the editor toolbar does not wait for it. */
export function CodeMirrorField(props: CodeFieldProps) {
  const theme = useTheme();
  const extensions = useMemo(
    () => [
      // CSS has no language package installed: plain text with line numbers is still an editor.
      ...(props.language === 'js' ? [javascript()] : []),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': props.label }),
    ],
    [props.language, props.label],
  );
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        '& .cm-scroller': { fontSize: 13 },
        '& .cm-focused': { outline: 'none' },
      }}
    >
      <CodeMirror
        value={props.value}
        onChange={props.onChange}
        theme={theme.palette.mode === 'dark' ? 'dark' : 'light'}
        minHeight={props.minHeight ?? '160px'}
        maxHeight="50vh"
        extensions={extensions}
        basicSetup={{ foldGutter: false }}
      />
    </Box>
  );
}
