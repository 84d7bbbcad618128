// Types of chromiumFlags.cjs for the TypeScript that loads it (the Playwright config).
export const CHROMIUM_FLAGS: readonly string[];
