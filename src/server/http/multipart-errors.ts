import { UPLOAD_CUT_OFF_MESSAGE } from '../uploads/multipart-upload';
import { HttpError } from './errors';

const NOT_A_FORM = 'The upload is not a valid form. Send it again from the page, as multipart/form-data with its boundary.';

/**
 * The form parser's own errors (@fastify/multipart and its busboy) as answers a person can act on. Many
 * carry no status (a missing boundary is a plain Error thrown by the parser), so without this they
 * would be 500s; the others carry terse texts ("reach fields limit").
 */
export function multipartErrorAsHttp(error: { code?: string; message?: string }): HttpError | null {
  switch (error.code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'Send the form as multipart/form-data.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'The form has more fields than it takes. Send only the fields the page offers.');
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'Too many photos: front, back, 8 corner close-ups and up to 8 details.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'A photo is larger than 25 MB. Export it at a smaller size and try again.');
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'The form has a field name that is not allowed.');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpError(400, 'A form field declared as JSON is not valid JSON.');
    // A part's stream closed under a reader: the request body ended or the connection dropped.
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return new HttpError(400, UPLOAD_CUT_OFF_MESSAGE);
  }
  const message = error.message ?? '';
  if (message === 'Multipart: Boundary not found' || message === 'Boundary required') return new HttpError(400, NOT_A_FORM);
  if (message.includes('terminated early') || message === 'Unexpected end of multipart data' || message === 'Unexpected end of form') {
    return new HttpError(400, UPLOAD_CUT_OFF_MESSAGE);
  }
  return null;
}
