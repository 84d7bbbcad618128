import type { FastifyReply } from 'fastify';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  body{font-family:system-ui,sans-serif;background:#1e1f22;color:#f2f3f5;margin:0;display:flex;justify-content:center}
  main{background:#2b2d31;margin:4rem 1rem;padding:2rem;border-radius:8px;max-width:28rem;width:100%}
  h1{font-size:1.4rem;margin-top:0} p{color:#b5bac1}
  button{display:block;width:100%;margin:.5rem 0;padding:.75rem;border:0;border-radius:4px;font-size:1rem;cursor:pointer;background:#5865f2;color:#fff}
  button.secondary{background:#4e5058}
  button:focus-visible{outline:3px solid #fff;outline-offset:2px}
  .error{border-left:4px solid #f23f43;padding-left:1rem}
  label{display:block;margin:.5rem 0}
  select{width:100%;padding:.5rem;font-size:1rem}
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function errorPage(title: string, detail: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><div class="error" role="alert"><p>${escapeHtml(detail)}</p></div>`,
  );
}

/**
 * A consent page's form: the request carried on, a "Continue as …" button an account, and
 * Cancel.
 */
export function accountChoiceForm(
  action: string,
  carry: Record<string, string | undefined>,
  accounts: { id: string; name: string }[],
): string {
  const buttons = accounts
    .map(
      (a) =>
        `<button type="submit" name="user_id" value="${escapeHtml(a.id)}">Continue as ${escapeHtml(a.name)}</button>`,
    )
    .join('\n');
  return `<form method="post" action="${escapeHtml(action)}">
${hiddenInputs(carry)}
<fieldset style="border:0;padding:0"><legend>Choose an account</legend>
${buttons}
</fieldset>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
</form>`;
}

export function hiddenInputs(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
}

/** Appends query parameters to a redirect URI, keeping any it already has. */
export function withQuery(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

export function isHttpUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** An HTML answer that no cache keeps (consent pages carry one-time state). */
export function sendHtml(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(body);
}

/** An error page as an HTML answer. */
export function sendErrorPage(reply: FastifyReply, status: number, title: string, detail: string) {
  return sendHtml(reply, status, errorPage(title, detail));
}
