// Kept free of zod so the web app's first bundle can import them without the validation library.

/** Cookie-authenticated writes must echo the CSRF cookie in this header (double-submit token). */
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'sid';
