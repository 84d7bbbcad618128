// Each page's <title> and social tags, written into the HTML by the shell's server, so a link
// preview (which runs no script) and the browser's tab show the page's own title from the first
// byte. The words are the route table's (src/app/routeTable.ts, through dist/route-table.json),
// the same the shell then keeps in the head as the visitor moves (src/features/meta/pageMeta.ts).

export interface PageMeta {
  title: string;
  description: string;
}

/** The tags a page carries per route; the template's own (the landing's) are replaced. */
const PER_PAGE_META = new Set([
  'description',
  'og:title',
  'og:description',
  'twitter:title',
  'twitter:description',
]);
const TITLE_ELEMENT = /<title\b[^>]*>[\s\S]*?<\/title>/i;
const META_ELEMENT = /<meta\b[^>]*>/gi;
/** A meta element's name or property, quoted or not (the build minifies the template). */
const META_KEY = /\s(?:name|property)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))/i;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

function isPerPageMeta(tag: string): boolean {
  const match = META_KEY.exec(tag);
  const key = match?.[1] ?? match?.[2] ?? match?.[3];
  return key !== undefined && PER_PAGE_META.has(key.toLowerCase());
}

/** The page's title and its description, as the title element and the social tags. */
export function pageMetaTags({ title, description }: PageMeta): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  return (
    `<title>${escapeHtml(title)}</title>` +
    meta('name', 'description', description) +
    meta('property', 'og:title', title) +
    meta('property', 'og:description', description) +
    meta('name', 'twitter:title', title) +
    meta('name', 'twitter:description', description)
  );
}

/**
 * `html` with its title and per-page social tags replaced by `meta`'s, where its title stood (or
 * at the end of its head when it has none). Every other tag of the template is left as it is.
 */
export function withPageMeta(html: string, meta: PageMeta): string {
  const tags = pageMetaTags(meta);
  const withoutOld = html.replace(META_ELEMENT, (tag) => (isPerPageMeta(tag) ? '' : tag));
  return TITLE_ELEMENT.test(withoutOld)
    ? withoutOld.replace(TITLE_ELEMENT, () => tags)
    : withoutOld.replace('</head>', () => `${tags}</head>`);
}

/** A route-table row's meta, when the build wrote it (an older route-table.json has none). */
export function pageMetaOf(row: { title?: unknown; description?: unknown } | undefined) {
  return typeof row?.title === 'string' && typeof row.description === 'string'
    ? { title: row.title, description: row.description }
    : null;
}
