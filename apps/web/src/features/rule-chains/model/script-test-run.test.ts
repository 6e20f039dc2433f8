import { describe, expect, it, vi } from 'vitest';
import { runScriptTest } from './script-test-run';

const form = {
  msgType: 'POST_TELEMETRY_REQUEST',
  payload: '{"temperature": 25}',
  metadata: [{ key: 'deviceName', value: 'A' }],
  script: 'return msg.temperature > 20;',
};

describe('script test run (spec 2-calls §4)', () => {
  it('sends ThingsBoard’s request and pretty-prints the output', async () => {
    const call = vi.fn().mockResolvedValue({ output: '{"msg":{"a":1}}', error: '' });
    const outcome = await runScriptTest(form, 'update', ['msg', 'metadata', 'msgType'], call);
    expect(call).toHaveBeenCalledWith({
      script: form.script,
      scriptType: 'update',
      argNames: ['msg', 'metadata', 'msgType'],
      msgType: 'POST_TELEMETRY_REQUEST',
      msg: '{"temperature": 25}',
      metadata: { deviceName: 'A' },
    });
    expect(outcome).toEqual({ kind: 'ok', output: '{\n  "msg": {\n    "a": 1\n  }\n}' });
  });

  it('does not call the server while the form is invalid', async () => {
    const call = vi.fn();
    const outcome = await runScriptTest({ ...form, msgType: '', payload: '{' }, 'filter', [], call);
    expect(call).not.toHaveBeenCalled();
    expect(outcome).toEqual({
      kind: 'invalid',
      errors: { msgType: 'rulenode.message-type-required', payload: 'rulenode.invalid-payload' },
    });
  });

  it("reports the script's error (an error toast; Save keeps the dialog open)", async () => {
    const call = vi.fn().mockResolvedValue({ output: '', error: 'ReferenceError: foo is not defined' });
    expect(await runScriptTest(form, 'filter', [], call)).toEqual({
      kind: 'error',
      message: 'ReferenceError: foo is not defined',
    });
  });

  it('a failed call is reported as failed (the HTTP client showed it)', async () => {
    const call = vi.fn().mockRejectedValue(new Error('500'));
    expect(await runScriptTest(form, 'filter', [], call)).toEqual({ kind: 'failed' });
  });
});
