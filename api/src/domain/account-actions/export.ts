import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listLinkedAccounts, toLinkedAccountDto } from '../accounts/accounts';
import { getUser, toUserDto, type UserRow } from '../accounts/users';
import { listLookups, type LookupEntry } from '../privacy/lookups';
import { getPrivacySettings, type PrivacySettings } from '../privacy/settings';
import { verifiedInByAccount } from '../verification/verified-in';

/** How a column names a user: by their RoConnect id or by their Discord id. */
type Names = 'user_id' | 'discord_id';

/**
 * Every table with a row that can name a user, the columns that do, and the columns never
 * exported (secrets: token hashes, encrypted provider tokens, OAuth verifiers). A table added
 * with a user column must be listed here: test/features/privacy/export-delete.test.ts reads the
 * database's columns and fails otherwise. `only`: export just these columns (a server's own
 * settings row that the user last changed names them, but is not theirs). `others`: a row that
 * names the user only as the one who acted on someone else (their /update of another member, their
 * /whois of someone) is exported with that other person's columns emptied (null).
 */
export const USER_TABLES: {
  table: string;
  columns: Partial<Record<string, Names>>;
  secret?: string[];
  only?: string[];
  others?: { subject: Partial<Record<string, Names>>; columns: string[] };
}[] = [
  { table: 'users', columns: { id: 'user_id', discord_id: 'discord_id' } },
  {
    table: 'discord_tokens',
    columns: { user_id: 'user_id' },
    secret: ['access_token_enc', 'refresh_token_enc'],
  },
  { table: 'sessions', columns: { user_id: 'user_id' } },
  {
    table: 'oauth_states',
    columns: { user_id: 'user_id' },
    secret: ['state_hash', 'verifier_enc', 'browser_hash', 'client_check_enc'],
  },
  { table: 'user_guilds', columns: { user_id: 'user_id' } },
  {
    table: 'guild_configs',
    columns: { updated_by: 'user_id' },
    only: ['guild_id', 'updated_by', 'updated_at'],
  },
  { table: 'roblox_accounts', columns: { user_id: 'user_id' } },
  // which Roblox account this Discord account verified with, per server (the ban-evasion guard)
  { table: 'roblox_sightings', columns: { discord_id: 'discord_id' } },
  {
    table: 'verifications',
    columns: {
      user_id: 'user_id',
      actor_user_id: 'user_id',
      actor_discord_id: 'discord_id',
      member_discord_id: 'discord_id',
    },
    others: {
      subject: { user_id: 'user_id', member_discord_id: 'discord_id' },
      columns: [
        'user_id',
        'roblox_account_id',
        'member_discord_id',
        'member_username',
        'roblox_id',
        'roblox_username',
        'nickname',
        'nickname_before',
        'nickname_after',
        'warnings',
      ],
    },
  },
  {
    table: 'setting_changes',
    columns: { actor_user_id: 'user_id', actor_discord_id: 'discord_id' },
  },
  { table: 'member_update_runs', columns: { requested_by: 'user_id' } },
  { table: 'member_update_items', columns: { discord_id: 'discord_id' } },
  { table: 'guild_member_presence', columns: { discord_id: 'discord_id' } },
  { table: 'role_connections', columns: { user_id: 'user_id' } },
  { table: 'member_rule_facts', columns: { discord_id: 'discord_id' } },
  { table: 'privacy_consents', columns: { user_id: 'user_id' } },
  {
    table: 'privacy_lookups',
    columns: { subject_user_id: 'user_id', actor_discord_id: 'discord_id' },
    others: { subject: { subject_user_id: 'user_id' }, columns: ['subject_user_id'] },
  },
];

export interface AccountExport {
  format: 'roconnect-export-1';
  exported_at: string;
  profile: Record<string, unknown>;
  linked_accounts: Record<string, unknown>[];
  privacy: PrivacySettings;
  lookups: LookupEntry[];
  sessions: Record<string, unknown>[];
  records: Record<string, Record<string, unknown>[]>;
}

/** The WHERE of a table's rows naming the user. */
function naming(columns: Partial<Record<string, Names>>, user: UserRow): SQL {
  const parts = Object.entries(columns).map(([column, names]) =>
    names === 'user_id'
      ? sql`${sql.identifier(column)}::text = ${user.id}`
      : sql`${sql.identifier(column)} = ${user.discordId}`,
  );
  return sql.join(parts, sql` OR `);
}

/** Whether a row names the user in one of `columns` (as `naming` would find it). */
function names(
  row: Record<string, unknown>,
  columns: Partial<Record<string, Names>>,
  user: UserRow,
) {
  return Object.entries(columns).some(([column, kind]) =>
    kind === 'user_id' ? String(row[column]) === user.id : row[column] === user.discordId,
  );
}

/** Dates as ISO strings, whatever the driver answers. */
const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** Every stored row naming the user, by table, without the secret columns. */
export async function userRecords(
  db: Db,
  user: UserRow,
): Promise<Record<string, Record<string, unknown>[]>> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const t of USER_TABLES) {
    const { rows } = (await db.execute(
      sql`SELECT * FROM ${sql.identifier(t.table)} WHERE ${naming(t.columns, user)}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    out[t.table] = rows.map((row) => {
      const othersColumns = t.others && !names(row, t.others.subject, user) ? t.others.columns : [];
      return Object.fromEntries(
        Object.entries(row)
          .filter(([k]) => !t.secret?.includes(k) && (!t.only || t.only.includes(k)))
          .map(([k, v]) => [k, othersColumns.includes(k) ? null : plain(v)]),
      );
    });
  }
  return out;
}

/**
 * Everything held about the user (docs/security.md › Member privacy): their profile, links with
 * where each verified, privacy choices, lookups, sessions, and every row naming them by table. No
 * secret: the session list has no refresh-token hashes, the Discord tokens no token.
 */
export async function exportAccount(db: Db, userId: string): Promise<AccountExport | null> {
  const user = await getUser(db, userId);
  if (!user) return null;
  const accounts = await listLinkedAccounts(db, userId);
  const verifiedIn = await verifiedInByAccount(
    db,
    accounts.map((a) => a.id),
  );
  const records = await userRecords(db, user);
  return {
    format: 'roconnect-export-1',
    exported_at: new Date().toISOString(),
    profile: {
      ...toUserDto(user),
      created_at: user.createdAt.toISOString(),
      last_seen_at: user.lastSeenAt.toISOString(),
    },
    linked_accounts: accounts.map((a) => toLinkedAccountDto(a, verifiedIn.get(a.id))),
    privacy: await getPrivacySettings(db, userId),
    lookups: await listLookups(db, userId, 10_000),
    sessions: records.sessions ?? [],
    records,
  };
}
