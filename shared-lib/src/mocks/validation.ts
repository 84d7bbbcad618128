import { NICKNAME_FORMATS, type NicknameFormat } from '../contract/types';
import type { MockDb, MockGroup } from './db';
import { badRequest, MockHttpError, notFound } from './respond';

const SNOWFLAKE = /^\d{17,20}$/;

export function requireSnowflake(value: unknown, field: string): string {
  if (typeof value !== 'string' || !SNOWFLAKE.test(value)) {
    throw new MockHttpError(badRequest(`${field} must be a Discord id (17–20 digits).`));
  }
  return value;
}

export function requireNicknameFormat(value: unknown): NicknameFormat {
  if (typeof value !== 'string' || !(NICKNAME_FORMATS as readonly string[]).includes(value)) {
    throw new MockHttpError(
      badRequest(`nickname_format must be one of ${NICKNAME_FORMATS.join(', ')}.`),
    );
  }
  return value as NicknameFormat;
}

export function requireRoleName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name || name.length > 100) {
    throw new MockHttpError(badRequest('verified_role_name must be 1–100 characters.'));
  }
  if (name === '@everyone') {
    throw new MockHttpError(badRequest('verified_role_name cannot be @everyone.'));
  }
  return name;
}

const GROUP_URL = /roblox\.com\/(?:groups|communities)\/(\d+)/i;

/** `{group_id}` or `{group_url}` to a seeded group: 400 when unreadable, 404 when unknown. */
export function requireGroup(db: MockDb, body: Record<string, unknown>): MockGroup {
  let id: string | undefined;
  if (body.group_url !== undefined) {
    const match = typeof body.group_url === 'string' ? GROUP_URL.exec(body.group_url) : null;
    if (!match) {
      throw new MockHttpError(badRequest('group_url must be a Roblox group or community URL.'));
    }
    id = match[1];
  } else if (body.group_id !== undefined) {
    const raw = String(body.group_id).trim();
    if (!/^\d+$/.test(raw) || Number(raw) <= 0) {
      throw new MockHttpError(badRequest('group_id must be a positive integer.'));
    }
    id = raw;
  } else {
    throw new MockHttpError(badRequest('Send group_id or group_url.'));
  }
  const group = db.groups.find((g) => g.id === id);
  if (!group) throw new MockHttpError(notFound(`Roblox group ${id} was not found.`));
  return group;
}
