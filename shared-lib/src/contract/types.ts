/**
 * Contract types for the RoConnect HTTP API: each is the `Static` form of the API's schema
 * (./schemas), imported as a type only, so no TypeBox reaches a browser bundle.
 */
import type { Static } from 'typebox';
import type {
  AuthUrlDataSchema,
  LogoutRequestSchema,
  RefreshDataSchema,
  RefreshRequestSchema,
  UserSchema,
} from './schemas/auth';
import type { ErrorEnvelope } from './schemas/common';
import type {
  InviteQuerySchema,
  InviteUrlDataSchema,
  LinkedAccountSchema,
  ManualSyncDataSchema,
  ServerSchema,
} from './schemas/dashboard';
import type { BotStatsSchema, HealthSchema, LivenessSchema } from './schemas/public';
import type { RobloxStatusSchema } from './schemas/roblox';
import type {
  EditGroupBodySchema,
  EditNicknameBodySchema,
  EditVerifiedRoleBodySchema,
  GroupSummarySchema,
  JoinHandlingSchema,
  NicknameBodySchema,
  NicknameFormatSchema,
  ResyncScheduleSchema,
  ServerConfigDataSchema,
  ServerConfigSchema,
  ServerEditDataSchema,
  ServerRoleSchema,
  SetupGroupBodySchema,
  SetupGroupDataSchema,
  SetupNicknameDataSchema,
  SetupStatusSchema,
  SetupStepSchema,
  SetupVerifiedRoleBodySchema,
  SetupVerifiedRoleDataSchema,
} from './schemas/servers';
import type {
  NotGivenSchema,
  VerifyRequestSchema,
  VerifyResultSchema,
} from './schemas/verification';
import type {
  AutomationBodySchema,
  LogChannelBodySchema,
  ServerChannelSchema,
  ServerChannelsDataSchema,
  VerifyMessageBodySchema,
  VerifyMessageDataSchema,
} from './schemas/discordSettings';

export {
  JOIN_HANDLING_MODES,
  NICKNAME_FORMATS,
  RESYNC_SCHEDULES,
  SETUP_STEPS,
  VERIFY_MESSAGE_MAX_LENGTH,
} from './constants';

/**
 * A body of optional fields of which the API takes exactly one (its schema says so in words and
 * its handler refuses the rest): `{a?: A; b?: B}` → `{a: A} | {b: B}`.
 */
export type ExactlyOneOf<T> = { [K in keyof T]-?: Required<Pick<T, K>> }[keyof T];

/** Every API response body is one of these envelopes. */
export interface ApiSuccess<T> {
  success: true;
  data: T;
}
export type ApiFailure = Static<typeof ErrorEnvelope>;
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

export type NicknameFormat = Static<typeof NicknameFormatSchema>;
export type SetupStep = Static<typeof SetupStepSchema>;
export type JoinHandling = Static<typeof JoinHandlingSchema>;
export type ResyncSchedule = Static<typeof ResyncScheduleSchema>;

export type User = Static<typeof UserSchema>;
export type BotStats = Static<typeof BotStatsSchema>;
/** GET /api/health (= /api/health/ready): 200 while ready, 503 `unavailable` when not */
export type Health = Static<typeof HealthSchema>;
/** GET /api/health/live: the operator's probe */
export type Liveness = Static<typeof LivenessSchema>;
/** GET /api/docs/openapi.json (and the developer API's own): the document, no envelope */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, unknown>;
  [field: string]: unknown;
}
export type LinkedAccount = Static<typeof LinkedAccountSchema>;
export type Server = Static<typeof ServerSchema>;
export type SetupStatus = Static<typeof SetupStatusSchema>;
export type ServerConfig = Static<typeof ServerConfigSchema>;
/** `assignable` is false when the role sits at or above the bot's highest role (or is managed/@everyone) */
export type ServerRole = Static<typeof ServerRoleSchema>;
export type GroupSummary = Static<typeof GroupSummarySchema>;
/**
 * A verification's outcome (the website's Verify, /verify, the Verify button): what changed,
 * `not_given` (each bound role the member did not get, with why) and `restricted`.
 */
