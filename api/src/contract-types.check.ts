/**
 * Compile-time proof that the API's TypeBox schemas and shared-lib's contract types agree.
 * Nothing here runs; `npm run typecheck -w @roconnect/api` fails if a schema drifts.
 */
import type * as C from '@roconnect/shared-lib/contract';
import type { Static } from 'typebox';
import type {
  RefreshDataSchema,
  RefreshRequestSchema,
  UserSchema,
  AuthUrlDataSchema,
} from './features/auth/schemas';
import type {
  InviteUrlDataSchema,
  LinkedAccountSchema,
  ManualSyncDataSchema,
  ServerSchema,
} from './features/dashboard/schemas';
import type { BotStatsSchema, HealthSchema } from './features/public/schemas';
import type { RobloxStatusSchema } from './features/roblox/schemas';
import type {
  EditGroupBodySchema,
  EditVerifiedRoleBodySchema,
  GroupSummarySchema,
  NicknameBodySchema,
  ServerConfigDataSchema,
  ServerConfigSchema,
  ServerEditDataSchema,
  ServerRoleSchema,
  SetupGroupBodySchema,
  SetupGroupDataSchema,
  SetupNicknameDataSchema,
  SetupStatusSchema,
  SetupVerifiedRoleBodySchema,
  SetupVerifiedRoleDataSchema,
} from './features/servers/schemas';
import type { VerifyRequestSchema, VerifyResultSchema } from './features/verification/schemas';
import type {
  AuditEntrySchema,
  AuditPageSchema,
  SettingAuditEntrySchema,
  VerificationAuditEntrySchema,
} from './features/audit/schemas';
import type {
  BindGroupSchema,
  BindSchema,
  BindsDataSchema,
  PutBindsBodySchema,
} from './features/binds/schemas';
import type { AccountServerStatusSchema, UnlinkDataSchema } from './features/dashboard/schemas';
import type { HealthProblemSchema, ServerHealthSchema } from './features/health/schemas';
import type { EditUnverifiedRoleBodySchema } from './features/servers/schemas';

type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;
/** every value the contract allows is accepted by the request schema */
type Accepts<Schema, Contract> = [Contract] extends [Schema] ? true : false;

export type Checks = [
  // entities and response data: exactly equal
  Assert<Equals<Static<typeof UserSchema>, C.User>>,
  Assert<Equals<Static<typeof ServerSchema>, C.Server>>,
  Assert<Equals<Static<typeof LinkedAccountSchema>, C.LinkedAccount>>,
  Assert<Equals<Static<typeof VerifyResultSchema>, C.VerifyResult>>,
  Assert<Equals<Static<typeof BotStatsSchema>, C.BotStats>>,
  Assert<Equals<Static<typeof HealthSchema>, C.Health>>,
  Assert<Equals<Static<typeof ServerConfigSchema>, C.ServerConfig>>,
  Assert<Equals<Static<typeof ServerRoleSchema>, C.ServerRole>>,
  Assert<Equals<Static<typeof GroupSummarySchema>, C.GroupSummary>>,
  Assert<Equals<Static<typeof SetupStatusSchema>, C.SetupStatus>>,
  Assert<Equals<Static<typeof AuthUrlDataSchema>, C.AuthUrlData>>,
  Assert<Equals<Static<typeof RefreshDataSchema>, C.RefreshData>>,
  Assert<Equals<Static<typeof ManualSyncDataSchema>, C.ManualSyncData>>,
  Assert<Equals<Static<typeof InviteUrlDataSchema>, C.InviteUrlData>>,
  Assert<Equals<Static<typeof RobloxStatusSchema>, C.RobloxStatusData>>,
  Assert<Equals<Static<typeof ServerConfigDataSchema>, C.ServerConfigData>>,
  Assert<Equals<Static<typeof SetupNicknameDataSchema>, C.SetupNicknameData>>,
  Assert<Equals<Static<typeof SetupVerifiedRoleDataSchema>, C.SetupVerifiedRoleData>>,
  Assert<Equals<Static<typeof SetupGroupDataSchema>, C.SetupGroupData>>,
  Assert<Equals<Static<typeof ServerEditDataSchema>, C.ServerEditData>>,
  // the owner's console (docs/product.md › Server configuration)
  Assert<Equals<Static<typeof AccountServerStatusSchema>, C.AccountServerStatus>>,
  Assert<Equals<Static<typeof BindSchema>, C.Bind>>,
  Assert<Equals<Static<typeof BindGroupSchema>, C.BindGroup>>,
  Assert<Equals<Static<typeof BindsDataSchema>, C.BindsData>>,
  Assert<Equals<Static<typeof UnlinkDataSchema>, C.UnlinkData>>,
  Assert<Equals<Static<typeof VerificationAuditEntrySchema>, C.VerificationAuditEntry>>,
  Assert<Equals<Static<typeof SettingAuditEntrySchema>, C.SettingAuditEntry>>,
  Assert<Equals<Static<typeof AuditEntrySchema>, C.AuditEntry>>,
  Assert<Equals<Static<typeof AuditPageSchema>, C.AuditPage>>,
  Assert<Equals<Static<typeof HealthProblemSchema>, C.HealthProblem>>,
  Assert<Equals<Static<typeof ServerHealthSchema>, C.ServerHealth>>,
  Assert<Equals<Static<typeof EditUnverifiedRoleBodySchema>, C.EditUnverifiedRoleRequest>>,
  Assert<Accepts<Static<typeof PutBindsBodySchema>, C.PutBindsRequest>>,
  // request bodies: equal where the contract is a plain object
  Assert<Equals<Static<typeof RefreshRequestSchema>, C.RefreshRequest>>,
  Assert<Equals<Static<typeof VerifyRequestSchema>, C.VerifyInServerRequest>>,
  Assert<Equals<Static<typeof NicknameBodySchema>, C.SetupNicknameRequest>>,
  Assert<Equals<Static<typeof SetupVerifiedRoleBodySchema>, C.SetupVerifiedRoleRequest>>,
  Assert<Equals<Static<typeof EditVerifiedRoleBodySchema>, C.EditVerifiedRoleRequest>>,
  // the contract's "one of" bodies are described as one object with optional fields (the handler
  // enforces "exactly one"), so every contract value must be accepted
  Assert<Accepts<Static<typeof SetupGroupBodySchema>, C.SetupGroupRequest>>,
  Assert<Accepts<Static<typeof EditGroupBodySchema>, C.EditGroupRequest>>,
];
