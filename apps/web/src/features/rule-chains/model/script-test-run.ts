import type { ScriptTestRequest, ScriptTestResult } from '../rule-chain-types';
import {
  prettyOutput,
  toMap,
  validateScriptTest,
  type ScriptTestField,
  type ScriptTestForm,
} from './script-test-model';

export type ScriptTestOutcome =
  | { kind: 'invalid'; errors: Partial<Record<ScriptTestField, string>> }
  /** The server ran the script and reported an error (shown as an error toast). */
  | { kind: 'error'; message: string }
  /** The call itself failed; the HTTP client already told the user. */
  | { kind: 'failed' }
  | { kind: 'ok'; output: string };

/**
 * The dialog's Test (spec 2-calls §4): checks the form (§5), runs the script on the server and
 * pretty-prints its output. Save uses the same run and closes only on 'ok'.
 */
export async function runScriptTest(
  form: ScriptTestForm,
  scriptType: string,
  argNames: string[],
  call: (request: ScriptTestRequest) => Promise<ScriptTestResult>,
): Promise<ScriptTestOutcome> {
  const errors = validateScriptTest(form);
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  let result: ScriptTestResult;
  try {
    result = await call({
      script: form.script,
      scriptType,
      argNames,
      msgType: form.msgType,
      msg: form.payload,
      metadata: toMap(form.metadata),
    });
  } catch {
    return { kind: 'failed' };
  }
  if (result.error) return { kind: 'error', message: result.error };
  return { kind: 'ok', output: prettyOutput(result.output ?? '') };
}
