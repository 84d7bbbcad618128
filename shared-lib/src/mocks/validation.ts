import { parseRobloxGroupInput } from '../contract/robloxGroupInput';
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

/**
 * `{group_id}` or `{group_url}` to a seeded group, read as the API reads it (the contract's
 * parseRobloxGroupInput, with the API's refusals): 400 when it is not a group, 404 when unknown.
 */
export function requireGroup(db: MockDb, body: Record<string, unknown>): MockGroup {
  if (body.group_id !== undefined && body.group_url !== undefined) {
    throw new MockHttpError(badRequest('send either body.group_id or body.group_url, not both'));
  }
  const [field, value] =
    body.group_id !== undefined
      ? ['body.group_id', body.group_id]
      : ['body.group_url', body.group_url];
  if (value === undefined) {
    throw new MockHttpError(badRequest('body.group_id or body.group_url is required'));
  }
  // as the API's schema: group_id a string or a number, group_url a string
  const typed =
    typeof value === 'string' || (field === 'body.group_id' && typeof value === 'number');
  const parsed = parseRobloxGroupInput(typed ? String(value) : '');
  if (!parsed.ok) {
    throw new MockHttpError(badRequest(`${field} is not a Roblox group: ${parsed.error}`));
  }
  const group = db.groups.find((g) => g.id === parsed.groupId);
  if (!group) throw new MockHttpError(notFound(`Roblox group ${parsed.groupId} was not found.`));
  return group;
}
