import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import type { SetupWorker } from 'msw/browser';
import { mountRootParcel, type Parcel, type ParcelConfigObject } from 'single-spa';
import { ThemeProvider } from 'styled-components';
import { configureRuntime } from '../config/runtimeConfig';
import { DEMO_FOOTER_LINKS } from '../mocks/footerLinks';
import { session } from '../api/session';
import { setNavigator } from '../navigation/navigationBridge';
import { toast } from '../toasts/toastStore';
import { GlobalStyle, theme, ToastView } from '../ui';
import {
  failNext,
  mockDb,
  networkErrorNext,
  signInAsDemoUser,
  startMockApi,
} from '../mocks/browser';
import { FailControl } from './FailControl';

export interface HarnessParcel {
  id: string;
  label: string;
  // Parcels declare their own props; the harness passes whatever `props` gives.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  load: () => Promise<{ default: ParcelConfigObject<any> }>;
  /** props the shell would pass (route params, callbacks); a function may load them (e.g. via MSW) */
  props?: Record<string, unknown> | (() => Promise<Record<string, unknown>>);
}

/**
 * A routed page: the shell passes it the address's query; here the harness page's own query stands
 * in for it, e.g. ?parcel=RobloxCallback&error=access_denied.
 */
export function routedPage(id: string, label: string, load: HarnessParcel['load']): HarnessParcel {
  return {
    id,
    label,
    load,
    props: async () => ({ query: Object.fromEntries(new URLSearchParams(window.location.search)) }),
  };
}

export interface HarnessOptions {
  remoteName: string;
  parcels: HarnessParcel[];
  /** start signed out (e.g. to see the login page as a visitor) */
  anonymous?: boolean;
}

/**
 * A remote's standalone page for QA: its parcels mounted one at a time, the API answered by MSW,
 * toasts and navigation shown in place of the shell's. `?parcel=<id>` opens one directly.
 */
export async function mountHarness(options: HarnessOptions): Promise<void> {
  configureRuntime({ apiBaseUrl: '', footerLinks: DEMO_FOOTER_LINKS });
  const worker = await startMockApi({ signedIn: false, quiet: true });
  // For QA in the browser console, e.g.
  // roconnectMocks.worker.use(roconnectMocks.failNext('post', '/api/v1/dashboard/user/sync-servers', 502))
  Object.assign(window, { roconnectMocks: { worker, failNext, networkErrorNext, db: mockDb } });
  const params = new URLSearchParams(window.location.search);
  if (!options.anonymous && params.get('anonymous') !== 'true') signInAsDemoUser();
  // As the shell does: pages that read the session see it checked, not 'unknown' forever.
  void session.start();
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <Harness {...options} initial={params.get('parcel')} worker={worker} />
    </ThemeProvider>,
  );
}

function Harness({
  remoteName,
  parcels,
  initial,
  worker,
}: HarnessOptions & { initial: string | null; worker: SetupWorker }) {
  const [selected, setSelected] = useState(
    parcels.find((p) => p.id === initial)?.id ?? parcels[0]?.id,
  );
  // Mount again: the parcel's reads run again, e.g. after a read was made to fail.
  const [mounts, setMounts] = useState(0);
  const [lastNavigation, setLastNavigation] = useState<string | null>(null);
  const toasts = useSyncExternalStore(toast.subscribe, toast.getToasts);
  const host = useRef<HTMLDivElement>(null);
  const current = parcels.find((p) => p.id === selected);

  useEffect(() => {
    setNavigator((to) => setLastNavigation(to));
    return () => setNavigator(null);
  }, []);

  useEffect(() => {
    if (!current || !host.current) return;
    let parcel: Parcel | null = null;
    let cancelled = false;
    const domElement = document.createElement('div');
    host.current.appendChild(domElement);
    const loadProps =
      typeof current.props === 'function' ? current.props() : Promise.resolve(current.props ?? {});
    void Promise.all([current.load(), loadProps]).then(([module, props]) => {
      if (cancelled) return;
      parcel = mountRootParcel(module.default, { domElement, ...props });
    });
    return () => {
      cancelled = true;
      const mounted = parcel;
      void (mounted ? mounted.unmount() : Promise.resolve()).finally(() => domElement.remove());
    };
  }, [current, mounts]);

  return (
    <>
      {/* a named region, not a banner: a parcel such as the landing brings its own header */}
      <section
        aria-label="QA harness"
        style={{
          padding: 12,
          borderBottom: `1px solid ${theme.colors.border}`,
          position: 'relative',
          zIndex: 10,
          background: theme.colors.surface,
        }}
      >
        <strong>{remoteName}</strong> standalone · API mocked by MSW
        <nav
          aria-label="Parcels"
          style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 8 }}
        >
          {parcels.map((p) => (
            <button
              key={p.id}
              type="button"
              aria-pressed={p.id === selected}
              onClick={() => setSelected(p.id)}
            >
              {p.label}
            </button>
          ))}
        </nav>
        <FailControl mocks={worker} mountKey={`${selected}:${mounts}`} />
        <button type="button" onClick={() => setMounts((n) => n + 1)} style={{ marginTop: 8 }}>
          Mount again
        </button>
        {lastNavigation && <p role="status">Navigation requested: {lastNavigation}</p>}
      </section>
      {/* the page's one <main>, as the shell's around a routed page: a remote alone is a sound document */}
      <main>
        <div ref={host} data-harness-parcel={selected} />
      </main>
      <ToastView toasts={toasts} onDismiss={toast.dismiss} />
    </>
  );
}
