import { IMPORT_NOT_UTF8_MESSAGE } from '@contract/collection-io';
import { unsupported, unprocessable } from '../domain-errors';

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

/**
 * The file's bytes as text. UTF-8 with or without a BOM is what we ask for; UTF-16 with a BOM (Excel's
 * "Unicode text") is converted, since its BOM says unambiguously what it is. Anything else that is not
 * valid UTF-8 (Windows-1252, Latin-1, a workbook) is refused with a sentence saying how to save it,
 * rather than guessed at and imported with mangled names.
 */
export function decodeCsv(buf: Buffer): string {
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]))
    throw unsupported(
      'This looks like an Excel workbook, not a CSV file. In Excel, choose File › Save As › "CSV UTF-8 (comma delimited)".',
    );
  let text: string;
  try {
    if (startsWith(buf, [0xff, 0xfe])) text = new TextDecoder('utf-16le', { fatal: true }).decode(buf.subarray(2));
    else if (startsWith(buf, [0xfe, 0xff])) text = new TextDecoder('utf-16be', { fatal: true }).decode(buf.subarray(2));
    else text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    throw unsupported(IMPORT_NOT_UTF8_MESSAGE);
  }
  // A NUL never appears in text: UTF-16 without a BOM, or a binary file that happens to be valid UTF-8.
  if (text.includes('\u0000')) throw unsupported(IMPORT_NOT_UTF8_MESSAGE);
  if (text.trim() === '') throw unprocessable('This file is empty. Choose a CSV file with a header row and one card per row.');
  return text;
}
