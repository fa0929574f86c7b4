// Plain constants and predicates of the auth contract, free of zod so the web app's first bundle stays small.

export const ROLES = ['user', 'admin', 'super_admin'] as const;
export const ACCOUNT_TYPES = ['starter', 'pro'] as const;

/** Spec §1: admin and super_admin count as administrator; any other role, or none, does not. */
export const isAdministrator = (role: string | null | undefined): boolean => role === 'admin' || role === 'super_admin';

export const PASSWORD_MIN = 8;
export const RESET_CODE_LENGTH = 6;
