import fs from 'node:fs';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupMockServer } from '@roconnect/shared-lib/testing';
import {
  fetchRemoteManifest,
  loadParcelConfig,
  registerRemoteManifest,
} from '../src/features/remotes/remoteRegistry';
import { loadShellConfig } from '../src/app/shellConfig';
import { readFooterLinks } from '../src/features/config/footerLinks';
import { INLINE_DEPLOY_ID, readInlineDeploy } from '../src/inlineDeploy';
import { federation } from './mocks/federationRuntime';

const { server } = setupMockServer();
const REMOTES_URL = 'http://localhost/remotes.json';
const CONFIG_URL = 'http://localhost/config.json';

function serve(path: string, body: string | object, status = 200) {
  server.use(
    http.get(`*${path}`, () =>
      typeof body === 'string'
        ? new HttpResponse(body, { status, headers: { 'Content-Type': 'application/json' } })
        : HttpResponse.json(body, { status }),
    ),
  );
}

beforeEach(() => federation.reset());
afterEach(() => jest.restoreAllMocks());

describe('fetchRemoteManifest', () => {
  it('returns remote name -> manifest URL', async () => {
    const manifest = {
      mfe_public: 'http://localhost:3001/mf-manifest.json',
      mfe_accounts: 'https://accounts.example/mf-manifest.json',
    };
    serve('/remotes.json', manifest);
    await expect(fetchRemoteManifest(REMOTES_URL)).resolves.toEqual(manifest);
  });

  it.each([
    ['an array', ['http://localhost:3001/mf-manifest.json']],
    ['null', 'null'],
    ['a string', '"http://localhost:3001/mf-manifest.json"'],
    ['a number', '42'],
  ])('rejects a file that is %s, not an object', async (_case, body) => {
    serve('/remotes.json', typeof body === 'string' ? body : JSON.stringify(body));
    await expect(fetchRemoteManifest(REMOTES_URL)).rejects.toThrow(
      `${REMOTES_URL} is not a JSON object`,
    );
  });

  it.each([
    ['a number', 3001],
    ['null', null],
    ['an object', { url: 'http://localhost:3002/mf-manifest.json' }],
  ])('rejects an entry that is %s, naming the entry', async (_case, entry) => {
    serve('/remotes.json', {
      mfe_public: 'http://localhost:3001/mf-manifest.json',
      mfe_accounts: entry,
    });
    await expect(fetchRemoteManifest(REMOTES_URL)).rejects.toThrow(
      `${REMOTES_URL}: entry for mfe_accounts must be a URL string`,
    );
  });

  it('rejects when the file is missing', async () => {
    serve('/remotes.json', { error: 'not found' }, 404);
    await expect(fetchRemoteManifest(REMOTES_URL)).rejects.toThrow(`${REMOTES_URL} answered 404`);
  });
});

describe('registerRemoteManifest and loadParcelConfig', () => {
  it('registers every remote of the manifest with the federation runtime', () => {
    registerRemoteManifest({
      mfe_public: 'http://a/mf-manifest.json',
      mfe_setup: 'http://b/mf-manifest.json',
    });
    expect(federation.registerCalls).toEqual([
      {
        remotes: [
          { name: 'mfe_public', entry: 'http://a/mf-manifest.json' },
          { name: 'mfe_setup', entry: 'http://b/mf-manifest.json' },
        ],
        force: false,
      },
    ]);
  });

  it('loads an exposed parcel', async () => {
    registerRemoteManifest({ mfe_public: 'http://a/mf-manifest.json' });
    const config = await loadParcelConfig('mfe_public', 'Landing');
    expect(typeof config.mount).toBe('function');
    expect(config.name).toBe('mfe_public/Landing');
  });

  it('re-registers a remote with force after a failed load, so a retry goes back to the network', async () => {
    registerRemoteManifest({ mfe_servers: 'http://c/mf-manifest.json' });
    federation.fail('mfe_servers');
    await expect(loadParcelConfig('mfe_servers', 'ServersTab')).rejects.toThrow(
      'mfe_servers failed to load',
    );
    expect(federation.registerCalls.at(-1)).toEqual({
      remotes: [{ name: 'mfe_servers', entry: 'http://c/mf-manifest.json' }],
      force: true,
    });

    federation.recover('mfe_servers');
    await expect(loadParcelConfig('mfe_servers', 'ServersTab')).resolves.toHaveProperty(
      'name',
      'mfe_servers/ServersTab',
    );
  });
});

