import type { TCurrentUserResponse } from '@contract/auth';
import type { SessionUser } from './sessions';

export function toCurrentUser(u: SessionUser): TCurrentUserResponse {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    accountType: u.accountType,
    credits: u.credits,
    createdAt: u.createdAt.toISOString(),
  };
}
