import { BRAND } from '@roconnect/shared-lib';

export interface PageMeta {
  title: string;
  description: string;
}

const DEFAULT_DESCRIPTION = `Link your ${BRAND.chat} and ${BRAND.game} accounts, verify in your servers and keep roles in sync.`;

/** Titles and social metadata per path (spec §2). */
const META: { match: RegExp; meta: PageMeta }[] = [
  {
    match: /^\/$/,
    meta: {
      title: `${BRAND.product} – Connect ${BRAND.chat} & ${BRAND.game}`,
      description: DEFAULT_DESCRIPTION,
    },
  },
  {
    match: /^\/login$/,
    meta: {
      title: `Sign in · ${BRAND.product}`,
      description: `Sign in to ${BRAND.product} with your ${BRAND.chat} account.`,
    },
  },
  {
    match: /^\/dashboard$/,
    meta: {
      title: `Dashboard · ${BRAND.product}`,
      description: `Your linked ${BRAND.game} accounts and ${BRAND.chat} servers.`,
    },
  },
  {
    match: /^\/auth\/callback$/,
    meta: { title: `Signing in · ${BRAND.product}`, description: DEFAULT_DESCRIPTION },
  },
  {
    match: /^\/roblox\/callback$/,
    meta: { title: `Linking ${BRAND.game} · ${BRAND.product}`, description: DEFAULT_DESCRIPTION },
  },
  {
    match: /^\/invite$/,
    meta: {
      title: `Add the bot · ${BRAND.product}`,
      description: `Add the ${BRAND.product} bot to your ${BRAND.chat} server.`,
    },
  },
  {
    match: /^\/verify$/,
    meta: {
      title: `Verify & Update · ${BRAND.product}`,
      description: `Verify a linked ${BRAND.game} account in a ${BRAND.chat} server.`,
    },
  },
  {
    match: /^\/server\/edit\/[^/]+$/,
    meta: {
      title: `Server configuration · ${BRAND.product}`,
      description: `Configure verification for your ${BRAND.chat} server.`,
    },
  },
  {
    match: /^\/privacy$/,
    meta: {
      title: `Privacy Policy · ${BRAND.product}`,
      description: `How ${BRAND.product} handles your data.`,
    },
  },
  {
    match: /^\/terms$/,
    meta: {
      title: `Terms of Service · ${BRAND.product}`,
      description: `The terms for using ${BRAND.product}.`,
    },
  },
  {
    match: /^\/401$/,
    meta: { title: `Sign in required · ${BRAND.product}`, description: DEFAULT_DESCRIPTION },
  },
  {
    match: /^\/403$/,
    meta: { title: `Access denied · ${BRAND.product}`, description: DEFAULT_DESCRIPTION },
  },
  {
    match: /^\/500$/,
    meta: { title: `Something went wrong · ${BRAND.product}`, description: DEFAULT_DESCRIPTION },
  },
  {
    match: /^\/502$/,
    meta: { title: `Service unavailable · ${BRAND.product}`, description: DEFAULT_DESCRIPTION },
  },
];
const NOT_FOUND: PageMeta = {
  title: `Page not found · ${BRAND.product}`,
  description: DEFAULT_DESCRIPTION,
};

export function metaForPath(pathname: string): PageMeta {
  return META.find(({ match }) => match.test(pathname))?.meta ?? NOT_FOUND;
}

function setMetaTag(attribute: 'name' | 'property', key: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

export function applyPageMeta(pathname: string): PageMeta {
  const meta = metaForPath(pathname);
  document.title = meta.title;
  setMetaTag('name', 'description', meta.description);
  setMetaTag('property', 'og:title', meta.title);
  setMetaTag('property', 'og:description', meta.description);
  setMetaTag('property', 'og:url', window.location.origin + pathname);
  setMetaTag('name', 'twitter:title', meta.title);
  setMetaTag('name', 'twitter:description', meta.description);
  return meta;
}
