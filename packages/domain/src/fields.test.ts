import { describe, expect, it } from 'vitest';
import { LoginRequestSchema, SignupRequestSchema } from './auth';
import { EmailSchema, PhoneSchema } from './fields';
import { MoneySchema } from './organizations';
import { lastPageFor, PageQuerySchema } from './pagination';
import './zod';

describe('field rules', () => {
  it('normalises e-mail to lower case and rejects malformed ones', () => {
    expect(EmailSchema.parse('  Dr.Who@Clinic.COM ')).toBe('dr.who@clinic.com');
    expect(EmailSchema.safeParse('dr.who@').error?.issues[0]?.message).toBe('Enter a valid email address');
  });

  it('accepts usual phone formats only', () => {
    expect(PhoneSchema.safeParse('+1 (512) 555-0100').success).toBe(true);
    expect(PhoneSchema.safeParse('call me').success).toBe(false);
  });

  it("reports a missing field as 'Required'", () => {
    expect(LoginRequestSchema.safeParse({ username: 'a@b.co' }).error?.issues[0]).toMatchObject({ path: ['password'], message: 'Required' });
  });

  it('takes money as an exact two-decimal string', () => {
    expect(MoneySchema.safeParse('150.99').success).toBe(true);
    expect(MoneySchema.safeParse('150.999').success).toBe(false);
    expect(MoneySchema.safeParse('-1').success).toBe(false);
  });

  it('requires a location with city and state at sign-up', () => {
    const result = SignupRequestSchema.safeParse({
      organization_name: 'X',
      number_of_locations: 1,
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
      phone: '5125550100',
      password: 'long-enough',
      location: { name: 'Main', city: '', state: 'TX' },
    });
    expect(result.error?.issues[0]).toMatchObject({ path: ['location', 'city'], message: 'City is required' });
  });
});

describe('pagination', () => {
  it('coerces query strings and caps the page size', () => {
    expect(PageQuerySchema.parse({ currentPage: '2', perPage: '25' })).toEqual({ currentPage: 2, perPage: 25 });
    expect(PageQuerySchema.safeParse({ perPage: '500' }).success).toBe(false);
  });

  it('always has at least one page', () => {
    expect(lastPageFor(0, 10)).toBe(1);
    expect(lastPageFor(21, 10)).toBe(3);
  });
});
