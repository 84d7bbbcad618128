/**
 * Lets a remote navigate through the shell's router without importing it. The shell registers its
 * navigate function at start; before that (or in a standalone harness without one) the browser
 * location is used.
 */
export interface NavigateOptions {
  replace?: boolean;
}
export type Navigator = (to: string, options?: NavigateOptions) => void;

let navigator: Navigator | null = null;

export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

/** True once the shell's router is there to take navigations. */
export function hasNavigator(): boolean {
  return navigator !== null;
}

export function navigate(to: string, options: NavigateOptions = {}): void {
  if (navigator) {
    navigator(to, options);
  } else if (options.replace) {
    window.location.replace(to);
  } else {
    window.location.assign(to);
  }
}

let externalRedirect: ((url: string) => void) | null = null;

/** Takes the redirects to other origins instead of the browser (tests: recordExternalRedirects). */
export function setExternalRedirect(next: ((url: string) => void) | null): void {
  externalRedirect = next;
}

/** Leave the app for another origin (OAuth consent pages, bot invites). */
export function redirectExternal(url: string): void {
  if (externalRedirect) externalRedirect(url);
  else window.location.assign(url);
}
