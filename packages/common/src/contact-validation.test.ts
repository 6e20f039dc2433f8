import { describe, expect, it } from 'vitest';
import { POSTAL_CODE_PATTERNS, isValidPhone, isValidPostalCode, validateContact } from './contact-validation.ts';

describe('phone', () => {
  it('is a plus, a digit 1-9, then 1 to 14 digits', () => {
    expect(isValidPhone('+12')).toBe(true);
    expect(isValidPhone('+886912345678')).toBe(true);
    expect(isValidPhone('+123456789012345')).toBe(true); // 1 + 14 digits
    expect(isValidPhone('+1234567890123456')).toBe(false); // 1 + 15 digits
    expect(isValidPhone('+1')).toBe(false);
    expect(isValidPhone('+0912345678')).toBe(false);
    expect(isValidPhone('0912345678')).toBe(false);
    expect(isValidPhone('+1 415 555 0100')).toBe(false);
    expect(isValidPhone('+1415555010a')).toBe(false);
  });
});

describe('postal codes', () => {
  const cases: Record<string, { good: string[]; bad: string[] }> = {
    'United States': { good: ['94103', '94103-1234'], bad: ['9410', '94103-12', '94103 1234'] },
    Australia: { good: ['2000'], bad: ['200', '20000'] },
    Austria: { good: ['1010'], bad: ['A-101'] },
    Belgium: { good: ['1000'], bad: ['10000'] },
    Denmark: { good: ['2100', 'DK-2100'], bad: ['210', '21000'] },
    'Faroe Islands': { good: ['100', 'FO-100'], bad: ['1000'] },
    Hungary: { good: ['1011'], bad: ['0111', '101'] },
    Luxembourg: { good: ['1234', 'L-1234', 'l1234'], bad: ['123', 'LU-1234'] },
    Germany: { good: ['10115'], bad: ['1011', '101155'] },
    Italy: { good: ['00184'], bad: ['0018'] },
    Spain: { good: ['28013', '01001', '52001'], bad: ['00123', '53001', '2801'] },
    Brazil: { good: ['01310-100', '01310100'], bad: ['01310-10', '1310-100'] },
    Japan: { good: ['100-0001', '1000001'], bad: ['100-001', '10-00001'] },
    Poland: { good: ['00-950'], bad: ['00950', '0-950'] },
    Sweden: { good: ['114 55', '11455', 'SE-114 55'], bad: ['1145', '114-55'] },
    Netherlands: { good: ['1012 AB', '1012ab'], bad: ['0123 AB', '1012 A', '1012 A1'] },
    Canada: { good: ['K1A 0B1', 'k1a0b1', 'H2X-1Y4'], bad: ['D1A 0B1', 'K1A 0O1', '12345'] },
    'United Kingdom': {
      good: ['SW1A 1AA', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'EC1A1BB', 'GIR 0AA'],
      bad: ['12345', 'SW1A', 'SW1A 1A'],
    },
  };

  it('covers every country of spec 2-calls §5', () => {
    expect(Object.keys(POSTAL_CODE_PATTERNS).sort()).toEqual(Object.keys(cases).sort());
  });

  for (const [country, { good, bad }] of Object.entries(cases)) {
    it(`${country}: accepts ${good.join(', ')} and rejects ${bad.join(', ')}`, () => {
      for (const zip of good) expect(isValidPostalCode(country, zip), zip).toBe(true);
      for (const zip of bad) expect(isValidPostalCode(country, zip), zip).toBe(false);
    });
  }

  it('accepts anything for a country without a known format, or without a country', () => {
    expect(isValidPostalCode('Taiwan', '100')).toBe(true);
    expect(isValidPostalCode('', 'anything')).toBe(true);
    expect(isValidPostalCode(null, 'anything')).toBe(true);
  });
});

describe('validateContact', () => {
  it('lets an empty contact pass: every field is optional', () => {
    expect(validateContact({})).toEqual({});
    expect(validateContact({ email: '  ', phone: '', zip: null })).toEqual({});
  });

  it('names the message key of each bad field', () => {
    expect(validateContact({ email: 'nope', phone: '12345', country: 'Germany', zip: '1234' })).toEqual({
      email: 'user.invalid-email-format',
      phone: 'contact.phone-invalid',
      zip: 'contact.postal-code-invalid',
    });
  });

  it('checks values trimmed, as the server stores them', () => {
    expect(validateContact({ email: ' a@b.co ', phone: ' +4930123456 ', country: 'Germany', zip: ' 10115 ' })).toEqual(
      {},
    );
  });

  it('checks the postal code against the chosen country', () => {
    expect(validateContact({ country: 'Poland', zip: '10115' }).zip).toBe('contact.postal-code-invalid');
    expect(validateContact({ country: 'Germany', zip: '10115' }).zip).toBeUndefined();
  });
});
