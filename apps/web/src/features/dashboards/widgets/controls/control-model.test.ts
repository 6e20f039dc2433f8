import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-error';
import {
  angleToValue,
  CONTROL_MESSAGES,
  feedbackReducer,
  firstEntityId,
  gpioStatus,
  initialFeedback,
  planTarget,
  readGpioPins,
  readRange,
  readRpcSettings,
  rpcBody,
  rpcBoolean,
  rpcErrorText,
  rpcNumber,
  shownValue,
  snap,
  targetAliasId,
  valueToAngle,
  type Feedback,
} from './control-model';

const DEVICE = { entityType: 'DEVICE' as const, id: 'd1' };

describe('target device', () => {
  it('takes the first alias id of the ThingsBoard field, then of ours', () => {
    expect(targetAliasId({ targetDeviceAliasIds: ['a1', 'a2'] })).toBe('a1');
    expect(targetAliasId({ targetDeviceAliases: ['a3'] })).toBe('a3');
    expect(targetAliasId({ targetDeviceAliasIds: [] })).toBeNull();
    expect(targetAliasId({})).toBeNull();
  });

  it('uses a single entity directly and queries other filters', () => {
    const base = { resolveMultiple: false, dependsOnState: false };
    expect(planTarget('a', { a: { ...base, filter: { type: 'singleEntity', singleEntity: DEVICE } } })).toEqual({
      kind: 'entity',
      entityType: 'DEVICE',
      id: 'd1',
    });
    const filter = { type: 'deviceType' as const, deviceType: 'thermostat' };
    expect(planTarget('a', { a: { ...base, filter } })).toEqual({ kind: 'query', filter });
    expect(planTarget('a', { a: { ...base, filter: null, error: 'alias.error-no-state-entity' } })).toEqual({
      kind: 'none',
      message: 'alias.error-no-state-entity',
    });
    expect(planTarget(null, {})).toEqual({ kind: 'none', message: CONTROL_MESSAGES.noTarget });
    expect(planTarget('gone', {})).toEqual({ kind: 'none', message: CONTROL_MESSAGES.noTarget });
  });

  it('reads the first entity of a query answer', () => {
    expect(firstEntityId({ data: [{ entityId: DEVICE }] })).toEqual(DEVICE);
    expect(firstEntityId({ data: [] })).toBeNull();
    expect(firstEntityId(null)).toBeNull();
  });
});

describe('rpc settings and bodies', () => {
  it('falls back to defaults for junk settings', () => {
    const s = readRpcSettings({ retrieveValueMethod: 'magic', requestTimeout: 'x', valueKey: '' });
    expect(s).toMatchObject({ retrieveValueMethod: 'rpc', requestTimeout: 5000, valueKey: 'value' });
    expect(readRpcSettings({ retrieveValueMethod: 'attribute' }).retrieveValueMethod).toBe('attribute');
  });
  it("runs only authors' own parse and convert functions, not ThingsBoard's defaults", () => {
    const defaults = readRpcSettings({
      parseValueFunction: 'return data ? true : false;',
      convertValueFunction: ' return  value; ',
    });
    expect(defaults).toMatchObject({ parseValueFunction: null, convertValueFunction: null });
    const own = readRpcSettings({ parseValueFunction: "return data.state === 'on';", convertValueFunction: '' });
    expect(own).toMatchObject({ parseValueFunction: "return data.state === 'on';", convertValueFunction: null });
  });
  it('leaves the server default timeout when 0', () => {
    expect(rpcBody('setValue', true, 0)).toEqual({ method: 'setValue', params: true });
    expect(rpcBody('getValue', undefined, 3000, true)).toEqual({
      method: 'getValue',
      params: null,
      timeout: 3000,
      persistent: true,
    });
  });
});

describe('reply parsing', () => {
  it('reads booleans from JSON, text and wrapped values', () => {
    expect(rpcBoolean(true)).toBe(true);
    expect(rpcBoolean('false')).toBe(false);
    expect(rpcBoolean('"on"')).toBe(true);
    expect(rpcBoolean(0)).toBe(false);
    expect(rpcBoolean({ value: 'true' })).toBe(true);
    expect(rpcBoolean({ other: 1 })).toBeNull();
    expect(rpcBoolean('maybe')).toBeNull();
  });
  it('reads numbers', () => {
    expect(rpcNumber('42.5')).toBe(42.5);
    expect(rpcNumber(7)).toBe(7);
    expect(rpcNumber({ value: '3' })).toBe(3);
    expect(rpcNumber('abc')).toBeNull();
  });
  it("shows the server's message, or a timeout text when it gave none", () => {
    expect(rpcErrorText(new ApiError(408, 'Device is offline'))).toBe('Device is offline');
    expect(rpcErrorText(new ApiError(504, 'Unhandled error code 504'))).toBe(CONTROL_MESSAGES.timeout);
    expect(rpcErrorText(new ApiError(409, ''))).toBe(CONTROL_MESSAGES.offline);
  });
});

