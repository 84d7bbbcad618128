import { afterContentPainted } from './afterContentPainted';
import { preloadParcel, type ParcelRef } from './remoteRegistry';

/** Fetch parcels a visitor is likely to open next, in the background. */
export function preloadParcels(parcels: readonly ParcelRef[]): void {
  parcels.forEach(({ remote, expose }) => preloadParcel(remote, expose));
}

/**
 * The same, once the content that just mounted is on screen: until then the bandwidth and the
 * main thread belong to the page's own scripts, calls and first paint. Loading a parcel twice is
 * cheap: the federation runtime keeps what it loaded.
 */
export function preloadParcelsAfterPaint(parcels: readonly ParcelRef[]): void {
  afterContentPainted(() => preloadParcels(parcels));
}
