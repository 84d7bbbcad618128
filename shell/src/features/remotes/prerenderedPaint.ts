// A view the shell's server prerendered (prerenderedParcel.ts) is there to be seen before any
// script runs. On a slow phone the shell's start takes the main thread for a second or more, and a
// browser that has the scripts by the time the HTML is parsed runs them before its first frame:
// the prerendered view would then never be painted on its own. So the shell starts after that
// frame when there is a prerendered view to show, and at once otherwise (a hidden tab draws no
// frames, and nobody would see it).
const ATTRIBUTE = 'data-rc-prerender';

export function afterPrerenderedViewPainted(doc: Document = document): Promise<void> {
  if (!doc.querySelector(`[${ATTRIBUTE}]`) || doc.visibilityState === 'hidden')
    return Promise.resolve();
  // requestAnimationFrame runs just before the frame is drawn; the task after it, after it.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
