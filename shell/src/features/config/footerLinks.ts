import type { RuntimeConfig } from '@roconnect/shared-lib';

type FooterLinks = NonNullable<RuntimeConfig['footerLinks']>;
type ExternalLink = NonNullable<FooterLinks['community']>;

const LINK_NAMES = ['community', 'social'] as const;
const MAX_LABEL_LENGTH = 80;

/**
 * config.json's `footerLinks` ({ community?, social? }, each { url, label }), checked: an absolute
 * http(s) address and a short label. A link that is not right is left out, and `problems` names
 * what is wrong with it (the page shows the rest; the footer never links somewhere unchecked).
 */
export function readFooterLinks(value: unknown): { links: FooterLinks; problems: string[] } {
  const links: FooterLinks = {};
  const problems: string[] = [];
  if (value === undefined) return { links, problems };
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { links, problems: ['footerLinks must be an object with community and social'] };
  const given = value as Record<string, unknown>;
  for (const name of LINK_NAMES) {
    if (given[name] === undefined) continue;
    const link = readLink(given[name], `footerLinks.${name}`, problems);
    if (link) links[name] = link;
  }
  for (const name of Object.keys(given))
    if (!(LINK_NAMES as readonly string[]).includes(name))
      problems.push(`footerLinks.${name} is not a footer link (community or social)`);
  return { links, problems };
}

function readLink(value: unknown, where: string, problems: string[]): ExternalLink | null {
  const { url, label } = (value ?? {}) as { url?: unknown; label?: unknown };
  if (typeof url !== 'string' || !isWebAddress(url)) {
    problems.push(`${where}.url must be an absolute http(s) address`);
    return null;
  }
  if (typeof label !== 'string' || !label.trim() || label.length > MAX_LABEL_LENGTH) {
    problems.push(`${where}.label must be text of 1 to ${MAX_LABEL_LENGTH} characters`);
    return null;
  }
  return { url, label: label.trim() };
}

function isWebAddress(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
