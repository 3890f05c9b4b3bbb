/** Fixed refusals: a status and the words of the page that says it (never anything the client sent). */
export const REFUSALS = {
  host: [421, 'Wrong address', 'This page answers only at 127.0.0.1 or localhost with its own port.'],
  token: [
    403,
    'This link cannot be used',
    'Setup links work once, in one browser. Ask the assistant for a new one if this page is not already open elsewhere.',
  ],
  session: [
    403,
    'Open the link Qiongli gave you',
    'This page opens only through the address the assistant gave you, in the browser that used it first. If it is open there, go back to its tab.',
  ],
  origin: [403, 'Refused', 'The form was not sent from this setup page.'],
  form: [400, 'Refused', 'This is not a form that this setup page sent. Reload the page and try again.'],
  size: [413, 'Too large', 'The form or one of its values is larger than this page accepts (16 KiB, 4 KiB per value).'],
  method: [405, 'Not allowed', 'This page only shows its form and receives it.'],
  missing: [404, 'Not found', 'There is nothing else on this page.'],
  done: [409, 'Already saved', 'The settings were saved and this page is closing. Ask the assistant for a new setup page to change them again.'],
  failure: [500, 'Something went wrong', 'The page could not answer. Nothing was shown or kept of what you typed.'],
} as const satisfies Record<string, readonly [number, string, string]>;
