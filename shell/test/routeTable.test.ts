/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ParcelRef } from '../src/features/remotes/remoteRegistry';
import {
  DASHBOARD_TAB_PARCELS,
  FROM_DASHBOARD,
  ROUTE_TABLE,
  dashboardTabParcel,
  metaForPath,
  routeForPath,
  serverRouteTable,
} from '../src/app/routeTable';
import { routeRowFor } from '../src/app/routeMatch';

const repo = path.resolve(__dirname, '..', '..');
const REMOTE_PACKAGES = ['mfe-public', 'mfe-accounts', 'mfe-servers', 'mfe-setup'];

// A remote's webpack config is `createRemoteConfig({ packageDir, exposes })`: read the arguments.
jest.mock('../../tools/webpack/createRemoteConfig', () => (options: unknown) => options);

/** Every remote's federation name → the modules its webpack config exposes (name → file). */
function exposedModules(): Map<string, Map<string, string>> {
  const remotes = new Map<string, Map<string, string>>();
  for (const folder of REMOTE_PACKAGES) {
    const packageDir = path.join(repo, folder);
    const { roconnect } = JSON.parse(
      fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'),
    ) as { roconnect: { federationName: string } };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { exposes } = require(path.join(packageDir, 'webpack.config.js')) as {
      exposes: Record<string, string>;
    };
    remotes.set(
      roconnect.federationName,
      new Map(
        Object.entries(exposes).map(([name, file]) => [
          name.replace(/^\.\//, ''),
          path.join(packageDir, file),
        ]),
      ),
    );
  }
  return remotes;
}

/** Every parcel the table names, with where it names it. */
function parcelsInTable(): { where: string; parcel: ParcelRef }[] {
  const named: { where: string; parcel: ParcelRef }[] = [];
  for (const route of ROUTE_TABLE) {
    if ('parcel' in route.page)
      named.push({ where: `${route.path} page`, parcel: route.page.parcel });
    route.preloadNext?.forEach((parcel) =>
      named.push({ where: `${route.path} preloadNext`, parcel }),
    );
    if (route.firstParcel)
      named.push({ where: `${route.path} firstParcel`, parcel: route.firstParcel });
  }
  Object.entries(DASHBOARD_TAB_PARCELS).forEach(([tab, parcel]) =>
    named.push({ where: `dashboard tab ${tab}`, parcel }),
  );
  FROM_DASHBOARD.forEach((parcel) => named.push({ where: 'opened from the dashboard', parcel }));
  return named;
}

describe('the route table', () => {
  const remotes = exposedModules();

  it('names only modules the remotes expose, and each exposed file exists', () => {
    const missing = parcelsInTable()
      .filter(({ parcel }) => !remotes.get(parcel.remote)?.has(parcel.expose))
      .map(({ where, parcel }) => `${where}: ${parcel.remote}/${parcel.expose}`);
    expect(missing).toEqual([]);
    const absentFiles = [...remotes.values()]
      .flatMap((exposes) => [...exposes.values()])
      .filter((file) => !fs.existsSync(file));
    expect(absentFiles).toEqual([]);
  });

  it('opens every module the remotes expose somewhere: none is left without a page', () => {
    const named = new Set(
      parcelsInTable().map(({ parcel }) => `${parcel.remote}/${parcel.expose}`),
    );
    const unused = [...remotes].flatMap(([remote, exposes]) =>
      [...exposes.keys()].map((expose) => `${remote}/${expose}`).filter((id) => !named.has(id)),
    );
    expect(unused).toEqual([]);
  });

  it('has one row per path, and the catch-all last', () => {
    const paths = ROUTE_TABLE.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.at(-1)).toBe('*');
  });

  it.each([
    ['/', '/'],
    ['/server/edit/123456', '/server/edit/:serverId'],
    ['/server/edit/1/audit', '/server/edit/:serverId/audit'],
    ['/server/edit/1/extra', '*'],
    ['/404', '/404'],
    ['/no-such-page', '*'],
    // as the router matches: any case, a trailing slash allowed
    ['/Dashboard', '/dashboard'],
    ['/server/edit/123456/', '/server/edit/:serverId'],
  ])('%s is the row %s', (pathname, path) => {
    expect(routeForPath(pathname).path).toBe(path);
  });

  it('gives every page a title, and an unknown address the not-found title', () => {
    expect(metaForPath('/login').title).toBe('Sign in · RoConnect');
    expect(metaForPath('/somewhere').title).toBe('Page not found · RoConnect');
    expect(metaForPath('/server/edit/1').description).toMatch(/Discord server/);
  });

  it("opens the dashboard's tab from its address, Accounts by default", () => {
    expect(dashboardTabParcel('?tab=servers')).toEqual(DASHBOARD_TAB_PARCELS.servers);
    expect(dashboardTabParcel('?tab=bogus')).toEqual(DASHBOARD_TAB_PARCELS.accounts);
  });

  it('is what the build writes for the shell’s server (dist/route-table.json)', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'route-table-')), 'routes.json');
    execFileSync(process.execPath, [
      path.join(__dirname, '..', 'scripts', 'build-route-table.mjs'),
      out,
    ]);
    const written = JSON.parse(fs.readFileSync(out, 'utf8')) as unknown;
    expect(written).toEqual(serverRouteTable());
    const rows = serverRouteTable();
    const landing = routeRowFor(rows, '/');
    expect(landing?.firstParcel).toMatchObject({ remote: 'mfe_public', expose: 'Landing' });
    expect(routeRowFor(rows, '/Dashboard/')?.earlyLoad).toBe('dashboard.js');
  });
});
