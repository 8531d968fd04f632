import type { InferSelectModel } from 'drizzle-orm';
import type { companies, users } from './schema';

export type UserRow = InferSelectModel<typeof users>;
export type CompanyRow = InferSelectModel<typeof companies>;
