import { z } from 'zod';

/**
 * The text primitives every text field of a request is built on. Control characters never belong in
 * a name, an email, a search or a password; NUL in particular cannot be stored by PostgreSQL at all
 * (it answered 500). Multi-line fields (notes, descriptions) keep tab, line feed and carriage return.
 * C0 controls, DEL and the C1 controls (U+0080–U+009F) are refused with a sentence, at the contract,
 * so the server and the web form give the same answer.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'This text contains an invisible control character (such as NUL). Remove it and try again.';

// Control characters are exactly what these two patterns look for.
/* eslint-disable no-control-regex */
const SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F]*$/;
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;
/* eslint-enable no-control-regex */

/** One line of text: no control characters at all. */
export const zText = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(SINGLE_LINE, CONTROL_CHARACTERS_MESSAGE);

/** Text that may span lines (notes, descriptions): tab, CR and LF allowed, other control characters not. */
export const zMultilineText = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE);

/**
 * A card's personal notes, however they arrive (PATCH of a card, a binder entry's edit, a CSV import):
 * one rule, so no way in stores what another refuses (issue 23.8).
 */
export const NOTES_MAX = 2000;
export const zPersonalNotes = () => zMultilineText().max(NOTES_MAX, 'Notes are at most 2,000 characters');
