// The markup a remote prerendered for the first route (inlined by shell/server into #root, in the
// frame the shell renders around the page: its <main> and the parcel's region). React clears #root
// on its first commit, drawing the same frame; RemoteParcel takes the node back in the same commit
// and puts it into the parcel's element, where the parcel's own first commit replaces it: the
// prerendered view stays on screen until the real one is drawn, with nothing in between.
const ATTRIBUTE = 'data-rc-prerender';

let pending: HTMLElement | null = null;

/** Remember the prerendered node before the shell's React root clears the container. */
export function capturePrerenderedParcel(root: HTMLElement): void {
  // the view's element, not the style element inside it (which carries the attribute too)
  pending = root.querySelector<HTMLElement>(`div[${ATTRIBUTE}]`);
}

/** The prerendered node for this remote's parcel, once; null when there is none. */
export function claimPrerenderedParcel(remote: string, expose: string): HTMLElement | null {
  const node = pending;
  if (!node || node.getAttribute(ATTRIBUTE) !== `${remote}/${expose}`) return null;
  pending = null;
  return node;
}
