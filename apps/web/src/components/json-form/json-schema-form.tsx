import CloseFullscreen from '@mui/icons-material/CloseFullscreen';
import OpenInFull from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Form from '@rjsf/mui';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formToUiSchema } from './form-to-ui-schema';
import { FORM_WIDGETS } from './form-widgets';

export interface JsonSchemaFormProps<T> {
  /** A JSON Schema (draft 7) of the value. */
  schema: object;
  /** ThingsBoard's form list (field order and types); empty keeps the schema's order. */
  form?: readonly unknown[] | null;
  value: T;
  /** Every edit, with the value's validity against the schema (ThingsBoard's modelValid). */
  onChange: (value: T, valid: boolean) => void;
  /** Heading above the form, shown next to the fullscreen toggle. */
  title?: string;
  disabled?: boolean;
}

/**
 * JSON-schema form of spec 1-client §2.8 on rjsf + MUI: colour, icon and image pickers, enums,
 * arrays of objects, schema defaults shown, and a fullscreen toggle for long settings. Rendered as a
 * <div> (not a <form>) so it can sit inside an editor dialog's own form.
 */
export function JsonSchemaForm<T>({ schema, form, value, onChange, title, disabled }: JsonSchemaFormProps<T>) {
  const { t } = useTranslation();
  const [fullscreen, setFullscreen] = useState(false);
  const uiSchema = useMemo<UiSchema>(
    () => ({ ...formToUiSchema(form), 'ui:submitButtonOptions': { norender: true } }),
    [form],
  );

  const body = (
    <Form
      tagName="div"
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      validator={validator}
      formData={value}
      widgets={FORM_WIDGETS}
      disabled={disabled}
      liveValidate="onChange"
      showErrorList={false}
      noHtml5Validate
      onChange={(event) => onChange(event.formData as T, event.errors.length === 0)}
    />
  );
  const label = fullscreen ? t('fullscreen.exit') : t('fullscreen.expand');
  const header = (
    <Stack direction="row" sx={{ alignItems: 'center', minHeight: 40 }}>
      <Typography variant="subtitle1" sx={{ flex: 1, minWidth: 0 }} noWrap>
        {title}
      </Typography>
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={() => setFullscreen(!fullscreen)} size="small">
          {fullscreen ? <CloseFullscreen fontSize="small" /> : <OpenInFull fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Stack>
  );

  if (fullscreen) {
    return (
      <Dialog open fullScreen onClose={() => setFullscreen(false)} aria-label={title ?? label}>
        <Box sx={{ px: { xs: 2, sm: 3 }, py: 1, borderBottom: 1, borderColor: 'divider' }}>{header}</Box>
        <Box sx={{ p: { xs: 2, sm: 3 }, overflow: 'auto', flex: 1 }}>{body}</Box>
      </Dialog>
    );
  }
  return (
    <Box>
      {header}
      {body}
    </Box>
  );
}
