import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';

const CodeMirrorField = lazy(() => import('./code-mirror-field').then((m) => ({ default: m.CodeMirrorField })));

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  language: 'js' | 'css';
  /** Shown above the editor and given to it as its accessible name. */
  label: string;
  /** Text under the editor (e.g. the function's signature). */
  hint?: string;
  minHeight?: string;
}

/**
 * Code kept as text (widget action functions, dashboard CSS). The app never runs it: custom action
 * code only runs in the sandboxed iframe. A plain text area stands in while CodeMirror loads.
 */
export function CodeField(props: CodeFieldProps) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="caption" color="text.secondary">
        {props.label}
      </Typography>
      <Suspense
        fallback={
          <TextField
            multiline
            minRows={6}
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
            slotProps={{ htmlInput: { 'aria-label': props.label, style: { fontFamily: 'monospace' } } }}
          />
        }
      >
        <CodeMirrorField {...props} />
      </Suspense>
      {props.hint && (
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {props.hint}
        </Typography>
      )}
    </Stack>
  );
}
