// Building blocks of the response schemas. Fastify serializes responses with fast-json-stringify, which
// drops properties a schema does not name and writes a `const` whatever the value is: so entity types
// are strings with an `enum` (never literals), nullable primitives are `type: [t, 'null']`, and open
// JSON (additionalInfo, configuration) is `Json` (any value, written as it is).
import { Type, type TSchema } from 'typebox';

export const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });
export const NullableNumber = Type.Unsafe<number | null>({ type: ['number', 'null'] });
export const NullableBoolean = Type.Unsafe<boolean | null>({ type: ['boolean', 'null'] });
/** An object or null (e.g. a reference that may be absent). */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** Any JSON the client owns (additionalInfo, configuration): written back as it was stored. */
export const Json = Type.Unknown({ description: 'Any JSON' });
/** A JSON object with keys the caller chose (telemetry by key, settings): every key is kept. */
export const OpenObject = Type.Object({}, { additionalProperties: true });
/** An answer with no body (ThingsBoard's void endpoints): handlers return '', sent as is. */
export const EmptyBody = Type.Unsafe<string>({ type: 'string', maxLength: 0, description: 'Empty body' });
/** A text/plain answer (e.g. a device's name). */
export const TextBody = Type.String({ description: 'text/plain' });
/** A 303 redirect to a web page (no body). */
export const RedirectBody = Type.Null({ description: 'Redirect (303) to a web page' });
/** A status with no body at all (`reply.send()`): void, so that `send()` takes no argument. */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type
export const NoBody = Type.Unsafe<void>({ description: 'No body' });
