/** Reloads the current document (the 500/502 pages' Try Again). Its own module so tests can stub it. */
export function reloadPage(): void {
  window.location.reload();
}

/**
 * Loads `path` (a path of this site) as a new document: the 500/502 pages' Try Again going back
 * to the page that failed, whose start (the session check with it) runs again.
 */
export function openPage(path: string): void {
  window.location.assign(path);
}
