import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/api/user?sendActivationMail=false&password=S3cret!')).toBe(
      '/api/user?sendActivationMail=false&password=***',
    );
    expect(redactUrl('/api/noauth/activate?activateToken=abc&x=1')).toBe('/api/noauth/activate?activateToken=***&x=1');
    expect(redactUrl('/api/x?Pass%77ord=a')).toBe('/api/x?Pass%77ord=***');
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/customers?pageSize=10&page=0')).toBe('/api/customers?pageSize=10&page=0');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
