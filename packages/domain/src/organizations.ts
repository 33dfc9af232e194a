import { z } from './zod';
import { ApprovalStatusSchema } from './access-schemas';
import { EmailSchema, requiredText, UuidSchema } from './fields';
import { PageQuerySchema, pageOf, QueryBooleanSchema } from './pagination';
import { TimeZoneSchema } from './time-zones';

export const CompanySchema = z.object({
  id: UuidSchema,
  name: z.string(),
  city: z.string(),
  state: z.string(),
  /** The location's IANA time zone; null: not set, the location keeps UTC (issue 53). */
  time_zone: z.string().nullable(),
  organization_id: UuidSchema,
  created_at: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

export const LocationFieldsSchema = z.object({
  name: requiredText('Location name'),
  city: requiredText('City', 80),
  state: requiredText('State', 80),
});

export const CreateLocationRequestSchema = LocationFieldsSchema;
export type CreateLocationRequest = z.infer<typeof CreateLocationRequestSchema>;
/** A location's admin edits its details and its time zone (null: back to UTC). */
export const UpdateCompanyRequestSchema = LocationFieldsSchema.extend({ time_zone: TimeZoneSchema.nullable() }).partial();
export type UpdateCompanyRequest = z.infer<typeof UpdateCompanyRequestSchema>;

/** Money travels as a decimal string with two places ("150.99") so no float touches it. */
export const MoneySchema = z
  .string()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, 'Enter an amount like 150.99');

export const OrganizationSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  numberOfLocations: z.number().int(),
  customPrice: z.string().nullable(),
  approvalStatus: ApprovalStatusSchema,
  billingContact: z.object({ email: z.string() }),
  locations: z.array(CompanySchema.pick({ id: true, name: true, city: true, state: true })),
  created_at: z.string(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const OrganizationListQuerySchema = PageQuerySchema.extend({
  approval_status: ApprovalStatusSchema.optional(),
  search: z.string().trim().max(100).optional(),
});
export type OrganizationListQuery = z.infer<typeof OrganizationListQuerySchema>;
export const OrganizationPageSchema = pageOf(OrganizationSchema);

export const UpdateOrganizationRequestSchema = z
  .object({
    name: requiredText('Organization name'),
    numberOfLocations: z.number().int().min(1, 'At least one location').max(500),
    billingContact: z.object({ email: EmailSchema }),
    approvalStatus: ApprovalStatusSchema,
  })
  .partial();
export type UpdateOrganizationRequest = z.infer<typeof UpdateOrganizationRequestSchema>;

export const ChangeCustomPriceRequestSchema = z.object({
  customPrice: MoneySchema.nullable(),
});
export type ChangeCustomPriceRequest = z.infer<typeof ChangeCustomPriceRequestSchema>;

export const CompanyListQuerySchema = PageQuerySchema.extend({
  organization_id: UuidSchema.optional(),
  include_deleted: QueryBooleanSchema.optional(),
});
export const CompanyPageSchema = pageOf(CompanySchema);

/**
 * `GET /config` (public): how a pending organization reaches the team for its onboarding meeting.
 * Either may be null when the server has no BOOKING_URL or SUPPORT_EMAIL.
 */
export const PublicConfigSchema = z.object({
  booking_url: z.string().nullable(),
  support_email: z.string().nullable(),
  /** The web app signs a user out after this many minutes without activity, warning a minute before. */
  idle_logoff_minutes: z.number().int().positive(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
