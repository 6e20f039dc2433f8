import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { expiredPasswordResetToken, resetExpiredPasswordPath } from './expired-password';
import { backgroundCss, brandedTitle, DEFAULT_LOGO_HEIGHT, toLoginBranding } from './login-white-label';
import { toOAuth2Clients } from './oauth2-clients';
import { validateEmail, validateNewPassword } from './reset-validation';
import { cssUrl, isSafeImageSrc, isSafeLink } from './safe-urls';
import { needsPublicLogin, pathWithoutParam, readStartupParams, withoutParam } from './startup-params-parse';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('login white-label', () => {
  it('maps every part the sign-in page uses', () => {
    expect(
      toLoginBranding({
        domainName: 'acme.example.com',
        title: ' Acme IoT ',
        icon: PNG,
        logo: 'https://cdn.example.com/logo.svg',
        height: 72,
        intro: 'Welcome',
        background: '#102030',
        color: '#ff0000',
      }),
    ).toEqual({
      title: 'Acme IoT',
      icon: PNG,
      logo: 'https://cdn.example.com/logo.svg',
      logoHeight: 72,
      intro: 'Welcome',
      background: { kind: 'color', color: '#102030' },
    });
  });

  it('reads logoHeight as the height, and defaults it to 50 px', () => {
    expect(toLoginBranding({ title: 'A', logoHeight: 30 })?.logoHeight).toBe(30);
    expect(toLoginBranding({ title: 'A' })?.logoHeight).toBe(DEFAULT_LOGO_HEIGHT);
    expect(toLoginBranding({ title: 'A', height: -4 })?.logoHeight).toBe(DEFAULT_LOGO_HEIGHT);
  });

  it('tells a colour background from an image background', () => {
    expect(toLoginBranding({ background: 'rgb(1, 2, 3)' })?.background).toEqual({
      kind: 'color',
      color: 'rgb(1, 2, 3)',
    });
    expect(toLoginBranding({ background: PNG })?.background).toEqual({ kind: 'image', url: PNG });
    expect(toLoginBranding({ background: '/img/bg.jpg' })?.background).toEqual({ kind: 'image', url: '/img/bg.jpg' });
    expect(backgroundCss({ kind: 'image', url: '/img/bg.jpg' })).toMatchObject({
      backgroundImage: 'url("/img/bg.jpg")',
    });
    expect(backgroundCss({ kind: 'color', color: 'navy' })).toMatchObject({ backgroundColor: 'navy' });
  });

  it('drops values that could run script or break out of CSS', () => {
    const branding = toLoginBranding({
      title: 'T',
      logo: 'javascript:alert(1)',
      icon: 'data:text/html;base64,PGgxPg==',
      background: 'red; background-image: url(https://evil.example.com/x)',
    });
    expect(branding).toMatchObject({ title: 'T', logo: null, icon: null, background: null });
  });

  it('is null for no answer, a non-object, or nothing to show', () => {
    for (const raw of [null, undefined, '', 'text', [], {}, { domainName: 'x.com', height: 40 }]) {
      expect(toLoginBranding(raw)).toBeNull();
    }
  });

  it('puts the brand where the product name was in the page title', () => {
    expect(brandedTitle('Acme', 'Login')).toBe('Acme | Login');
    expect(brandedTitle('Acme', null)).toBe('Acme');
  });
});

