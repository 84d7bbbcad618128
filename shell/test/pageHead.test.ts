/** @jest-environment node */
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ROUTE_TABLE, metaForPath } from '../src/app/routeTable';
import { close, listen, request, writeRouteTable, type ShellServerModule } from './serverTestHttp';

interface PageHeadModule {
  withPageMeta(html: string, meta: { title: string; description: string }): string;
}
const loadPageHead = async () => (await import('../server/pageHead' as string)) as PageHeadModule;

/** The page template as written (src/index.html) and as the build minifies it (dist/index.html). */
const SOURCE_TEMPLATE = fs.readFileSync(path.join(__dirname, '..', 'src', 'index.html'), 'utf8');
const MINIFIED_TEMPLATE =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1"><title>RoConnect – Connect Discord & Roblox</title><meta name=description content="Link your Discord and Roblox accounts."><meta property=og:site_name content=RoConnect><meta property=og:type content=website><meta property=og:title content="RoConnect – Connect Discord & Roblox"><meta property=og:description content="Link your Discord and Roblox accounts."><meta name=twitter:card content=summary><script defer src=/main.js></script></head><body><div id=root></div></body></html>';

/** A page's head, read back: its title and each named meta tag's content (HTML entities decoded). */
function readHead(html: string) {
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const head = html.slice(0, html.indexOf('</head>'));
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
  const meta: Record<string, string[]> = {};
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/g)) {
    const key = /(?:name|property)="?([^"\s>]+)/.exec(tag)?.[1];
    const content = /content=(?:"([^"]*)"|([^\s>]+))/.exec(tag);
    if (key && content) (meta[key] ??= []).push(decode(content[1] ?? content[2]!));
  }
  return { titles, meta };
}

const META = { title: 'Sign in · RoConnect', description: 'Sign in to RoConnect.' };

describe('withPageMeta', () => {
  it.each([
    ['as written', SOURCE_TEMPLATE],
    ['minified by the build', MINIFIED_TEMPLATE],
  ])(
    'replaces the template’s title and social tags (%s), once each, keeping the rest',
    async (_form, template) => {
      const { withPageMeta } = await loadPageHead();
      const { titles, meta } = readHead(withPageMeta(template, META));
      expect(titles).toEqual([META.title]);
      expect(meta).toMatchObject({
        description: [META.description],
        'og:title': [META.title],
        'og:description': [META.description],
        'twitter:title': [META.title],
        'twitter:description': [META.description],
        'og:site_name': ['RoConnect'],
        'og:type': ['website'],
        'twitter:card': ['summary'],
      });
      // everything but the title and the meta tags is left as it was
      const rest = (html: string) =>
        html.replace(/<title>[^<]*<\/title>/g, '').replace(/<meta\b[^>]*>/g, '');
      expect(rest(withPageMeta(template, META))).toBe(rest(template));
    },
  );

  it('escapes the words: a title cannot close its element or an attribute', async () => {
    const { withPageMeta } = await loadPageHead();
    const hostile = {
      title: 'A </title><script>alert(1)</script> & "quoted"',
      description: '"><script>alert(2)</script>\'',
    };
    const html = withPageMeta(MINIFIED_TEMPLATE, hostile);
    expect(html).not.toMatch(/<script>alert/);
    const { titles, meta } = readHead(html);
    expect(titles).toEqual([hostile.title]);
    expect(meta['og:description']).toEqual([hostile.description]);
  });

  it('adds the tags at the end of a head that has no title', async () => {
    const { withPageMeta } = await loadPageHead();
    const html = withPageMeta('<html><head><meta charset=utf-8></head><body></body></html>', META);
    expect(readHead(html).titles).toEqual([META.title]);
    expect(html).toMatch(/<meta charset=utf-8><title>/);
  });
});

