/**
 * Runtime configuration shared by the shell and every remote. The shell sets it once at start from
 * its `config.json`; standalone harnesses set it for MSW. Nothing here is baked in at build time, so
 * one build runs against any API.
 */
export interface RuntimeConfig {
  /** origin of the RoConnect API, e.g. http://localhost:3000; '' means same origin */
  apiBaseUrl: string;
  /**
   * The public pages' links to the community chat invite and the social profile (config.json's
   * `footerLinks`, checked by the shell): a deploy names them, not the code; one left out is not
   * shown.
   */
  footerLinks?: FooterLinks;
}

/** A link to another site: its absolute http(s) address and the words it shows. */
export interface ExternalLink {
  url: string;
  label: string;
}

export interface FooterLinks {
  community?: ExternalLink;
  social?: ExternalLink;
}

let current: RuntimeConfig = { apiBaseUrl: '' };
const listeners = new Set<(config: RuntimeConfig) => void>();

export function configureRuntime(config: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...current, ...config };
  listeners.forEach((listener) => listener(current));
  return current;
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function onRuntimeConfigChange(listener: (config: RuntimeConfig) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
