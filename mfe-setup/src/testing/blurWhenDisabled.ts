/**
 * Browsers take focus away from a control that becomes disabled (it goes to <body>); jsdom leaves
 * it there. Gives a test the browsers' behaviour; the returned function stops it.
 */
export function blurControlsWhenDisabled(): () => void {
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || !active.matches(':disabled')) return;
    // jsdom's blur() ignores an element that cannot take focus: enable it for that moment
    active.removeAttribute('disabled');
    active.blur();
    active.setAttribute('disabled', '');
  });
  observer.observe(document.body, {
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  return () => observer.disconnect();
}
