/** ThingsBoard's access token rules as our server applies them: 1–32 characters, path- and MQTT-safe. */
export const MAX_ACCESS_TOKEN_LENGTH = 32;

export type AccessTokenProblem = 'required' | 'length' | 'characters';

export function accessTokenProblem(token: string): AccessTokenProblem | undefined {
  if (token.length === 0) return 'required';
  if (token.length > MAX_ACCESS_TOKEN_LENGTH) return 'length';
  // Tokens travel in HTTP paths (/api/v1/{token}/…) and as MQTT user names.
  // eslint-disable-next-line no-control-regex
  if (/[\s/?#\u0000-\u001f\u007f]/.test(token)) return 'characters';
  return undefined;
}

export const ACCESS_TOKEN_MESSAGES: Record<AccessTokenProblem, string> = {
  required: 'device.access-token-required',
  length: 'device.access-token-invalid',
  characters: 'device.access-token-invalid-characters',
};

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh 20-character token of letters and digits (what the server generates when none is given). */
export function generateAccessToken(
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
) {
  const limit = 256 - (256 % TOKEN_ALPHABET.length);
  let out = '';
  while (out.length < 20) {
    for (const byte of random(40)) {
      if (byte < limit) out += TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length];
      if (out.length === 20) break;
    }
  }
  return out;
}