describe('safe URLs', () => {
  it('allows http(s), root-relative paths and image data URLs only', () => {
    expect(isSafeLink('/oauth2/authorization/google')).toBe(true);
    expect(isSafeLink('https://accounts.example.com/o/auth?x=1')).toBe(true);
    expect(isSafeLink('//evil.example.com/')).toBe(false);
    expect(isSafeLink('javascript:alert(1)')).toBe(false);
    expect(isSafeLink('https://x.example.com/a b')).toBe(false);
    expect(isSafeImageSrc(PNG)).toBe(true);
    expect(isSafeImageSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBe(true);
    expect(isSafeImageSrc('data:text/html;base64,PGgxPg==')).toBe(false);
  });

  it('quotes CSS url() values', () => {
    expect(cssUrl('/a.png')).toBe('url("/a.png")');
  });
});

describe('OAuth2 clients', () => {
  it('keeps named clients with a safe URL, with an image icon when there is one', () => {
    expect(
      toOAuth2Clients([
        { name: 'Google', icon: 'mdi:google', url: '/oauth2/authorization/google' },
        { name: 'Corp', icon: PNG, url: 'https://sso.example.com/start' },
        { name: 'Evil', icon: null, url: 'javascript:alert(1)' },
        { name: '', url: '/oauth2/authorization/x' },
        'junk',
      ]),
    ).toEqual([
      { name: 'Google', iconSrc: null, url: '/oauth2/authorization/google' },
      { name: 'Corp', iconSrc: PNG, url: 'https://sso.example.com/start' },
    ]);
  });

  it('gives an empty list for anything that is not a list', () => {
    expect(toOAuth2Clients(null)).toEqual([]);
    expect(toOAuth2Clients({ name: 'x' })).toEqual([]);
  });
});

describe('password forms', () => {
  it('requires an email-shaped address for a reset request', () => {
    expect(validateEmail('  ')).toBe('user.email-required');
    expect(validateEmail('tenant')).toBe('user.invalid-email-format');
    expect(validateEmail(' tenant@sapo.local ')).toBeUndefined();
  });

  it('requires both passwords and reports a mismatch separately', () => {
    expect(validateNewPassword('', '')).toEqual({
      password: 'login.password-required',
      confirm: 'login.password-again-required',
    });
    expect(validateNewPassword('secret1', '')).toEqual({ confirm: 'login.password-again-required' });
    expect(validateNewPassword('secret1', 'secret2')).toEqual({ mismatch: true });
    expect(validateNewPassword('secret1', 'secret1')).toEqual({});
  });
});

describe('expired password', () => {
  it('finds the reset token of a credentials-expired answer only', () => {
    const expired = new ApiError(401, 'User password expired!', 15, { resetToken: 'abc123' });
    expect(expiredPasswordResetToken(expired)).toBe('abc123');
    expect(expiredPasswordResetToken(new ApiError(401, 'Invalid username or password', 10, {}))).toBeNull();
    expect(expiredPasswordResetToken(new ApiError(401, 'x', 15, {}))).toBeNull();
    expect(expiredPasswordResetToken(new Error('x'))).toBeNull();
    expect(resetExpiredPasswordPath('a b&c')).toBe('/login/resetExpiredPassword?resetToken=a+b%26c');
  });
});

describe('start-up parameters', () => {
  it('takes a token pair and removes it from the address', () => {
    const { values, remaining } = readStartupParams('?accessToken=A&refreshToken=R&tab=2');
    expect(values).toEqual({ tokens: { token: 'A', refreshToken: 'R' } });
    expect(remaining).toBe('?tab=2');
  });

  it('takes credentials, a login error and a publicId; only publicId stays in the address', () => {
    const { values, remaining } = readStartupParams(
      '?username=a%40b.c&password=p%26w&loginError=Bad+state&publicId=P1',
    );
    expect(values).toEqual({
      credentials: { username: 'a@b.c', password: 'p&w' },
      loginError: 'Bad state',
      publicId: 'P1',
    });
    expect(remaining).toBe('?publicId=P1');
  });

  it('ignores half pairs but still removes them, and leaves other searches untouched', () => {
    expect(readStartupParams('?accessToken=A')).toEqual({ values: {}, remaining: '' });
    expect(readStartupParams('?password=x')).toEqual({ values: {}, remaining: '' });
    expect(readStartupParams('?q=a%20b')).toEqual({ values: {}, remaining: '?q=a%20b' });
    expect(readStartupParams('')).toEqual({ values: {}, remaining: '' });
  });

  it('removes one parameter from a search or a whole path', () => {
    expect(withoutParam('?publicId=P&x=1', 'publicId')).toBe('?x=1');
    expect(withoutParam('?publicId=P', 'publicId')).toBe('');
    expect(withoutParam('?x=1', 'publicId')).toBe('?x=1');
    expect(pathWithoutParam('/dashboard/1?publicId=P&state=s#top', 'publicId')).toBe('/dashboard/1?state=s#top');
    expect(pathWithoutParam('/home', 'publicId')).toBe('/home');
  });

  it('signs in by publicId without a session or with another public link, not over a user session', () => {
    expect(needsPublicLogin('P1', null)).toBe(true);
    expect(needsPublicLogin('P1', { isPublic: true, sub: 'P2' })).toBe(true);
    expect(needsPublicLogin('P1', { isPublic: true, sub: 'P1' })).toBe(false);
    expect(needsPublicLogin('P1', { isPublic: false, sub: 'tenant@sapo.local' })).toBe(false);
  });
});
