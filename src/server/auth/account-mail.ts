/**
 * Mails about the account itself. Links in them are built from PUBLIC_URL only, never from the
 * request's Host header (issue 23.10): a request with a forged Host must not put another site's
 * address in a mail we send. Without PUBLIC_URL a mail names the page instead of linking it.
 */
import type { MailMessage } from '../adapters/mail/port';

export function siteLink(publicUrl: string | undefined, path: string): string | null {
  return publicUrl ? `${publicUrl.replace(/\/+$/, '')}${path}` : null;
}

/** To the OLD address when the sign-in email changes: the owner learns of it even if it was not them. */
export function emailChangedMail(
  user: { username: string; firstName: string | null },
  oldEmail: string,
  newEmail: string,
  publicUrl: string | undefined,
): MailMessage {
  const reset = siteLink(publicUrl, '/auth/forgot-password');
  return {
    to: oldEmail,
    subject: 'Your GradeVault sign-in email was changed',
    text: [
      `Hello ${user.firstName ?? user.username},`,
      '',
      `The sign-in email of your GradeVault account (${user.username}) was changed from this address to ${newEmail}.`,
      '',
      "If that was you, there is nothing to do. If it wasn't, someone knows your password: contact support and reset your password" +
        (reset ? ` at ${reset}` : ' from the sign-in page ("Forgot password")') +
        '.',
    ].join('\n'),
  };
}
