import FileUpload from '@mui/icons-material/FileUpload';
import Button from '@mui/material/Button';
import { useRef } from 'react';

export interface ImportJsonButtonProps {
  label: string;
  /** The chosen file; the input is reset so the same file can be chosen again. */
  onFile: (file: File) => void;
  /** Test id of the hidden file input (tests set files on it directly). */
  inputTestId: string;
}

/** An outlined "Import …" button that opens the file chooser for a JSON file. */
export function ImportJsonButton({ label, onFile, inputTestId }: ImportJsonButtonProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<FileUpload />} onClick={() => fileInput.current?.click()}>
        {label}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid={inputTestId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
