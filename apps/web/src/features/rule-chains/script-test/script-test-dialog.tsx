import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { MESSAGE_TYPES } from '@sapo/common';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications';
import {
  DEFAULT_TEST_METADATA,
  DEFAULT_TEST_PAYLOAD,
  prettyOutput,
  toRows,
  validateScriptTest,
  type ScriptTestForm,
} from '../model/script-test-model';
import { runScriptTest } from '../model/script-test-run';
import { useRuleChainApi } from '../rule-chains-queries';
import { CodeEditor } from '../../../components/code-editor';
import { KeyValueEditor } from './key-value-editor';
import { argNamesOf, functionName, type ScriptType } from './script-types';

export interface ScriptTestDialogProps {
  script: string;
  scriptType: ScriptType;
  /** A message to start from (the node's last input from debugIn), else ThingsBoard's sample. */
  msg?: string | undefined;
  metadata?: Record<string, string> | undefined;
  msgType?: string | undefined;
  /** Save closes with the script; Cancel with null (spec 2-calls §4). */
  onClose: (script: string | null) => void;
}

/**
 * 'Test script function' (spec 2-calls §2): message and type top left, metadata top right, the script
 * bottom left, the output bottom right (35/65 rows, 50/50 columns).
 */
export function ScriptTestDialog(props: ScriptTestDialogProps) {
  const { t } = useTranslation();
  const api = useRuleChainApi();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [form, setForm] = useState<ScriptTestForm>({
    msgType: props.msgType ?? 'POST_TELEMETRY_REQUEST',
    payload: props.msg ? prettyOutput(props.msg) : DEFAULT_TEST_PAYLOAD,
    metadata: props.metadata ? toRows(props.metadata) : DEFAULT_TEST_METADATA,
    script: props.script,
  });
  const [output, setOutput] = useState('');
  const [tried, setTried] = useState(false);
  const [running, setRunning] = useState(false);
  const errors = validateScriptTest(form);
  const argNames = argNamesOf(props.scriptType);

  /** Runs the script on the server; true when it ran without error. */
  const test = async (): Promise<boolean> => {
    setTried(true);
    setRunning(true);
    const outcome = await runScriptTest(form, props.scriptType, argNames, api.testScript).finally(() =>
      setRunning(false),
    );
    if (outcome.kind === 'error') notify({ message: outcome.message, type: 'error' });
    if (outcome.kind === 'ok') setOutput(outcome.output);
    else if (outcome.kind === 'error') setOutput('');
    return outcome.kind === 'ok';
  };

  const save = async () => {
    if (await test()) props.onClose(form.script);
  };

  return (
    <Dialog
      open
      onClose={() => props.onClose(null)}
      fullScreen={phone}
      fullWidth
      maxWidth="xl"
      aria-labelledby="script-test-title"
    >
      <LinearProgress sx={{ visibility: running ? 'visible' : 'hidden' }} />
      <DialogTitle id="script-test-title">{t('rulenode.test-script-function')}</DialogTitle>
      <DialogContent
        dividers
        sx={{
          display: 'grid',
          gap: 2,
          height: phone ? 'auto' : '75vh',
          gridTemplateColumns: phone ? '1fr' : '1fr 1fr',
          gridTemplateRows: phone ? 'auto' : '35fr 65fr',
        }}
      >
        <Pane title={t('rulenode.message')}>
          <TextField
            select
            size="small"
            label={t('rulenode.message-type')}
            value={form.msgType}
            onChange={(e) => setForm({ ...form, msgType: e.target.value })}
            error={tried && Boolean(errors.msgType)}
            helperText={tried && errors.msgType ? t(errors.msgType) : undefined}
            sx={{ mb: 1, maxWidth: 320 }}
            slotProps={{ htmlInput: { 'data-testid': 'script-test-msg-type' } }}
          >
            {MESSAGE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
          <CodeEditor
            language="json"
            label={t('rulenode.message')}
            value={form.payload}
            onChange={(payload) => setForm((f) => ({ ...f, payload }))}
            height={phone ? '160px' : '100%'}
            error={tried && Boolean(errors.payload)}
            testId="script-test-payload"
          />
          {tried && errors.payload && <FormHelperText error>{t(errors.payload)}</FormHelperText>}
        </Pane>
        <Pane title={t('rulenode.metadata')}>
          <Box sx={{ overflowY: 'auto', pt: 1 }}>
            <KeyValueEditor
              rows={form.metadata}
              onChange={(metadata) => setForm({ ...form, metadata })}
              showErrors={tried}
            />
            {tried && errors.metadata && <FormHelperText error>{t(errors.metadata)}</FormHelperText>}
          </Box>
        </Pane>
        <Pane title={`function ${functionName(props.scriptType)}(${argNames.join(', ')}) {`} mono>
          <CodeEditor
            language="js"
            label={t('rulenode.script')}
            value={form.script}
            onChange={(script) => setForm((f) => ({ ...f, script }))}
            height={phone ? '220px' : '100%'}
            testId="script-test-script"
          />
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {'}'}
          </Typography>
        </Pane>
        <Pane title={t('rulenode.output')}>
          <CodeEditor
            language="json"
            readOnly
            label={t('rulenode.output')}
            value={output}
            height={phone ? '160px' : '100%'}
            testId="script-test-output"
          />
        </Pane>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={() => void test()} disabled={running} sx={{ mr: 'auto' }}>
          {t('rulenode.test')}
        </Button>
        <Button onClick={() => props.onClose(null)}>{t('action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={running}>
          {t('action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Pane({ title, mono, children }: { title: string; mono?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0 }}>
      <Typography
        variant="subtitle2"
        component="h3"
        sx={{ mb: 1, ...(mono ? { fontFamily: 'monospace', fontWeight: 400 } : {}) }}
      >
        {title}
      </Typography>
      <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{children}</Box>
    </Box>
  );
}
