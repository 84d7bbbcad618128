import type { RuntimeConfig } from '@roconnect/shared-lib';
import { readFooterLinks } from '../features/config/footerLinks';

/**
 * The shell's deploy-time settings, read at start so one build runs against any API: inlined in
 * the page by the shell's server (`inlined`), else fetched from `url`.
 * A missing or broken file falls back to the same origin.
 */
export async function loadShellConfig(
  url = '/config.json',
  inlined?: unknown,
): Promise<RuntimeConfig> {
  try {
    let body = inlined as Partial<RuntimeConfig> | undefined;
    if (body === undefined) {
      const response = await fetch(url, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      body = (await response.json()) as Partial<RuntimeConfig>;
    }
    if (!body || typeof body.apiBaseUrl !== 'string')
      throw new Error(`${url}: apiBaseUrl must be a string`);
    const footer = readFooterLinks(body.footerLinks);
    if (footer.problems.length > 0)
      console.warn(`${url}: ${footer.problems.join('; ')}; those links are not shown`);
    return { apiBaseUrl: body.apiBaseUrl.replace(/\/$/, ''), footerLinks: footer.links };
  } catch (error) {
    console.warn(
      'Could not load the shell configuration; using the same origin for the API',
      error,
    );
    return { apiBaseUrl: '' };
  }
}
