import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CodeEditor } from '../../../../components/code-editor';

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
 * code only runs in the sandboxed iframe.
 */
export function CodeField(props: CodeFieldProps) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="caption" color="text.secondary">
        {props.label}
      </Typography>
      <CodeEditor
        value={props.value}
        onChange={props.onChange}
        language={props.language}
        label={props.label}
        minHeight={props.minHeight ?? '160px'}
        maxHeight="50vh"
      />
      {props.hint && (
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {props.hint}
        </Typography>
      )}
    </Stack>
  );
}
