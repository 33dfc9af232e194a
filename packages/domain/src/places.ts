import { z } from './zod';
import { UuidSchema } from './fields';
import { QueryBooleanSchema } from './pagination';
import { IdempotencyKeySchema } from './stock';
import { WRITE_OFF_MESSAGES, WriteOffUnitsSchema } from './write-offs';

/**
 * Issue 34, item 1: storage places within a location ("Main closet", "Operatory 2"). Every lot
 * sits in one place; each location has a default place (created with the location) where lots go
 * when no place is named. Moving units between places is a ledger movement that changes no value.
 */
export const PLACE_NAME_MAX = 60;

export const PLACE_MESSAGES = {
  nameRequired: 'Enter a name for the place',
  nameTooLong: `The name can be at most ${String(PLACE_NAME_MAX)} characters`,
  duplicateName: (name: string) => `There is already a place called ${name} at this location`,
  notFound: 'Place not found',
  retired: 'This place is retired: choose another one',
  retireDefault: 'The default place cannot be retired: lots go there when no place is named',
  retireHoldsUnits: (name: string, units: number) =>
    `${name} still holds ${String(units)} ${units === 1 ? 'unit' : 'units'}: move them to another place before retiring it`,
  alreadyRetired: 'This place is already retired',
  samePlace: 'The lot is already in this place',
  moveWholeUnits: 'Move whole units, or every unit left in the lot',
  moreThanLeft: WRITE_OFF_MESSAGES.moreThanLeft,
  created: 'Place added',
  renamed: 'Place renamed',
  retiredDone: 'Place retired',
  moved: 'Units moved',
  moveFailed: 'Failed to move the units',
} as const;

/** The place name every location starts with (migration 0031, and every location created since). */
export const DEFAULT_PLACE_NAME = 'Main storage';

export const PlaceNameSchema = z.string({ error: PLACE_MESSAGES.nameRequired }).trim().min(1, PLACE_MESSAGES.nameRequired).max(PLACE_NAME_MAX, PLACE_MESSAGES.nameTooLong);

export const PlaceSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  is_default: z.boolean(),
  /** Units on the shelf there now (live lots), rounded down, and the number of such lots. */
  units: z.number().int(),
  lots: z.number().int(),
  retired_at: z.string().nullable(),
  created_at: z.string(),
});
export type Place = z.infer<typeof PlaceSchema>;

export const PlaceListSchema = z.object({ places: z.array(PlaceSchema) });
export type PlaceList = z.infer<typeof PlaceListSchema>;

export const PlaceListQuerySchema = z.object({
  /** Retired places too (the places page shows them greyed); pickers list only live ones. */
  include_retired: QueryBooleanSchema.optional(),
});
export type PlaceListQuery = z.infer<typeof PlaceListQuerySchema>;

export const CreatePlaceRequestSchema = z.object({ name: PlaceNameSchema });
export type CreatePlaceRequest = z.infer<typeof CreatePlaceRequestSchema>;

export const RenamePlaceRequestSchema = z.object({ name: PlaceNameSchema });
export type RenamePlaceRequest = z.infer<typeof RenamePlaceRequestSchema>;

/** Units of one lot moved to another place of the same location; the answer is the lot moved from. */
export const MoveStockRequestSchema = z.object({
  units: WriteOffUnitsSchema,
  place_id: UuidSchema,
  /** Made when the dialog opens: a double tap or a retry moves the units once. */
  idempotency_key: IdempotencyKeySchema,
});
export type MoveStockRequest = z.infer<typeof MoveStockRequestSchema>;

/** Whether `units` of a lot holding `left` may move: all of it, or whole units of it. */
export function moveIssue(units: number, left: number): string | null {
  if (units > left + 1e-9) return PLACE_MESSAGES.moreThanLeft(left);
  if (Math.abs(units - left) < 1e-9) return null;
  return Number.isInteger(units) ? null : PLACE_MESSAGES.moveWholeUnits;
}
