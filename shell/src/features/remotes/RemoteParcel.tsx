import { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel } from 'single-spa';
import { ErrorState, Spinner } from '@roconnect/shared-lib';
import { loadParcelConfig, type RemoteName } from './remoteRegistry';

export interface RemoteParcelProps {
  remote: RemoteName;
  expose: string;
  /** props handed to the parcel: route params, query, callbacks */
  parcelProps?: object;
  /** accessible name of the region, e.g. 'Accounts' */
  label: string;
}

type Status = 'loading' | 'mounted' | 'failed';

/**
 * Mounts one remote's parcel in its own region. A remote that cannot load shows a fallback with
 * Try again here only; the rest of the page keeps working.
 */
export function RemoteParcel({ remote, expose, parcelProps, label }: RemoteParcelProps) {
  const container = useRef<HTMLDivElement>(null);
  const parcel = useRef<Parcel | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const latestProps = useRef(parcelProps);
  latestProps.current = parcelProps;

  useEffect(() => {
    let cancelled = false;
    const domElement = document.createElement('div');
    container.current?.appendChild(domElement);
    setStatus('loading');
    loadParcelConfig(remote, expose)
      .then((config) => {
        if (cancelled) return;
        parcel.current = mountRootParcel(config, { domElement, ...latestProps.current });
        return parcel.current.mountPromise.then(() => {
          if (!cancelled) setStatus('mounted');
        });
      })
      .catch((error: unknown) => {
        console.warn(`Remote ${remote}/${expose} could not be loaded`, error);
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      const mounted = parcel.current;
      parcel.current = null;
      const unmount = mounted && mounted.getStatus() === 'MOUNTED' ? mounted.unmount() : Promise.resolve(null);
      void unmount.catch(() => undefined).finally(() => domElement.remove());
    };
  }, [remote, expose, attempt]);

  useEffect(() => {
    const mounted = parcel.current;
    if (status === 'mounted' && mounted?.update && mounted.getStatus() === 'MOUNTED') {
      void mounted.update({ ...parcelProps }).catch(() => undefined);
    }
  }, [parcelProps, status]);

  return (
    <section aria-label={label} data-remote={remote} data-remote-status={status}>
      {status === 'loading' && <Spinner label={`Loading ${label}...`} />}
      {status === 'failed' && (
        <ErrorState
          title={`${label} is unavailable`}
          message="This part of RoConnect could not be loaded. The rest of the page still works."
          onRetry={() => setAttempt((n) => n + 1)}
          retryLabel="Try again"
        />
      )}
      <div ref={container} hidden={status === 'failed'} />
    </section>
  );
}

