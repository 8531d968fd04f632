import { moveUsersPartialSchema, type ErrorItem, type User } from '@netfleet/contracts';
import type { ApiResponse } from '@/lib/api-client';
import { api } from '@/lib/api-client';

export interface MoveUsersOutcome {
  moved: number;
  /** One per user that stayed, `source` = its id. */
  refused: ErrorItem[];
}

/** POST /users/move answers 200 (all moved) or 207 with `errors` for the users that stayed. */
export function moveUsersOutcome(response: ApiResponse<unknown>): MoveUsersOutcome {
  const partial = moveUsersPartialSchema.safeParse(response);
  if (partial.success)
    return { moved: partial.data.data.moved.length, refused: partial.data.errors };
  const data = response.data as { moved?: unknown };
  return { moved: Array.isArray(data.moved) ? data.moved.length : 0, refused: [] };
}

/** The e-mail addresses of these users, by id; users that cannot be read are left out. */
export async function userEmails(ids: readonly string[]): Promise<Record<string, string>> {
  const numeric = ids.filter((id) => /^\d+$/.test(id));
  if (numeric.length === 0) return {};
  try {
    const { data } = await api.get<User[]>('/users', {
      query: { id: numeric, limit: numeric.length },
    });
    return Object.fromEntries(data.map((user) => [String(user.id), user.email]));
  } catch {
    return {};
  }
}
