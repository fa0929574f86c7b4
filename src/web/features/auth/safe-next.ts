/** Only same-site paths may be a post-login destination: never "//evil.example" or "https://…". */
export function safeNext(next: string | null, fallback = '/account/dashboard'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
