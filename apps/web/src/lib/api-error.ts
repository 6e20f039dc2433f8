import type { ErrorBody } from '@sapo/common';

/** A failed call, carrying the server's ThingsBoard-style error body when there was one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  /** Filled in by the client: the call that failed (the 404 message names it). */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET';
  url = '';

  constructor(
    readonly status: number,
    message: string,
    readonly errorCode?: number,
    readonly body?: unknown,
    readonly statusText = '',
  ) {
    super(message);
  }
}

export const UNAUTHORIZED_MESSAGE = 'Unauthorized!';
export const CONNECT_FAILED_MESSAGE = 'Unable to connect';

function isErrorBody(value: unknown): value is Partial<ErrorBody> {
  return typeof value === 'object' && value !== null;
}

/**
 * Turns a non-2xx response into an ApiError. The message is the server's `message` when the body
 * has one (spec 1-client §8), else 'Unhandled error code {status}'.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = undefined; // not JSON (a proxy's HTML page, say): fall back to the status
  }
  const message =
    isErrorBody(body) && typeof body.message === 'string' && body.message
      ? body.message
      : `Unhandled error code ${response.status}`;
  const errorCode = isErrorBody(body) && typeof body.errorCode === 'number' ? body.errorCode : undefined;
  return new ApiError(response.status, message, errorCode, body, response.statusText);
}
