/** Builds `APP_URL<path>` with an optional query and fragment (tokens only ever go in the fragment). */
export function appUrl(
  base: string,
  path: string,
  parts: { query?: Record<string, string>; fragment?: Record<string, string> } = {},
): string {
  const url = new URL(path, `${base}/`);
  for (const [k, v] of Object.entries(parts.query ?? {})) url.searchParams.set(k, v);
  if (parts.fragment) url.hash = new URLSearchParams(parts.fragment).toString();
  return url.toString();
}
