import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FORGOT_PASSWORD_ANSWER } from '@contract/auth';
import { SESSION_COOKIE } from '@contract/common';
import { HttpError, unauthorized } from '../http/errors';
import { requireSession, requireUser } from '../http/access';
import type { LoginThrottle } from './login-throttle';
import { toCurrentUser } from './current-user';
import type { MailPort } from '../adapters/mail/port';
import { emailChangedMail } from './account-mail';
import type { AuthService } from './service';
import type { SessionStore, SessionUser } from './sessions';
import type { createPasswordReset } from './password-reset';
import { contractRoute } from '../http/contract-route';

export interface AuthRoutesOptions {
  auth: AuthService;
  sessions: SessionStore;
  passwordReset: ReturnType<typeof createPasswordReset>;
  sessionDays: number;
  secureCookies: (req: FastifyRequest) => boolean;
  /** Sign-in limits per address + account, account and address; absent with RATE_LIMIT=false. */
  loginThrottle?: LoginThrottle;
  /** Account notices (the old address when the email changes). */
  mail: MailPort;
  /** The site's address for links in mails; never the request's Host. */
  publicUrl: string | undefined;
}

// Per address, counted in onRequest (before the body is read). Sign-in has its own limits keyed by
// the account too, taken once the body is parsed (see login-throttle.ts).
const limit = (max: number, minutes: number) => ({
  max,
  timeWindow: minutes * 60_000,
  keyGenerator: (req: FastifyRequest) => req.ip,
});

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth, sessions, passwordReset } = opts;

  async function startSession(request: FastifyRequest, reply: FastifyReply, user: SessionUser) {
    // Session fixation defence: whatever session the browser had is ended, and a new id is issued.
    if (request.session) await sessions.revoke(request.session.id);
    const token = await sessions.create(user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookies(request),
      maxAge: opts.sessionDays * 24 * 60 * 60,
    });
  }

  async function endSession(request: FastifyRequest, reply: FastifyReply) {
    if (request.session) await sessions.revoke(request.session.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'You have been logged out.' };
  }

  contractRoute(app, 'POST /api/auth/register', {
    tags: ['auth'],
    summary: 'Create an account and sign in',
    config: { rateLimit: limit(10, 60) },
    handler: async (request, reply) => {
      const user = await auth.register(request.body);
      await startSession(request, reply, user);
      return reply.status(201).send(toCurrentUser(user));
    },
  });

  contractRoute(app, 'POST /api/auth/login', {
    tags: ['auth'],
    summary: 'Sign in with username or email and password',
    handler: async (request, reply) => {
      const { username, password } = request.body;
      await opts.loginThrottle?.take(request.ip, username);
      const user = await auth.verifyLogin(username, password);
      if (!user) throw new HttpError(401, 'The username or password is not correct.');
      await opts.loginThrottle?.succeeded(request.ip, username);
      await startSession(request, reply, user);
      return toCurrentUser(user);
    },
  });

  contractRoute(app, 'GET /api/auth/user', {
    tags: ['auth'],
    summary: 'The signed-in user',
    handler: async (request) => {
      if (!request.session) throw unauthorized('Not signed in.');
      return toCurrentUser(request.session.user);
    },
  });

  contractRoute(app, 'POST /api/auth/logout', { tags: ['auth'], summary: 'Sign out this session', handler: endSession });
  contractRoute(app, 'POST /api/logout', { tags: ['auth'], summary: 'Sign out this session (spec §7 alias)', handler: endSession });

  contractRoute(app, 'GET /api/login', {
    tags: ['auth'],
    summary: 'Send the browser to the sign-in page (and, with ?next=, back to that page after it)',
    handler: async (request, reply) => {
      const { next } = request.query;
      return reply.redirect(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
    },
  });

  contractRoute(app, 'POST /api/auth/forgot-password', {
    tags: ['auth'],
    summary: 'Email a password reset code',
    config: { rateLimit: limit(5, 15) },
    handler: async (request, reply) => {
      // Answer first, work after: known and unknown emails look the same, in words and in time.
      reply.send({ message: FORGOT_PASSWORD_ANSWER });
      passwordReset.requestCode(request.body.email).catch((err) => request.log.error({ err }, 'reset mail failed'));
      return reply;
    },
  });

  contractRoute(app, 'POST /api/auth/reset-password', {
    tags: ['auth'],
    summary: 'Set a new password with a reset code',
    config: { rateLimit: limit(10, 15) },
    handler: async (request, reply) => {
      const { email, resetCode, newPassword } = request.body;
      await passwordReset.reset(email, resetCode, newPassword);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'Your password has been updated. You can now log in with your new password.' };
    },
  });

  contractRoute(app, 'PUT /api/auth/profile', {
    // The current password may be guessed here: limited like change-password.
    tags: ['account'],
    summary: 'Update the profile (a new email needs the current password)',
    config: { rateLimit: limit(10, 15) },
    handler: async (request) => {
      const { user, previousEmail } = await auth.updateProfile(requireUser(request).id, request.body);
      sessions.forgetUser(user.id);
      if (previousEmail)
        await opts.mail
          .send(emailChangedMail(user, previousEmail, user.email, opts.publicUrl))
          .catch((err: unknown) => request.log.error({ err }, 'email-changed notice not sent'));
      return toCurrentUser(user);
    },
  });

  contractRoute(app, 'POST /api/auth/change-password', {
    tags: ['account'],
    summary: 'Change the password and sign out other sessions',
    config: { rateLimit: limit(10, 15) },
    handler: async (request) => {
      const session = requireSession(request);
      await auth.changePassword(session.user.id, request.body.currentPassword, request.body.newPassword);
      const ended = await sessions.revokeAllForUser(session.user.id, session.id);
      return { message: `Password changed. ${ended} other session${ended === 1 ? '' : 's'} signed out.` };
    },
  });

  contractRoute(app, 'GET /api/auth/sessions', {
    tags: ['account'],
    summary: 'List the signed-in sessions',
    handler: async (request) => {
      const current = requireSession(request);
      const rows = await sessions.listForUser(current.user.id);
      return rows
        .map((s) => ({
          id: s.id.slice(0, 12),
          current: s.id === current.id,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          userAgent: s.userAgent,
        }))
        .reverse();
    },
  });

  contractRoute(app, 'POST /api/auth/sessions/revoke-others', {
    tags: ['account'],
    summary: 'Sign out every other session',
    handler: async (request) => {
      const current = requireSession(request);
      const revoked = await sessions.revokeAllForUser(current.user.id, current.id);
      return { message: `Signed out ${revoked} other session${revoked === 1 ? '' : 's'}.`, revoked };
    },
  });
};