describe('feedback state machine', () => {
  const step = (s: Feedback<boolean>, ...events: Parameters<typeof feedbackReducer<boolean>>[1][]) =>
    events.reduce((acc, e) => feedbackReducer(acc, e), s);

  it('shows the requested value while pending, then the confirmed one', () => {
    const pending = step(initialFeedback<boolean>(false), { type: 'request', seq: 1, requested: true });
    expect(pending.status).toBe('pending');
    expect(shownValue(pending)).toBe(true);
    const done = feedbackReducer(pending, { type: 'reply', seq: 1, value: null });
    expect(done).toMatchObject({ status: 'value', value: true, requested: null });
  });

  it('snaps back to the confirmed value on failure and keeps the message', () => {
    const s = step(
      initialFeedback<boolean>(false),
      { type: 'request', seq: 1, requested: true },
      { type: 'fail', seq: 1, error: 'Device is offline' },
    );
    expect(s).toMatchObject({ status: 'error', value: false, error: 'Device is offline' });
    expect(shownValue(s)).toBe(false);
  });

  it('ignores the answer of an older call', () => {
    const s = step(
      initialFeedback<boolean>(false),
      { type: 'request', seq: 1, requested: true },
      { type: 'request', seq: 2, requested: false },
      { type: 'reply', seq: 1, value: true },
    );
    expect(s.status).toBe('pending');
    expect(shownValue(s)).toBe(false);
  });

  it('takes device reports, clearing an error but not a call in flight', () => {
    const err = step(initialFeedback<boolean>(), { type: 'request', seq: 1 }, { type: 'fail', seq: 1, error: 'x' });
    expect(feedbackReducer(err, { type: 'reported', value: true })).toMatchObject({ status: 'value', error: null });
    const pending = step(initialFeedback<boolean>(false), { type: 'request', seq: 1, requested: true });
    expect(feedbackReducer(pending, { type: 'reported', value: false })).toMatchObject({
      status: 'pending',
      value: false,
    });
  });
});

describe('numeric controls', () => {
  const range = { min: 0, max: 100, step: 5 };
  it('clamps and snaps to the step', () => {
    expect(snap(103, range)).toBe(100);
    expect(snap(12.4, range)).toBe(10);
    expect(snap(0.3, { min: 0, max: 1, step: 0.1 })).toBe(0.3);
  });
  it('repairs inverted ranges', () => {
    expect(readRange({ minValue: 10, maxValue: 0 })).toEqual({ min: 0, max: 10, step: 1 });
  });
  it('maps knob angles both ways', () => {
    expect(valueToAngle(0, range)).toBe(-135);
    expect(valueToAngle(50, range)).toBe(0);
    expect(valueToAngle(100, range)).toBe(135);
    expect(angleToValue(0, -10, range)).toBe(50); // straight up
    expect(angleToValue(-10, 10, range)).toBe(0); // bottom-left, past the sweep
    expect(angleToValue(10, 0, range)).toBe(85); // right: 90° of 270 → 83.3, snapped
  });
});

describe('gpio', () => {
  const pins = readGpioPins([
    { pin: 2, label: 'B', row: 0, col: 1 },
    { pin: 1, label: 'A', row: 0, col: 0 },
    { label: 'no pin' },
  ]);
  it('reads and orders pins', () => {
    expect(pins.map((p) => p.pin)).toEqual([1, 2]);
  });
  it('reads a status reply', () => {
    expect([...gpioStatus('{"1": true, "2": "false", "3": true}', pins)]).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(gpioStatus('oops', pins).size).toBe(0);
  });
});

describe('rpc button', () => {
  it('sends JSON params parsed and other text as is', async () => {
    const { parseParams, replySummary } = await import('./control-model');
    expect(parseParams('{"pin": 3}')).toEqual({ pin: 3 });
    expect(parseParams('reboot now')).toBe('reboot now');
    expect(parseParams('  ')).toBeNull();
    expect(replySummary('{"ok":true}')).toBe('{"ok":true}');
    expect(replySummary(undefined)).toBe('');
    expect(replySummary('x'.repeat(100), 10)).toHaveLength(10);
  });
});

describe('gpio panel', () => {
  it('matches keys to pins by label', async () => {
    const { gpioPanelStates } = await import('./control-model');
    const key = (label: string, value: string) => ({
      datasourceIndex: 0,
      datasource: { type: 'entity' },
      entity: null,
      dataKey: { name: 'gpio' + label, type: 'timeseries' as const, label, color: '#000' },
      data: [[1, value]] as [number, string][],
    });
    const pins = readGpioPins([{ pin: 1 }, { pin: 2 }, { pin: 3 }]);
    expect([...gpioPanelStates([key('1', 'true'), key('2', '0'), key('9', 'true')], pins)]).toEqual([
      [1, true],
      [2, false],
    ]);
  });
});
