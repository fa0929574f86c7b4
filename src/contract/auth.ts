import { z } from 'zod';
import { zText } from './text';
import { ZMessage } from './common';

import { ACCOUNT_TYPES, PASSWORD_MIN, ROLES } from './auth-rules';

export { ACCOUNT_TYPES, PASSWORD_MIN, RESET_CODE_LENGTH, ROLES, isAdministrator } from './auth-rules';
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;
export const ZAccountType = z.enum(ACCOUNT_TYPES);
export type TAccountType = z.infer<typeof ZAccountType>;

const email = zText().trim().toLowerCase().email('Enter a valid email address').max(254);
const password = zText()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long.`)
  .max(200, 'Password must be at most 200 characters long.');
const optionalName = zText()
  .trim()
  .max(60, 'Names are at most 60 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

export const ZUsername = zText()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may use letters, digits, dot, dash and underscore');

export const ZRegisterRequest = z.object({
  username: ZUsername,
  email,
  password,
  firstName: optionalName,
  lastName: optionalName,
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  username: zText().trim().min(1, 'Enter your username or email').max(254),
  password: zText().min(1, 'Enter your password').max(200),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** Only same-site paths may be a post-login destination: never "//evil.example", "/\\evil" or "https://…". */
export const isSameSitePath = (next: string) => next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\');

/**
 * GET /api/login?next=…: where sign-in should lead back to (the page a 401 interrupted). A value that is
 * not a same-site path is dropped, not refused: the browser still lands on the sign-in page.
 */
export const ZLoginRedirectQuery = z.object({
  next: z
    .string()
    .max(2000)
    .optional()
    .catch(undefined)
    .transform((next) => (next && isSameSitePath(next) ? next : undefined)),
});

export const ZForgotPasswordRequest = z.object({ email });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z
  .object({
    email,
    resetCode: zText()
      .trim()
      .regex(/^\d{6}$/, 'The reset code is the 6-digit code from the email'),
    newPassword: password,
    confirmPassword: zText(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZChangePasswordRequest = z
  .object({
    currentPassword: zText().min(1, 'Enter your current password'),
    newPassword: password,
    confirmPassword: zText(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const CURRENT_PASSWORD_FOR_EMAIL_MESSAGE = 'Enter your current password to change your sign-in email.';
export const ZUpdateProfileRequest = z.object({
  firstName: zText().trim().max(60, 'Names are at most 60 characters').nullable(),
  lastName: zText().trim().max(60, 'Names are at most 60 characters').nullable(),
  email,
  /** Needed only when the email changes (it is how the account is recovered): proof it is the owner. */
  currentPassword: zText().max(200).optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** The signed-in user as the client sees it (spec §3 "Current user"). */
export const ZCurrentUserResponse = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: ZRole,
  accountType: ZAccountType,
  credits: z.number().int(),
  createdAt: z.string(),
});
export type TCurrentUserResponse = z.infer<typeof ZCurrentUserResponse>;

export const ZSessionInfo = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
});
export const ZSessionListResponse = z.array(ZSessionInfo);
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

/** Same answer whether or not the email is known: no user enumeration. */
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that email, we sent a 6-digit reset code. It expires in 10 minutes.';

export const ZRevokeSessionsResponse = ZMessage.extend({ revoked: z.number() });
export type TRevokeSessionsResponse = z.infer<typeof ZRevokeSessionsResponse>;
