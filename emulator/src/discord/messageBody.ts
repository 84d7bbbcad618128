import type { FormProblem } from './errors';

/**
 * Checks a Create Message body as Discord does (Discord docs: Resources → Message, Create Message;
 * Embed Limits; Components): content ≤ 2000, ≤ 10 embeds within their field limits and 6000
 * characters together, ≤ 5 action rows of ≤ 5 buttons.
 */

export interface MessageBody {
  content: string;
  embeds: unknown[];
  components: unknown[];
}

const EMBED_TEXT_LIMITS: [string, number][] = [
  ['title', 256],
  ['description', 4096],
];
const MAX_EMBED_FIELDS = 25;
const MAX_EMBEDS_TOTAL = 6000;
const MAX_ROWS = 5;
const MAX_ROW_COMPONENTS = 5;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const problem = (path: (string | number)[], code: string, message: string): FormProblem => ({
  path: path.map(String),
  code,
  message,
});
const tooLong = (path: (string | number)[], max: number) =>
  problem(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);

const textLength = (v: unknown) => (typeof v === 'string' ? v.length : 0);

function checkEmbed(e: unknown, i: number): { size: number } | FormProblem {
  if (!isObj(e))
    return problem(['embeds', i], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used.');
  let size = 0;
  for (const [field, max] of EMBED_TEXT_LIMITS) {
    const v = e[field];
    if (v !== undefined && typeof v !== 'string')
      return problem(['embeds', i, field], 'BASE_TYPE_STRING', 'Must be a string.');
    if (textLength(v) > max) return tooLong(['embeds', i, field], max);
    size += textLength(v);
  }
  if (isObj(e.footer)) {
    if (textLength(e.footer.text) > 2048) return tooLong(['embeds', i, 'footer', 'text'], 2048);
    size += textLength(e.footer.text);
  }
  if (isObj(e.author)) {
    if (textLength(e.author.name) > 256) return tooLong(['embeds', i, 'author', 'name'], 256);
    size += textLength(e.author.name);
  }
  if (e.fields !== undefined) {
    if (!Array.isArray(e.fields))
      return problem(['embeds', i, 'fields'], 'BASE_TYPE_ARRAY', 'Must be an array.');
    if (e.fields.length > MAX_EMBED_FIELDS)
      return tooLong(['embeds', i, 'fields'], MAX_EMBED_FIELDS);
    for (const [j, f] of e.fields.entries()) {
      const at = ['embeds', i, 'fields', j];
      if (!isObj(f) || typeof f.name !== 'string' || typeof f.value !== 'string')
        return problem(at, 'BASE_TYPE_REQUIRED', 'A field needs a name and a value.');
      if (f.name.length > 256) return tooLong([...at, 'name'], 256);
      if (f.value.length > 1024) return tooLong([...at, 'value'], 1024);
      size += f.name.length + f.value.length;
    }
  }
  return { size };
}

function checkComponents(rows: unknown[]): FormProblem | undefined {
  if (rows.length > MAX_ROWS) return tooLong(['components'], MAX_ROWS);
  for (const [i, row] of rows.entries()) {
    if (!isObj(row) || row.type !== 1 || !Array.isArray(row.components))
      return problem(
        ['components', i],
        'COMPONENT_LAYOUT_INVALID',
        'A top-level component must be an action row (type 1) with components.',
      );
    if (row.components.length < 1 || row.components.length > MAX_ROW_COMPONENTS)
      return problem(
        ['components', i, 'components'],
        'BASE_TYPE_BAD_LENGTH',
        `Must be between 1 and ${MAX_ROW_COMPONENTS} in length.`,
      );
    for (const [j, c] of row.components.entries()) {
      const at = ['components', i, 'components', j];
      if (!isObj(c) || typeof c.type !== 'number')
        return problem(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used.');
      if (c.type !== 2) continue; // select menus and others: not checked further here
      const isLink = c.style === 5;
      if (isLink && typeof c.url !== 'string')
        return problem([...at, 'url'], 'BASE_TYPE_REQUIRED', 'A link button needs a url.');
      if (!isLink && (typeof c.custom_id !== 'string' || c.custom_id.length < 1))
        return problem([...at, 'custom_id'], 'BASE_TYPE_REQUIRED', 'This field is required');
      if (!isLink && (c.custom_id as string).length > 100)
        return tooLong([...at, 'custom_id'], 100);
      if (textLength(c.label) > 80) return tooLong([...at, 'label'], 80);
    }
  }
  return undefined;
}

/** the checked body, a field problem (50035), or 'empty' (50006 Cannot send an empty message) */
export function checkMessageBody(body: unknown): MessageBody | FormProblem | 'empty' {
  const b = isObj(body) ? body : {};
  const { content, embeds = [], components = [] } = b;
  if (content !== undefined && content !== null && typeof content !== 'string')
    return problem(['content'], 'BASE_TYPE_STRING', 'Must be a string.');
  if (typeof content === 'string' && content.length > 2000) return tooLong(['content'], 2000);
  if (!Array.isArray(embeds)) return problem(['embeds'], 'BASE_TYPE_ARRAY', 'Must be an array.');
  if (embeds.length > 10) return tooLong(['embeds'], 10);
  let total = 0;
  for (const [i, e] of embeds.entries()) {
    const checked = checkEmbed(e, i);
    if ('path' in checked) return checked;
    total += checked.size;
  }
  if (total > MAX_EMBEDS_TOTAL)
    return problem(['embeds'], 'BASE_TYPE_MAX_LENGTH', 'Embed size exceeds maximum size of 6000');
  if (!Array.isArray(components))
    return problem(['components'], 'BASE_TYPE_ARRAY', 'Must be an array.');
  const bad = checkComponents(components);
  if (bad) return bad;
  if (!content && embeds.length === 0 && components.length === 0) return 'empty';
  return { content: typeof content === 'string' ? content : '', embeds, components };
}
