import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { presentError } from './http-error-policy';

const call = (path = '/api/customers', flags = {}) => ({ method: 'GET' as const, path, flags });

describe('how a failed call is shown (spec 1-client §8)', () => {
  it('shows nothing when the caller handles errors itself', () => {
    expect(presentError(new ApiError(500, 'Boom'), call('/api/x', { ignoreErrors: true }))).toEqual({ kind: 'none' });
  });

  it('opens the permission-denied dialog on 403', () => {
    expect(presentError(new ApiError(403, 'You do not have permission'), call())).toEqual({
      kind: 'permission-denied',
    });
  });

  it('stays quiet on an expired password (the reset screen follows) and toasts other 401s', () => {
    expect(presentError(new ApiError(401, 'User password expired!', 15), call())).toEqual({ kind: 'none' });
    expect(presentError(new ApiError(401, '', 10), call())).toEqual({ kind: 'toast', message: 'Unauthorized!' });
  });

  it("says 'Unable to connect' when the server cannot be reached", () => {
    expect(presentError(new ApiError(0, 'Unable to connect'), call())).toEqual({
      kind: 'toast',
      message: 'Unable to connect',
    });
  });

  it('names method, URL and status on 404, except for RPC calls', () => {
    const error = new ApiError(404, "Requested item wasn't found!", 32, undefined, 'Not Found');
    expect(presentError(error, call('/api/customer/abc'))).toEqual({
      kind: 'toast',
      message: "GET /api/customer/abc: 404 Not Found\nRequested item wasn't found!",
    });
    expect(presentError(error, call('/api/plugins/rpc/twoway/d1'))).toEqual({ kind: 'none' });
  });

  it("shows the server's message, else 'Unhandled error code {status}'", () => {
    expect(presentError(new ApiError(400, 'Customer title should be specified!', 31), call())).toEqual({
      kind: 'toast',
      message: 'Customer title should be specified!',
    });
    expect(presentError(new ApiError(502, ''), call())).toEqual({ kind: 'toast', message: 'Unhandled error code 502' });
  });
});
