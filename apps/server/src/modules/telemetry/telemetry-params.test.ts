import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { checkIntervals } from './ts-query-plan.ts';
import {
  deleteScope,
  isHistoryRequest,
  parseBool,
  parseDeleteTsQuery,
  parseHistoryQuery,
  parseTtl,
  readScope,
  requiredKeys,
  writeScope,
} from './telemetry-params.ts';

/** The 400 message a call fails with. */
function fails(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    return (err as AppError).message;
  }
  throw new Error('expected a 400');
}

const tooMany = (n: number) =>
  `Incorrect TsKvQuery. Number of intervals is to high - ${n}. ` +
  "Please increase 'interval' parameter for your query or reduce the time range of the query.";

describe('history query parameters', () => {
  it('applies ThingsBoard defaults: limit 100, agg NONE, orderBy DESC', () => {
    expect(parseHistoryQuery({ keys: 'temp, hum,temp', startTs: '1000', endTs: '5000' })).toEqual({
      keys: ['temp', 'hum'],
      startTs: 1000,
      endTs: 5000,
      interval: 0,
      limit: 100,
      agg: 'NONE',
      orderBy: 'DESC',
      step: 0,
    });
  });

  it('cuts a raw limit above the server maximum to it, as every query path does', () => {
    expect(parseHistoryQuery({ keys: 't', startTs: '0', endTs: '1000', limit: '1000000000' }).limit).toBe(50_000);
  });

  it('turns any aggregation into NONE when the interval is 0', () => {
    const q = parseHistoryQuery({ keys: 't', startTs: '0', endTs: '10000000', agg: 'AVG' });
    expect(q.agg).toBe('NONE');
  });

  it('keeps the aggregation, limit and order asked for (case-insensitively)', () => {
    const q = parseHistoryQuery({
      keys: 't',
      startTs: '0',
      endTs: '60000',
      interval: '30000',
      agg: 'sum',
      limit: '7',
      orderBy: 'asc',
    });
    expect(q).toMatchObject({ interval: 30000, agg: 'SUM', limit: 7, orderBy: 'ASC' });
  });

  it('refuses more than 700 buckets with the exact message and count', () => {
    expect(() =>
      parseHistoryQuery({ keys: 't', startTs: '0', endTs: '700000', interval: '1000', agg: 'AVG' }),
    ).not.toThrow();
    expect(
      fails(() => parseHistoryQuery({ keys: 't', startTs: '0', endTs: '701999', interval: '1000', agg: 'AVG' })),
    ).toBe(tooMany(701));
  });

  it('counts intervals below one second as one second', () => {
    expect(fails(() => checkIntervals(0, 800_000, 10))).toBe(tooMany(800));
  });

  it('refuses an aggregated read ending before it starts (negative count)', () => {
    expect(fails(() => checkIntervals(10_000, 0, 1000))).toBe(tooMany(-10));
  });

  it('does not apply the interval guard to raw reads', () => {
    expect(parseHistoryQuery({ keys: 't', startTs: '0', endTs: '999999999', limit: '5' }).agg).toBe('NONE');
  });

  it('names the bad parameter', () => {
    const base = { keys: 't', startTs: '0', endTs: '1000' };
    expect(fails(() => parseHistoryQuery({ ...base, startTs: 'yesterday' }))).toBe(
      "Invalid value of 'startTs': must be an integer",
    );
    expect(fails(() => parseHistoryQuery({ ...base, endTs: '' }))).toBe("Parameter 'endTs' can't be empty!");
    expect(fails(() => parseHistoryQuery({ ...base, limit: '0' }))).toBe(
      "Invalid value of 'limit': must be a positive integer",
    );
    expect(fails(() => parseHistoryQuery({ ...base, interval: '-5' }))).toBe(
      "Invalid value of 'interval': must not be negative",
    );
    expect(fails(() => parseHistoryQuery({ ...base, agg: 'MEDIAN' }))).toBe(
      "Invalid value of 'agg': must be one of MIN, MAX, AVG, SUM, COUNT, NONE",
    );
    expect(fails(() => parseHistoryQuery({ ...base, orderBy: 'UP' }))).toBe(
      "Invalid value of 'orderBy': must be one of ASC, DESC",
    );
  });

  it('is a history read only when keys, startTs and endTs are all present', () => {
    expect(isHistoryRequest({ keys: 'a', startTs: '1', endTs: '2' })).toBe(true);
    expect(isHistoryRequest({ keys: 'a', startTs: '1' })).toBe(false);
    expect(isHistoryRequest({ startTs: '1', endTs: '2' })).toBe(false);
  });
});

describe('booleans', () => {
  it('accepts Spring spellings and refuses others', () => {
    expect(parseBool({ x: 'TRUE' }, 'x')).toBe(true);
    expect(parseBool({ x: 'false' }, 'x', true)).toBe(false);
    expect(parseBool({}, 'x', true)).toBe(true);
    expect(fails(() => parseBool({ x: 'maybe' }, 'x'))).toBe("Invalid value of 'x': must be true or false");
  });
});

describe('delete parameters', () => {
  it('requires start and end unless every point of the keys goes', () => {
    expect(fails(() => parseDeleteTsQuery({ keys: 'a' }))).toBe(
      "When deleteAllDataForKeys is false, start and end timestamp values shouldn't be empty",
    );
    expect(fails(() => parseDeleteTsQuery({ keys: 'a', startTs: '5' }))).toBe(
      "When deleteAllDataForKeys is false, start and end timestamp values shouldn't be empty",
    );
    expect(parseDeleteTsQuery({ keys: 'a,b', deleteAllDataForKeys: 'true' })).toEqual({
      keys: ['a', 'b'],
      deleteAllDataForKeys: true,
      rewriteLatestIfDeleted: false,
    });
    expect(parseDeleteTsQuery({ keys: 'a', startTs: '1', endTs: '9', rewriteLatestIfDeleted: 'true' })).toEqual({
      keys: ['a'],
      deleteAllDataForKeys: false,
      startTs: 1,
      endTs: 9,
      rewriteLatestIfDeleted: true,
    });
  });

  it('answers blank keys with "Empty keys" and missing ones with the parameter message', () => {
    expect(fails(() => requiredKeys({ keys: ' , ' }))).toBe('Empty keys:  , ');
    expect(fails(() => requiredKeys({}))).toBe("Parameter 'keys' can't be empty!");
  });
});

describe('scopes and ttl', () => {
  it('reads any of the three scopes, writes only server and shared', () => {
    expect(readScope('CLIENT_SCOPE')).toBe('CLIENT_SCOPE');
    expect(fails(() => readScope('ANY'))).toBe('Invalid scope: ANY');
    expect(writeScope('SHARED_SCOPE')).toBe('SHARED_SCOPE');
    expect(fails(() => writeScope('CLIENT_SCOPE'))).toBe('Invalid scope: CLIENT_SCOPE');
    expect(deleteScope('CLIENT_SCOPE')).toBe('CLIENT_SCOPE');
    expect(fails(() => deleteScope('server'))).toBe('Invalid attribute scope: server');
  });

  it('accepts a whole number of seconds as ttl', () => {
    expect(parseTtl('0')).toBe(0);
    expect(parseTtl('86400')).toBe(86400);
    expect(fails(() => parseTtl('-1'))).toBe("Invalid value of 'ttl': must be a non-negative integer");
  });
});
