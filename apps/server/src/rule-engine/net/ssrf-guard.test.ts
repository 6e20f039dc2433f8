import { describe, expect, it } from 'vitest';
import { assertPublicHost, isPrivateAddress, PRIVATE_ADDRESS_MESSAGE } from './ssrf-guard.ts';

describe('ssrf guard', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '100.64.0.1',
    '::1',
    '[::1]',
    '::',
    'fd00::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
  ])('refuses %s', (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (ip) =>
    expect(isPrivateAddress(ip)).toBe(false),
  );

  it('resolves names and refuses any that lead to loopback', async () => {
    await expect(assertPublicHost('localhost')).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
    await expect(assertPublicHost('[::1]')).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
    await expect(assertPublicHost('8.8.8.8')).resolves.toBeUndefined();
  });
});
