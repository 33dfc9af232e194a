import { z } from './zod';

/** Page query shared by every list: 1-based currentPage, perPage capped so no list is unbounded. */
export const PageQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    currentPage: z.number().int(),
    lastPage: z.number().int(),
    total: z.number().int(),
  });
}

export interface Page<T> {
  results: T[];
  currentPage: number;
  lastPage: number;
  total: number;
}

export function lastPageFor(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** Query-string booleans arrive as text: accept true/false/1/0. */
export const QueryBooleanSchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** The rows a page query asks for. */
export function pageWindow(query: PageQuery): { offset: number; limit: number } {
  return { offset: (query.currentPage - 1) * query.perPage, limit: query.perPage };
}

/** Builds the list answer every paginated endpoint gives. */
export function toPage<T>(results: T[], total: number, query: PageQuery): Page<T> {
  return { results, currentPage: query.currentPage, lastPage: lastPageFor(total, query.perPage), total };
}
