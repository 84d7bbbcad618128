import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel } from 'single-spa';
import { ErrorState, Spinner } from '@roconnect/shared-lib';
import { claimPrerenderedParcel } from './prerenderedParcel';
import { loadParcelConfig, type RemoteName } from './remoteRegistry';

export interface RemoteParcelProps {
  remote: RemoteName;
  expose: string;
  /** props handed to the parcel: route params, query, callbacks */
  parcelProps?: object;
  /** accessible name of the region, e.g. 'Accounts' */
  label: string;
  /** called once the parcel has mounted (its first view is in the page) */
  onMounted?: () => void;
}

type Status = 'loading' | 'mounted' | 'failed';

/** One mounted parcel and the queue its lifecycle calls go through. */
interface MountedParcel {
  instance: Parcel;
  domElement: HTMLElement;
  /** the props last handed to the parcel */
  applied: object | undefined;
  /**
   * single-spa refuses an unmount or a second update while an update runs, so mount, updates and
   * unmount are chained one after another.
   */
  queue: Promise<unknown>;
}

const ignore = () => undefined;

/**
 * Mounts one remote's parcel in its own region. A remote that cannot load shows a fallback with
 * Try again here only; the rest of the page keeps working.
 */
export function RemoteParcel({ remote, expose, parcelProps, label, onMounted }: RemoteParcelProps) {
  const container = useRef<HTMLDivElement>(null);
  const parcel = useRef<MountedParcel | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const latestProps = useRef(parcelProps);
  latestProps.current = parcelProps;
  const latestOnMounted = useRef(onMounted);
  latestOnMounted.current = onMounted;
  // The server's prerendered view of this parcel, shown instead of the spinner until it mounts.
  const [prerendered, setPrerendered] = useState(() => claimPrerenderedParcel(remote, expose));

  // In the commit that cleared #root, so the prerendered view is never off screen.
  useLayoutEffect(() => {
    if (prerendered && !prerendered.isConnected) container.current?.appendChild(prerendered);
  }, [prerendered]);

  useEffect(() => {
    let cancelled = false;
    let mounted: MountedParcel | null = null;
    const domElement = document.createElement('div');
    container.current?.appendChild(domElement);
    // The parcel's React root replaces it in its first commit (same markup: no jump).
    if (prerendered) domElement.appendChild(prerendered);
    setStatus('loading');
    loadParcelConfig(remote, expose)
      .then((config) => {
        if (cancelled) return;
        const props = latestProps.current;
        const instance = mountRootParcel(config, { domElement, ...props });
        // single-spa rejects this when an unmount fails; that is reported where unmount is called
        instance.unmountPromise.catch(ignore);
        mounted = { instance, domElement, applied: props, queue: instance.mountPromise };
        parcel.current = mounted;
        return instance.mountPromise.then(() => {
          if (!cancelled) {
            setStatus('mounted');
            latestOnMounted.current?.();
          }
          setPrerendered(null);
        });
      })
      .catch((error: unknown) => {
        console.warn(`Remote ${remote}/${expose} could not be loaded`, error);
        prerendered?.remove();
        setPrerendered(null);
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      if (parcel.current === mounted) parcel.current = null;
      const target = mounted;
      if (!target) {
        domElement.remove();
        return;
      }
      // Wait for a mount or update still under way, or the parcel would be left mounted.
      target.queue = target.queue
        .catch(ignore)
        .then(() => (target.instance.getStatus() === 'MOUNTED' ? target.instance.unmount() : null))
        .catch((error: unknown) =>
          console.warn(`Remote ${remote}/${expose} could not be unmounted`, error),
        )
        .finally(() => domElement.remove());
    };
    // the prerendered node is used by the first attempt only (then it is gone)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remote, expose, attempt]);

  useEffect(() => {
    const target = parcel.current;
    if (status !== 'mounted' || !target || target.applied === parcelProps) return;
    target.applied = parcelProps;
    const { instance, domElement } = target;
    target.queue = target.queue
      .catch(ignore)
      .then(() =>
        instance.update && instance.getStatus() === 'MOUNTED'
          ? instance.update({ domElement, ...parcelProps })
          : null,
      )
      .catch((error: unknown) =>
        console.warn(`Remote ${remote}/${expose} could not be updated`, error),
      );
  }, [parcelProps, status, remote, expose]);

  return (
    <section aria-label={label} data-remote={remote} data-remote-status={status}>
      {status === 'loading' && !prerendered && <Spinner label={`Loading ${label}...`} />}
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
