import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guildMemberPresence, memberRuleFacts, robloxAccounts, users } from '../../db/schema';
import type { KnownRobloxFacts } from '@roconnect/shared-lib/contract';
import type { RobloxFacts } from './roblox-facts';

/** A verified member as the binds preview reads them: what Roblox last said, and their roles. */
export interface StoredMemberFacts extends KnownRobloxFacts {
  discordId: string;
  robloxId: string;
  createdAt: Date | null;
  roleIds: string[];
  readAt: Date;
}

/**
 * Keeps what a verification read from Roblox and the member's roles after it, replacing the
 * member's last row here (the binds preview's input; no Roblox call is needed to preview).
 * Badges and items asked before and not now are kept: the preview of a bind that returns to the
 * list may still know them.
 */
export async function saveMemberFacts(
  db: Db,
  row: { guildId: string; discordId: string; robloxId: string; roleIds: string[] },
  facts: RobloxFacts,
): Promise<void> {
  const values = {
    ...row,
    groupRanks: facts.ranksRead ? Object.fromEntries(facts.ranks) : null,
    badges: Object.fromEntries(facts.badges),
    owned: Object.fromEntries(facts.owned),
    inventoryPrivate: facts.inventoryPrivate,
    robloxCreatedAt: facts.createdAt,
    readAt: facts.readAt,
  };
  // the same account keeps what it showed before; another account starts again
  const same = sql`${memberRuleFacts.robloxId} = excluded.roblox_id`;
  await db
    .insert(memberRuleFacts)
    .values(values)
    .onConflictDoUpdate({
      target: [memberRuleFacts.guildId, memberRuleFacts.discordId],
      set: {
        robloxId: values.robloxId,
        groupRanks: facts.ranksRead
          ? values.groupRanks
          : sql`CASE WHEN ${same} THEN ${memberRuleFacts.groupRanks} END`,
        badges: sql`CASE WHEN ${same} THEN ${memberRuleFacts.badges} ELSE '{}'::jsonb END || excluded.badges`,
        owned: sql`CASE WHEN ${same} THEN ${memberRuleFacts.owned} ELSE '{}'::jsonb END || excluded.owned`,
        inventoryPrivate: values.inventoryPrivate,
        robloxCreatedAt: facts.createdAt
          ? values.robloxCreatedAt
          : sql`CASE WHEN ${same} THEN ${memberRuleFacts.robloxCreatedAt} END`,
        roleIds: values.roleIds,
        readAt: values.readAt,
      },
    });
}

/**
 * The server's verified members: each member's last verification here whose account is still
 * linked to them, less those the gateway saw leave.
 */
export async function listMemberFacts(db: Db, guildId: string): Promise<StoredMemberFacts[]> {
  const rows = await db
    .select({
      discordId: memberRuleFacts.discordId,
      robloxId: memberRuleFacts.robloxId,
      groupRanks: memberRuleFacts.groupRanks,
      badges: memberRuleFacts.badges,
      owned: memberRuleFacts.owned,
      inventoryPrivate: memberRuleFacts.inventoryPrivate,
      createdAt: memberRuleFacts.robloxCreatedAt,
      roleIds: memberRuleFacts.roleIds,
      readAt: memberRuleFacts.readAt,
    })
    .from(memberRuleFacts)
    .innerJoin(robloxAccounts, eq(robloxAccounts.robloxId, memberRuleFacts.robloxId))
    .innerJoin(
      users,
      and(eq(users.id, robloxAccounts.userId), eq(users.discordId, memberRuleFacts.discordId)),
    )
    .leftJoin(
      guildMemberPresence,
      and(
        eq(guildMemberPresence.guildId, memberRuleFacts.guildId),
        eq(guildMemberPresence.discordId, memberRuleFacts.discordId),
      ),
    )
    .where(
      and(
        eq(memberRuleFacts.guildId, guildId),
        sql`${guildMemberPresence.status} IS DISTINCT FROM 'gone'`,
      ),
    );
  return rows.map((r) => ({
    discordId: r.discordId,
    robloxId: r.robloxId,
    ranks: r.groupRanks ? new Map(Object.entries(r.groupRanks)) : undefined,
    badges: new Map(Object.entries(r.badges)),
    owned: new Map(Object.entries(r.owned)),
    inventoryPrivate: r.inventoryPrivate,
    createdAt: r.createdAt,
    roleIds: r.roleIds,
    readAt: r.readAt,
  }));
}
