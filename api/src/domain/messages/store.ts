import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverMessages } from '../../db/schema';

/** A server's own words as templates (docs/product.md › Messages); null: RoConnect's text. */
export interface ServerMessages {
  verified_dm: string | null;
  welcome_dm: string | null;
  verify_message: { title: string; body: string; button_label: string } | null;
}

export const NO_SERVER_MESSAGES: ServerMessages = {
  verified_dm: null,
  welcome_dm: null,
  verify_message: null,
};

type Row = typeof serverMessages.$inferSelect;

const fromRow = (row: Row | undefined): ServerMessages =>
  row
    ? {
        verified_dm: row.verifiedDm,
        welcome_dm: row.welcomeDm,
        verify_message:
          row.verifyTitle !== null && row.verifyBody !== null && row.verifyButtonLabel !== null
            ? { title: row.verifyTitle, body: row.verifyBody, button_label: row.verifyButtonLabel }
            : null,
      }
    : { ...NO_SERVER_MESSAGES };

async function readRow(db: Db, guildId: string): Promise<Row | undefined> {
  const [row] = await db.select().from(serverMessages).where(eq(serverMessages.guildId, guildId));
  return row;
}

/** The server's messages (every one null when it never wrote its own). */
export async function getServerMessages(db: Db, guildId: string): Promise<ServerMessages> {
  return fromRow(await readRow(db, guildId));
}

/** Replaces the server's messages. */
export async function saveServerMessages(
  db: Db,
  guildId: string,
  m: ServerMessages,
): Promise<ServerMessages> {
  const set = {
    verifiedDm: m.verified_dm,
    welcomeDm: m.welcome_dm,
    verifyTitle: m.verify_message?.title ?? null,
    verifyBody: m.verify_message?.body ?? null,
    verifyButtonLabel: m.verify_message?.button_label ?? null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(serverMessages)
    .values({ guildId, ...set })
    .onConflictDoUpdate({ target: serverMessages.guildId, set })
    .returning();
  return fromRow(row);
}

/** The plain text the Verify message was last posted with; null: the default. */
export async function getVerifyText(db: Db, guildId: string): Promise<string | null> {
  return (await readRow(db, guildId))?.verifyText ?? null;
}

export async function saveVerifyText(db: Db, guildId: string, text: string | null): Promise<void> {
  await db
    .insert(serverMessages)
    .values({ guildId, verifyText: text })
    .onConflictDoUpdate({ target: serverMessages.guildId, set: { verifyText: text } });
}

/** The messages in words for the audit log, e.g. `verified DM: "…"; Verify message: default`. */
export function describeMessages(m: ServerMessages): string {
  const text = (t: string | null) => (t === null ? 'default' : `"${t}"`);
  const verify = m.verify_message
    ? `"${m.verify_message.title}" / "${m.verify_message.body}" / button "${m.verify_message.button_label}"`
    : 'default';
  return `verified DM: ${text(m.verified_dm)}; welcome DM: ${text(m.welcome_dm)}; Verify message: ${verify}`;
}