describe('loadShellConfig', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('reads apiBaseUrl, without a trailing slash', async () => {
    serve('/config.json', { apiBaseUrl: 'https://api.roconnect.example/' });
    await expect(loadShellConfig(CONFIG_URL)).resolves.toEqual({
      apiBaseUrl: 'https://api.roconnect.example',
      footerLinks: {},
    });
    expect(console.warn).not.toHaveBeenCalled();
  });

  it("reads the footer's community and social links", async () => {
    const footerLinks = {
      community: { url: 'https://chat.example/invite/abc', label: 'Our community' },
      social: { url: 'https://social.example/@rc', label: ' RoConnect elsewhere ' },
    };
    serve('/config.json', { apiBaseUrl: '', footerLinks });
    await expect(loadShellConfig(CONFIG_URL)).resolves.toEqual({
      apiBaseUrl: '',
      footerLinks: {
        community: footerLinks.community,
        social: { url: 'https://social.example/@rc', label: 'RoConnect elsewhere' },
      },
    });
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('leaves out a footer link that is not right, naming what is wrong, and keeps the rest', async () => {
    serve('/config.json', {
      apiBaseUrl: '/_api',
      footerLinks: {
        community: { url: 'javascript:alert(1)', label: 'Community' },
        social: { url: 'https://social.example/@rc', label: 'Social' },
        blog: { url: 'https://blog.example', label: 'Blog' },
      },
    });
    await expect(loadShellConfig(CONFIG_URL)).resolves.toEqual({
      apiBaseUrl: '/_api',
      footerLinks: { social: { url: 'https://social.example/@rc', label: 'Social' } },
    });
    expect(console.warn).toHaveBeenCalledWith(
      `${CONFIG_URL}: footerLinks.community.url must be an absolute http(s) address; footerLinks.blog is not a footer link (community or social); those links are not shown`,
    );
  });

  it('the shipped config.json (public/config.json) names both links, checked', () => {
    const shipped = JSON.parse(
      fs.readFileSync(path.join(__dirname, '..', 'public', 'config.json'), 'utf8'),
    ) as { footerLinks?: unknown };
    const { links, problems } = readFooterLinks(shipped.footerLinks);
    expect(problems).toEqual([]);
    expect(Object.keys(links)).toEqual(['community', 'social']);
  });

  it.each([
    ['a label that is empty', { community: { url: 'https://c.example', label: ' ' } }],
    [
      'a label that is too long',
      { community: { url: 'https://c.example', label: 'x'.repeat(81) } },
    ],
    ['a relative address', { community: { url: '/community', label: 'Community' } }],
    ['not an object', 'https://c.example'],
  ])('shows no footer link for %s', async (_case, footerLinks) => {
    serve('/config.json', { apiBaseUrl: '', footerLinks });
    await expect(loadShellConfig(CONFIG_URL)).resolves.toEqual({ apiBaseUrl: '', footerLinks: {} });
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/footerLinks/));
  });

  it.each([
    ['is missing', () => serve('/config.json', { error: 'not found' }, 404)],
    ['is not JSON', () => serve('/config.json', '{ apiBaseUrl: ')],
    ['has no apiBaseUrl', () => serve('/config.json', { api: 'https://api.example' })],
    ['has a non-string apiBaseUrl', () => serve('/config.json', { apiBaseUrl: 3000 })],
    ['cannot be fetched', () => server.use(http.get('*/config.json', () => HttpResponse.error()))],
  ])('falls back to the same origin when the file %s', async (_case, arrange) => {
    arrange();
    await expect(loadShellConfig(CONFIG_URL)).resolves.toEqual({ apiBaseUrl: '' });
    expect(console.warn).toHaveBeenCalledWith(
      'Could not load the shell configuration; using the same origin for the API',
      expect.anything(),
    );
  });
});

describe('the deploy files inlined by the server', () => {
  afterEach(() => document.getElementById(INLINE_DEPLOY_ID)?.remove());

  function inline(text: string) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = INLINE_DEPLOY_ID;
    element.textContent = text;
    document.head.appendChild(element);
  }

  it('are used without a request when the page carries them', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const remotes = { mfe_public: 'http://localhost:3001/mf-manifest.json' };
    inline(JSON.stringify({ remotes, config: { apiBaseUrl: 'https://api.example/' } }));
    const inlined = readInlineDeploy();
    await expect(fetchRemoteManifest(REMOTES_URL, inlined.remotes)).resolves.toEqual(remotes);
    await expect(loadShellConfig(CONFIG_URL, inlined.config)).resolves.toEqual({
      apiBaseUrl: 'https://api.example',
      footerLinks: {},
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('are checked like the fetched files', async () => {
    inline(JSON.stringify({ remotes: { mfe_public: 3001 } }));
    await expect(fetchRemoteManifest(REMOTES_URL, readInlineDeploy().remotes)).rejects.toThrow(
      `${REMOTES_URL}: entry for mfe_public must be a URL string`,
    );
  });

  it('a file left out (or a broken element) is fetched instead', async () => {
    inline('{"remotes": ');
    expect(readInlineDeploy()).toEqual({});
    serve('/remotes.json', { mfe_setup: 'http://localhost:3004/mf-manifest.json' });
    await expect(fetchRemoteManifest(REMOTES_URL, readInlineDeploy().remotes)).resolves.toEqual({
      mfe_setup: 'http://localhost:3004/mf-manifest.json',
    });
  });
});
