import { createHmac, randomBytes } from 'node:crypto';

/** The headers a delivery carries (api/README.md › Developer API › Verifying a webhook). */
export const SIGNATURE_HEADER = 'X-RoConnect-Signature';
export const TIMESTAMP_HEADER = 'X-RoConnect-Timestamp';
export const EVENT_HEADER = 'X-RoConnect-Event';
export const DELIVERY_HEADER = 'X-RoConnect-Delivery';

/** A new signing secret: 32 random bytes, shown to the manager once. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * `v1=` and the hex HMAC-SHA256, under the secret, of `${timestamp}.${body}`: the timestamp is
 * signed with the body, so a receiver that refuses old timestamps refuses replays too.
 */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
