// The Content-Security-Policy of the shell's pages: a per-response nonce, plus the origins the
// page legitimately talks to (the remotes from remotes.json and the API from config.json).
import crypto from 'node:crypto';

export function createNonce() {
  return crypto.randomBytes(18).toString('base64url');
}

export function originsOf(urls) {
  const origins = new Set();
  for (const url of urls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // a malformed entry is reported by the shell in the browser; it adds no origin here
    }
  }
  return [...origins];
}

export function buildCsp({ nonce, remoteOrigins, apiOrigins, imageOrigins }) {
  const list = (items) => items.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${list(remoteOrigins)}`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' data: https: ${list(imageOrigins)}`,
    `connect-src 'self' ${list([...remoteOrigins, ...apiOrigins])}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
    .map((directive) => directive.trim())
    .join('; ');
}
