import type { UserDetail } from '@netfleet/contracts';
import { api } from '@/lib/api-client';

/** GET /users/{id} */
export async function getUser(id: string): Promise<UserDetail> {
  const { data } = await api.get<UserDetail>(`/users/${encodeURIComponent(id)}`);
  return data;
}
