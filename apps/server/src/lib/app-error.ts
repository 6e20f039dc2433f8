import { ErrorCode, Messages } from '@sapo/common';

const STATUS_BY_CODE: Record<number, number> = {
  [ErrorCode.GENERAL]: 500,
  [ErrorCode.AUTHENTICATION]: 401,
  [ErrorCode.JWT_TOKEN_EXPIRED]: 401,
  [ErrorCode.CREDENTIALS_EXPIRED]: 401,
  [ErrorCode.PERMISSION_DENIED]: 403,
  [ErrorCode.INVALID_ARGUMENTS]: 400,
  [ErrorCode.BAD_REQUEST_PARAMS]: 400,
  [ErrorCode.ITEM_NOT_FOUND]: 404,
  [ErrorCode.TOO_MANY_REQUESTS]: 429,
  [ErrorCode.TOO_MANY_UPDATES]: 429,
};

/** A failure the caller should see, in ThingsBoard's error body. */
export class AppError extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown> | undefined;
  constructor(
    readonly errorCode: number,
    message: string,
    status?: number,
    extra?: Record<string, unknown>,
  ) {
    super(message);
    this.status = status ?? STATUS_BY_CODE[errorCode] ?? 500;
    this.extra = extra;
  }
}

export const badRequest = (message: string) => new AppError(ErrorCode.BAD_REQUEST_PARAMS, message);
export const invalidArgs = (message: string) => new AppError(ErrorCode.INVALID_ARGUMENTS, message);
export const notFound = (message: string = Messages.notFound) => new AppError(ErrorCode.ITEM_NOT_FOUND, message);
export const forbidden = (message: string = Messages.permissionDenied) =>
  new AppError(ErrorCode.PERMISSION_DENIED, message);
export const unauthorized = (message: string = Messages.authFailed, code: number = ErrorCode.AUTHENTICATION) =>
  new AppError(code, message);
