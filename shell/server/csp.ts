// The Content-Security-Policy of the shell's pages: a per-response nonce, plus the origins the
// page legitimately talks to (the remotes from remotes.json and the API from config.json).
import crypto from 'node:crypto';
import type http from 'node:http';

export function createNonce(): string {
  return crypto.randomBytes(18).toString('base64url');
}

export function originsOf(urls: readonly unknown[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      origins.add(new URL(String(url)).origin);
    } catch {
      // a malformed entry is reported by the shell in the browser; it adds no origin here
    }
  }
  return [...origins];
}

/** Where Discord avatars and Roblox headshots come from; config.json's imageOrigins adds more. */
export const PROVIDER_IMAGE_ORIGINS = ['https://cdn.discordapp.com', 'https://*.rbxcdn.com'];

export function buildCsp({
  nonce,
  remoteOrigins,
  apiOrigins,
  imageOrigins,
}: {
  nonce: string;
  remoteOrigins: string[];
  apiOrigins: string[];
  imageOrigins: string[];
}): string {
  const list = (items: string[]) => items.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${list(remoteOrigins)}`,
    `style-src 'self' 'nonce-${nonce}'`,
    // images only from the providers and the configured origins: no beacon to any host
    `img-src 'self' data: ${list([...PROVIDER_IMAGE_ORIGINS, ...imageOrigins])}`,
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

/** Browser features the dashboard never uses, switched off for the page and anything it embeds. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** HSTS only means something over HTTPS (directly, or through a proxy that says so). */
export function servedOverHttps(req: http.IncomingMessage): boolean {
  return (
    (req.socket as { encrypted?: boolean }).encrypted === true ||
    req.headers['x-forwarded-proto'] === 'https'
  );
}
