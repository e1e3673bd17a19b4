import { ADMIN_ROLE } from '@lipcast/contracts';
import type { AccountUser } from './account';

/**
 * Whether the signed-in user is an operator: `GET /api/auth/user` lists `ADMIN_ROLE` in `roles`.
 * Only for showing or hiding the operator console; the gateway authorises every admin call itself.
 */
export function isAdmin(user: AccountUser | null): boolean {
  return user?.roles.includes(ADMIN_ROLE) ?? false;
}
