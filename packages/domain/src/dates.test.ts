import { describe, expect, it } from 'vitest';
import { AuditQuerySchema } from './audit';
import { DATE_RANGE_MESSAGE, ExpiryDaySchema, IsoDateTimeSchema, IsoDaySchema } from './fields';
import { ReportRangeQuerySchema } from './reports';
import { CreateStockRequestSchema } from './stock';
import { UpdateUserRequestSchema } from './users';
import './zod';

const messages = (result: { error?: { issues: { message: string }[] } | undefined }) => result.error?.issues.map((i) => i.message) ?? [];

describe('dates in requests', () => {
  it('takes days and instants from 1900 to 2200, the first and last day included', () => {
    for (const day of ['1900-01-01', '2026-02-28', '2028-02-29', '2200-12-31']) {
      expect(IsoDaySchema.safeParse(day).success).toBe(true);
      expect(ExpiryDaySchema.safeParse(day).success).toBe(true);
      expect(IsoDateTimeSchema.safeParse(`${day}T23:59:59.999+14:00`).success).toBe(true);
    }
  });

  it('refuses days far from any clinic record with the range message, and only that', () => {
    for (const day of ['9999-12-31', '0001-01-01', '1899-12-31', '2201-01-01', '0000-01-01']) {
      expect(messages(IsoDaySchema.safeParse(day))).toEqual([DATE_RANGE_MESSAGE]);
      expect(messages(ExpiryDaySchema.safeParse(day))).toEqual([DATE_RANGE_MESSAGE]);
      expect(messages(IsoDateTimeSchema.safeParse(`${day}T00:00:00Z`))).toEqual([DATE_RANGE_MESSAGE]);
    }
  });

  it("keeps each field's own format message for what is not a date at all", () => {
    for (const day of ['275760-09-13', '-271821-04-20', '+275760-09-13', '9999-13-45', '2026-02-30', '31/01/2026', '']) {
      expect(messages(IsoDaySchema.safeParse(day))).toEqual(['Use a date like 2026-01-31']);
      expect(messages(ExpiryDaySchema.safeParse(day))).toEqual(['Use a date like 2027-01-31']);
    }
    expect(IsoDateTimeSchema.safeParse('+275760-09-13T00:00:00.000Z').error?.issues).toHaveLength(1);
    expect(IsoDateTimeSchema.safeParse('-271821-04-20T00:00:00.000Z').error?.issues).toHaveLength(1);
  });

  it('names the field in queries and bodies', () => {
    expect(AuditQuerySchema.safeParse({ to: '9999-12-31' }).error?.issues).toEqual([expect.objectContaining({ path: ['to'], message: DATE_RANGE_MESSAGE })]);
    expect(ReportRangeQuerySchema.safeParse({ start_date: '0001-01-01', end_date: '2026-01-31' }).error?.issues[0]).toMatchObject({ path: ['start_date'], message: DATE_RANGE_MESSAGE });
    expect(CreateStockRequestSchema.safeParse({ expiry_date: '9999-12-31' }).error?.issues).toContainEqual(expect.objectContaining({ path: ['expiry_date'], message: DATE_RANGE_MESSAGE }));
    expect(UpdateUserRequestSchema.safeParse({ remindTourAfter: '9999-12-31T00:00:00Z' }).error?.issues).toEqual([expect.objectContaining({ path: ['remindTourAfter'], message: DATE_RANGE_MESSAGE })]);
  });
});
