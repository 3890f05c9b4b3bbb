import type { IncomingMessage } from 'node:http';

/** Bounds of a submitted form (docs/setup-page.md#bounds). */
export const FORM_LIMITS = {
  /** Largest request body: 16 KiB. */
  maxBodyBytes: 16 * 1024,
  /** Largest single field value, decoded: 4 KiB. */
  maxValueBytes: 4 * 1024,
} as const;

/** Why a form body was refused: too large (413) or not a form this page sent (400). */
export type FormRefusal = 'too-large' | 'malformed';

/** A read form: one value per field name (a repeated name is malformed). */
export type FormFields = ReadonlyMap<string, string>;

const isFormType = (type: string | undefined): boolean =>
  typeof type === 'string' && type.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/**
 * Reads a urlencoded form body within {@link FORM_LIMITS}: a declared length over the bound is
 * refused before any byte is read, a streamed body as soon as it passes it (the caller then
 * closes the connection). How long the body may take is the listener's request timeout.
 */
export function readFormBody(request: IncomingMessage): Promise<FormFields | FormRefusal> {
  if (!isFormType(request.headers['content-type'])) return Promise.resolve('malformed');
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > FORM_LIMITS.maxBodyBytes) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let answered = false;
    /** Resolves with the first verdict on the body; later events change nothing. */
    const answer = (value: FormFields | FormRefusal): void => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > FORM_LIMITS.maxBodyBytes) {
        request.pause();
        return answer('too-large');
      }
      if (!answered) chunks.push(chunk);
    });
    request.on('end', () => answer(parseForm(Buffer.concat(chunks).toString('utf8'))));
    request.on('error', () => answer('malformed'));
    request.on('close', () => answer('malformed'));
  });
}

/** Parses a urlencoded body: every value within its bound, no name twice. */
export function parseForm(body: string): FormFields | FormRefusal {
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(body)) {
    if (Buffer.byteLength(value, 'utf8') > FORM_LIMITS.maxValueBytes) return 'too-large';
    if (fields.has(key)) return 'malformed';
    fields.set(key, value);
  }
  return fields;
}
