/**
 * Just enough CommonMark for the link check: the link targets of a Markdown text, and the anchors
 * its headings get on GitHub. Code (fenced blocks and inline spans) holds no links.
 */

/** The text with fenced code blocks blanked out, line count kept (headings may hold code spans). */
function withoutCodeBlocks(text: string): string {
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === undefined && marker !== undefined) {
        fence = marker;
        return '';
      }
      if (fence !== undefined) {
        if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
        return '';
      }
      return line;
    })
    .join('\n');
}

/** The text without code: fenced blocks blanked out, inline code spans removed. */
const withoutCode = (text: string): string => withoutCodeBlocks(text).replace(/(`+)[^`]*?\1/g, '');

/**
 * Link targets: inline links and images `[text](target "title")`, reference definitions
 * `[id]: target`, autolinks `<scheme:…>` and, when asked, bare `http(s)://` URLs (which GitHub
 * turns into links).
 */
export function linksOf(text: string, options: { bareUrls?: boolean } = {}): string[] {
  const prose = withoutCode(text);
  const targets: string[] = [];
  for (const match of prose.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g))
    targets.push(match[1]!.replace(/^<|>$/g, ''));
  for (const match of prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)) targets.push(match[1]!.replace(/^<|>$/g, ''));
  for (const match of prose.matchAll(/<([a-z][a-z0-9+.-]*:[^\s>]+)>/gi)) targets.push(match[1]!);
  if (options.bareUrls) for (const match of prose.matchAll(/(?<![(<\w])https?:\/\/[^\s)>\]]+/g)) targets.push(match[0]);
  return targets;
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links keep their text
    .replace(/`/g, '')
    .replace(/<[^>]+>/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of every ATX heading of the text, repeated ones numbered as GitHub numbers them. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutCodeBlocks(text).matchAll(/^ {0,3}#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const slug = slugOf(match[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
