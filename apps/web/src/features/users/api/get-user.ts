import type { User } from '@netfleet/contracts';
import { api } from '@/lib/api-client';

/** GET /users/{id} */
export async function getUser(id: string): Promise<User> {
  const { data } = await api.get<User>(`/users/${encodeURIComponent(id)}`);
  return data;
}
