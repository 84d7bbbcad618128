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

/** A receiver has this long to answer; longer counts as a failed attempt. */
const TIMEOUT_MS = 10_000;

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
  timeoutMs?: number;
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
  return new Promise<SendOutcome>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(delivery.body) },
        lookup,
        timeout: options.timeoutMs ?? TIMEOUT_MS,
        // a redirect is not followed: it could point anywhere, a private address included
      },
      (response) => {
        // the answer's body is not read for anything: drained so the socket closes
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve(
            status >= 200 && status < 300
              ? { ok: true, statusCode: status }
              : {
                  ok: false,
                  statusCode: status,
                  error: `The endpoint answered ${status}.`,
                  permanent: false,
                },
          );
        });
        response.on('error', (err) =>
          resolve({
            ok: false,
            statusCode: status(response),
            error: err.message,
            permanent: false,
          }),
        );
      },
    );
    request.on('timeout', () =>
      request.destroy(
        new Error(
          `The endpoint did not answer within ${(options.timeoutMs ?? TIMEOUT_MS) / 1000} s.`,
        ),
      ),
    );
    request.on('error', (err) =>
      resolve({
        ok: false,
        statusCode: null,
        error: err.message,
        permanent: err instanceof WebhookAddressError,
      }),
    );
    request.end(delivery.body);
  });
}

const status = (response: http.IncomingMessage) => response.statusCode ?? null;
