import { Type } from 'typebox';

/**
 * ThingsBoard's error body. Open (extra keys such as `resetToken` pass), and nothing is required so that
 * serializing an error can never fail.
 */
export const ErrorBodySchema = Type.Object(
  {
    status: Type.Integer(),
    message: Type.String(),
    errorCode: Type.Integer(),
    timestamp: Type.String(),
  },
  { additionalProperties: true, required: [] },
);
