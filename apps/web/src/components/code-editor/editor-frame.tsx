import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { CodeEditorProps } from './code-editor';

/** The bordered box around the editor, shared by the editor and its loading placeholder. */
export function EditorFrame({
  height,
  minHeight,
  error,
  testId,
  children,
}: Pick<CodeEditorProps, 'height' | 'minHeight' | 'error' | 'testId'> & { children: ReactNode }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        border: 1,
        borderColor: error ? 'error.main' : 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        ...(height === '100%' ? { flex: '1 1 0', minHeight: minHeight ?? 0 } : { height: height ?? 'auto', minHeight }),
        '& .cm-editor': { height: '100%' },
        '& .cm-scroller': { fontSize: 13 },
        '& .cm-focused': { outline: 'none' },
      }}
    >
      {children}
    </Box>
  );
}
