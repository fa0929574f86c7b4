const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
/** A date for notification texts (en-US, UTC: the server does not know the reader's zone). */
export const formatDay = (d: Date): string => day.format(d);