export type VerifyResult = Static<typeof VerifyResultSchema>;
/** a bound role a verification did not give, and why, in plain words */
export type NotGivenRole = Static<typeof NotGivenSchema>;

// ---- Request bodies and response data, call by call ----

export type AuthUrlData = Static<typeof AuthUrlDataSchema>;
export type RefreshRequest = Static<typeof RefreshRequestSchema>;
export type RefreshData = Static<typeof RefreshDataSchema>;
/** POST /auth/logout: the refresh token ends the session after the access token expired */
export type LogoutRequest = Static<typeof LogoutRequestSchema>;
/**
 * The data of an answer that has none (EmptyObject, which allows no property): its `Static` form is
 * `{}`, which would take any object, so the type says "no property" itself.
 */
export type EmptyData = Record<string, never>;

export type ManualSyncData = Static<typeof ManualSyncDataSchema>;
export type InviteUrlData = Static<typeof InviteUrlDataSchema>;
/** GET …/bot/invite-url?server_id= */
export type InviteUrlQuery = Static<typeof InviteQuerySchema>;
export type VerifyInServerRequest = Static<typeof VerifyRequestSchema>;
export type RobloxStatusData = Static<typeof RobloxStatusSchema>;
export type ServerConfigData = Static<typeof ServerConfigDataSchema>;
export type SetupNicknameRequest = Static<typeof NicknameBodySchema>;
export type SetupNicknameData = Static<typeof SetupNicknameDataSchema>;
export type SetupVerifiedRoleRequest = Static<typeof SetupVerifiedRoleBodySchema>;
export type SetupVerifiedRoleData = Static<typeof SetupVerifiedRoleDataSchema>;
/** exactly one of group_id, group_url or skip: true */
export type SetupGroupRequest = ExactlyOneOf<Static<typeof SetupGroupBodySchema>>;
export type SetupGroupData = Static<typeof SetupGroupDataSchema>;
export type ServerEditData = Static<typeof ServerEditDataSchema>;
export type EditVerifiedRoleRequest = Static<typeof EditVerifiedRoleBodySchema>;
/** PUT …/edit/nickname: exactly one of nickname_format (a named template) or nickname_template */
export type EditNicknameRequest = ExactlyOneOf<Static<typeof EditNicknameBodySchema>>;
/** one of group_id or group_url */
export type EditGroupRequest = ExactlyOneOf<Static<typeof EditGroupBodySchema>>;

/** The page nonce served by the shell's own server (no envelope), not the API's. */
export interface CspNonceResponse {
  nonce: string;
}

// ---- Discord settings: channels, the log channel, join handling and resync, the Verify message ----

/** a text channel the bot can post in */
export type ServerChannel = Static<typeof ServerChannelSchema>;
/** GET …/channels */
export type ServerChannelsData = Static<typeof ServerChannelsDataSchema>;
/** PUT …/log-channel (answers ServerConfigData) */
export type LogChannelRequest = Static<typeof LogChannelBodySchema>;
/** PUT …/automation: at least one field (answers ServerConfigData) */
export type AutomationRequest = Static<typeof AutomationBodySchema>;
/** POST …/verify-message */
export type PostVerifyMessageRequest = Static<typeof VerifyMessageBodySchema>;
/** POST …/verify-message: 201 */
export type VerifyMessageData = Static<typeof VerifyMessageDataSchema>;

// ---- Discord's slash commands and buttons (docs/product.md › Slash commands) ----

/** POST /api/interactions: what Discord sends, signed; its fields are Discord's. */
export interface DiscordInteraction {
  type: number;
  data?: Record<string, unknown>;
  [field: string]: unknown;
}
/** The answer Discord reads back: a pong, a message, or "thinking…" (no envelope). */
export interface DiscordInteractionAnswer {
  type: number;
  data?: Record<string, unknown>;
}
