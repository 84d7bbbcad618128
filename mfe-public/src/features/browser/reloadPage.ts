/** Reloads the current document (the 500/502 pages' Try Again). Its own module so tests can stub it. */
export function reloadPage(): void {
  window.location.reload();
}
