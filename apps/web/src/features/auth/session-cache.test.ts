import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { clearSessionData } from './session-cache';
import { isPublicQueryKey } from './public-query-keys';
import { signInQueryKeys } from './sign-in-queries';

describe('what a sign-out keeps in the cache', () => {
  it("drops the user's answers and keeps the sign-in page's public data", () => {
    const client = new QueryClient();
    const branding = signInQueryKeys.loginWhiteLabel('localhost');
    const oauth2 = signInQueryKeys.oauth2Clients;
    client.setQueryData(branding, { logo: 'x' });
    client.setQueryData(oauth2, []);
    client.setQueryData(queryKeys.auth.user, { email: 'tenant@sapo.local' });
    client.setQueryData(queryKeys.devices.list, { data: [{ name: 'Thermostat' }] });
    client.setQueryData(queryKeys.admin.updates, { updateAvailable: true });

    clearSessionData(client);

    expect(client.getQueryData(branding)).toEqual({ logo: 'x' });
    expect(client.getQueryData(oauth2)).toEqual([]);
    expect(client.getQueryData(queryKeys.auth.user)).toBeUndefined();
    expect(client.getQueryData(queryKeys.devices.list)).toBeUndefined();
    expect(client.getQueryData(queryKeys.admin.updates)).toBeUndefined();
  });

  it('counts only the sign-in keys as public', () => {
    expect(isPublicQueryKey(signInQueryKeys.oauth2Clients)).toBe(true);
    expect(isPublicQueryKey(queryKeys.auth.user)).toBe(false);
    expect(isPublicQueryKey(['users', 'sign-in'])).toBe(false);
  });
});
