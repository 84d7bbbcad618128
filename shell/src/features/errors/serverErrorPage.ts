/**
 * The error page for a server error met on the page at `from` (a path of this site, with its
 * query): 502 ("Service unavailable") when the API could not be reached or was overloaded (502,
 * 503, 504, a gateway's answers), 500 ("Something went wrong") for any other. The page's Try Again
 * goes back to `from` (mfe-public ErrorPage).
 */
export function serverErrorPagePath(status: number, from: string): string {
  const page = status === 502 || status === 503 || status === 504 ? '/502' : '/500';
  return `${page}?${new URLSearchParams({ from }).toString()}`;
}
