import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, isTokenValid, tokenExpiration } from './jwt';
import { fakeJwt, jwtWithLifetime } from './jwt.fixture';

describe('decodeJwtPayload', () => {
  it('reads the claims, including non-ASCII text and base64url characters', () => {
    const token = fakeJwt({ sub: 'tenant@sapo.local', scopes: ['TENANT_ADMIN'], firstName: 'Zoë ✓?>' });
    expect(decodeJwtPayload(token)).toMatchObject({ scopes: ['TENANT_ADMIN'], firstName: 'Zoë ✓?>' });
  });

  it('returns null for malformed tokens instead of throwing', () => {
    expect(decodeJwtPayload('')).toBeNull();
    expect(decodeJwtPayload('only-one-part')).toBeNull();
    expect(decodeJwtPayload('a.%%%not-base64.c')).toBeNull();
    expect(decodeJwtPayload(`a.${btoa('[1,2]')}.c`)).toBeNull();
  });
});

describe('tokenExpiration', () => {
  it('is now plus the lifetime (exp − iat), whatever the client clock says', () => {
    const now = 5_000;
    expect(tokenExpiration(jwtWithLifetime(9000), now)).toBe(now + 9_000_000);
  });

  it('rejects a token without a positive lifetime', () => {
    expect(tokenExpiration(jwtWithLifetime(0), 0)).toBeNull();
    expect(tokenExpiration(jwtWithLifetime(-5), 0)).toBeNull();
    expect(tokenExpiration(fakeJwt({ exp: 10 }), 0)).toBeNull();
    expect(tokenExpiration('garbage', 0)).toBeNull();
  });
});

describe('isTokenValid', () => {
  it('needs the expiry to be more than 2 s away', () => {
    expect(isTokenValid(10_000, 7_999)).toBe(true);
    expect(isTokenValid(10_000, 8_000)).toBe(false);
    expect(isTokenValid(10_000, 12_000)).toBe(false);
    expect(isTokenValid(null, 0)).toBe(false);
  });
});