describe("the shell's server writes each page's title and social tags from the route table", () => {
  let tmp: string;
  let server: http.Server;
  let port: number;

  async function startServer(dist: string) {
    const { createShellServer } = (await import('../server/server')) as ShellServerModule;
    const started = createShellServer({
      distDir: dist,
      remotesFile: path.join(dist, 'remotes.json'),
      configFile: path.join(dist, 'config.json'),
    });
    return { started, port: await listen(started) };
  }

  function distWith(routeTable: ((dist: string) => void) | null): string {
    const dist = fs.mkdtempSync(path.join(tmp, 'dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), MINIFIED_TEMPLATE);
    fs.writeFileSync(path.join(dist, 'remotes.json'), '{}');
    fs.writeFileSync(path.join(dist, 'config.json'), JSON.stringify({ apiBaseUrl: '' }));
    routeTable?.(dist);
    return dist;
  }

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-page-head-'));
    ({ started: server, port } = await startServer(distWith(writeRouteTable)));
  });
  afterAll(async () => {
    await close(server);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** A pathname each row of the table answers (the catch-all: an address no row names). */
  const samplePath = (routePath: string) =>
    routePath === '*' ? '/no-such-page' : routePath.replace(/:[^/]+/g, '123456');

  it.each(ROUTE_TABLE.map((route) => [samplePath(route.path)]))(
    '%s carries the title and description the shell shows there (metaForPath)',
    async (pathname) => {
      const page = await request(port, pathname);
      expect(page.status).toBe(200);
      const expected = metaForPath(pathname);
      const { titles, meta } = readHead(page.text);
      expect(titles).toEqual([expected.title]);
      expect(meta['og:title']).toEqual([expected.title]);
      expect(meta.description).toEqual([expected.description]);
      expect(meta['og:description']).toEqual([expected.description]);
    },
  );

  it('names pages apart: the sign-in page and an unknown address', async () => {
    expect(readHead((await request(port, '/login?next=1')).text).titles).toEqual([
      'Sign in · RoConnect',
    ]);
    expect(readHead((await request(port, '/server/edit/1/extra')).text).titles).toEqual([
      'Page not found · RoConnect',
    ]);
    // the landing's title carries an ampersand, escaped in the HTML
    expect((await request(port, '/')).text).toContain(
      '<title>RoConnect – Connect Discord &amp; Roblox</title>',
    );
  });

  it('escapes what route-table.json says', async () => {
    const dist = distWith((d) =>
      fs.writeFileSync(
        path.join(d, 'route-table.json'),
        JSON.stringify([
          { path: '*', title: '<script>alert(1)</script>', description: '"><b>x</b>' },
        ]),
      ),
    );
    const other = await startServer(dist);
    try {
      const page = await request(other.port, '/anything');
      expect(page.text).not.toContain('<script>alert(1)');
      expect(page.text).not.toContain('<b>x</b>');
      expect(readHead(page.text).titles).toEqual(['<script>alert(1)</script>']);
    } finally {
      await close(other.started);
    }
  });

  it('refuses a route table whose rows have no router path (an older build), naming the row', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const dist = distWith((d) =>
      fs.writeFileSync(
        path.join(d, 'route-table.json'),
        JSON.stringify([{ pattern: '^.*$', flags: 'i', title: 'Old', description: 'old' }]),
      ),
    );
    const other = await startServer(dist);
    try {
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('row 0 has no "path" string'));
      const { titles } = readHead((await request(other.port, '/login')).text);
      expect(titles).toEqual(['RoConnect – Connect Discord & Roblox']);
    } finally {
      await close(other.started);
      warn.mockRestore();
    }
  });

  it('keeps the template’s own title without a route table (an older build)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = await startServer(distWith(null));
    try {
      const { titles } = readHead((await request(other.port, '/login')).text);
      expect(titles).toEqual(['RoConnect – Connect Discord & Roblox']);
    } finally {
      await close(other.started);
      warn.mockRestore();
    }
  });
});
