/**
 * The flags every headless Chromium of ours starts with, the Playwright suite's and the bench's:
 * no sandbox (containers run as root), no GPU, no QUIC, and none of the browser's own background
 * traffic (component updates, sync, first-run pages), which a machine with no internet would
 * only wait on and which would add requests to what the bench counts.
 */
const CHROMIUM_FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

module.exports = { CHROMIUM_FLAGS };
