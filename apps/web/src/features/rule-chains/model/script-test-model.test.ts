import { describe, expect, it } from 'vitest';
import { prettyOutput, toMap, validateScriptTest } from './script-test-model';

const valid = {
  msgType: 'POST_TELEMETRY_REQUEST',
  payload: '{"t":1}',
  metadata: [{ key: 'deviceName', value: 'A' }],
  script: 'return true;',
};

describe('script test validation (spec 2-calls §5)', () => {
  it('accepts a complete form', () => expect(validateScriptTest(valid)).toEqual({}));
  it('requires a message type', () =>
    expect(validateScriptTest({ ...valid, msgType: '' }).msgType).toBe('rulenode.message-type-required'));
  it('requires metadata, each key and value filled', () => {
    expect(validateScriptTest({ ...valid, metadata: [] }).metadata).toBe('rulenode.metadata-required');
    expect(validateScriptTest({ ...valid, metadata: [{ key: 'k', value: '' }] }).metadata).toBe(
      'key-val.key-value-required',
    );
  });
  it('requires a valid JSON payload', () => {
    expect(validateScriptTest({ ...valid, payload: '{t:1' }).payload).toBe('rulenode.invalid-payload');
    expect(validateScriptTest({ ...valid, payload: '' }).payload).toBe('rulenode.invalid-payload');
  });
});

describe('script test helpers', () => {
  it('pretty-prints JSON output and leaves other text alone', () => {
    expect(prettyOutput('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyOutput('true')).toBe('true');
    expect(prettyOutput('not json')).toBe('not json');
  });
  it('turns rows into the metadata map with trimmed keys', () =>
    expect(toMap([{ key: ' a ', value: '1' }])).toEqual({ a: '1' }));
});
