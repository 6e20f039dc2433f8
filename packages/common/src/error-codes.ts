/** ThingsBoard's errorCode values (spec 2-calls §8, reference §1). */
export const ErrorCode = {
  GENERAL: 2,
  AUTHENTICATION: 10,
  JWT_TOKEN_EXPIRED: 11,
  TENANT_TRIAL_EXPIRED: 12,
  CREDENTIALS_EXPIRED: 15,
  PERMISSION_DENIED: 20,
  INVALID_ARGUMENTS: 30,
  BAD_REQUEST_PARAMS: 31,
  ITEM_NOT_FOUND: 32,
  TOO_MANY_REQUESTS: 33,
  TOO_MANY_UPDATES: 34,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorBody {
  status: number;
  message: string;
  errorCode: number;
  timestamp: string;
  resetToken?: string;
}

export const Messages = {
  notFound: "Requested item wasn't found!",
  permissionDenied: "You don't have permission to perform this operation!",
  invalidCredentials: 'Invalid username or password',
  authFailed: 'Authentication failed',
  notActive: 'User account is not active',
  locked: 'User account is locked due to security policy',
  tokenExpired: 'Token has expired',
  passwordExpired: 'User password expired!',
} as const;
