import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkedAddresses, WebhookAddressError, type Resolve, resolveHost } from './address';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  signDelivery,
  TIMESTAMP_HEADER,
} from './signature';

/** A receiver has this long, connect, headers and body together (WEBHOOK_TIMEOUT_SECONDS). */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read; the rest is not waited for (docs/security.md › T3). */
export const MAX_WEBHOOK_ANSWER_BYTES = 4096;

export type SendOutcome =
  | { ok: true; statusCode: number }
  | {
      ok: false;
      statusCode: number | null;
      error: string;
      /** trying again cannot help (the address is refused) */
      permanent: boolean;
    };

export interface SendOptions {
  allowPrivate: boolean;
  resolve?: Resolve;
  /** the whole attempt's deadline (WEBHOOK_TIMEOUT_SECONDS) */
  timeoutMs?: number;
  /** cuts the attempt short (the API stopping) */
  signal?: AbortSignal;
  now?: () => number;
}

/**
 * The connection's address lookup, checked: the address connected to is one that was checked
 * at that moment, so a name that resolves to a public address when the URL is saved and to a
 * private one later (DNS rebinding) is refused at delivery.
 */
function checkedLookup(allowPrivate: boolean, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, allowPrivate, resolve).then(
      (addresses) => {
        const wanted = typeof options === 'object' ? options.family : undefined;
        const ofFamily = addresses.filter((a) => !wanted || a.family === wanted);
        const usable = ofFamily.length ? ofFamily : addresses;
        const chosen = usable[0]!;
        if (typeof options === 'object' && options.all)
          (callback as unknown as (e: null, a: typeof addresses) => void)(null, usable);
        else callback(null, chosen.address, chosen.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}

/** POSTs one signed delivery. Never throws: every failure is an outcome. */
export async function sendDelivery(
  target: { url: string; secret: string },
  delivery: { id: string; event: string; body: string },
  options: SendOptions,
): Promise<SendOutcome> {
  const url = new URL(target.url);
  const timestamp = Math.floor((options.now?.() ?? Date.now()) / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'RoConnect-Webhooks/1',
    [SIGNATURE_HEADER]: signDelivery(target.secret, timestamp, delivery.body),
    [TIMESTAMP_HEADER]: String(timestamp),
    [EVENT_HEADER]: delivery.event,
    [DELIVERY_HEADER]: delivery.id,
  };
  if (url.protocol !== 'https:' && !options.allowPrivate)
    return { ok: false, statusCode: null, error: 'The webhook is not https://.', permanent: true };
  const client = url.protocol === 'https:' ? https : http;
  const lookup = checkedLookup(options.allowPrivate, options.resolve ?? resolveHost);
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  // one deadline for the whole attempt: an endpoint that answers a byte now and then cannot
  // hold a delivery slot past it (an idle timeout would never fire; docs/security.md › T3)
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const late = `The endpoint did not answer within ${timeoutMs / 1000} s.`;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    /** the status, once the headers came: an attempt cut in the body still names it */
    let answered: number | null = null;
    const settle = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
      // nothing more is read: the socket is closed whatever the endpoint still sends
      request.destroy();
    };
    const failed = (err: Error) =>
      settle({
        ok: false,
        statusCode: answered,
        error: deadline.aborted
          ? late
          : options.signal?.aborted
            ? 'The attempt was cut short: the API was stopping.'
            : err.message,
        permanent: err instanceof WebhookAddressError,
      });
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(delivery.body) },
        lookup,
        signal,
        // a redirect is not followed: it could point anywhere, a private address included
      },
      (response) => {
        const status = response.statusCode ?? 0;
        answered = status;
        const done = () =>
          settle(
            status >= 200 && status < 300
              ? { ok: true, statusCode: status }
              : {
                  ok: false,
                  statusCode: status,
                  error: `The endpoint answered ${status}.`,
                  permanent: false,
                },
          );
        // the answer's body is not used: read up to a few KB so a short answer ends cleanly,
        // and stop there rather than wait for the rest of a long one
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= MAX_WEBHOOK_ANSWER_BYTES) done();
        });
        response.on('end', done);
        response.on('error', failed);
      },
    );
    request.on('error', failed);
    request.end(delivery.body);
  });
}
