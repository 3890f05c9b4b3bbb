/**
 * How the offer to open a page went, as the client reported it: the person `accepted`,
 * `declined` or `cancelled` the client's prompt; the client gave `no_answer` in time; or the
 * client cannot open URLs for a server (`not_offered`), so only the result carries the address.
 */
export type PageOffer = 'accepted' | 'declined' | 'cancelled' | 'no_answer' | 'not_offered';

/**
 * A use case's success that needs the person at the client to open a page on this computer
 * (the setup page, where a key is typed without passing through the chat). The driving adapter
 * decides how to offer `url`: MCP asks a client that declared URL-mode elicitation to open it,
 * and answers every other client with the address in the result only. Then it returns
 * `finish(offer)`, the tool's result for how the offer went.
 *
 * `completed` settles `true` once the interaction on the page finished (a save succeeded), and
 * `false` when the page closed without one; the adapter may tell the client then.
 */
export class UrlHandOff<T = unknown> {
  constructor(
    /** The page's address (loopback; it carries a single-use token, never a credential). */
    readonly url: string,
    /** What the client shows the person when it asks to open the page. */
    readonly message: string,
    readonly completed: Promise<boolean>,
    readonly finish: (offer: PageOffer) => T,
  ) {}
}
