import { API_PATHS } from '@roconnect/shared-lib/contract';
import type {
  AuditEntry,
  AuditPage,
  BindLookupData,
  BindsData,
  BindsPreviewData,
  BotStats,
  ServerHealth,
  GroupSummary,
  Health,
  LinkedAccount,
  ManualSyncData,
  RefreshData,
  Server,
  ServerChannel,
  ServerConfig,
  ServerEditData,
  ServerRole,
  SetupGroupData,
  SetupStatus,
  SetupVerifiedRoleData,
  User,
  VerifyMessageData,
  VerifyResult,
} from '@roconnect/shared-lib/contract';
import type {
  ApiKey,
  CreatedApiKey,
  RevokedApiKey,
  WebhookDeliveriesData,
  WebhookSaved,
} from '@roconnect/shared-lib/contract';
import type { FastifyInstance } from 'fastify';
import { createFakeIntegrations, createWorld } from '../support/fake-integrations';
import { createTestApp } from '../support/app';
import { openTestDatabase, type TestDatabase } from '../support/db';

let tdb: TestDatabase;
let app: FastifyInstance;
let doc: any;

beforeAll(async () => {
  tdb = await openTestDatabase();
  app = await createTestApp(tdb.database, createFakeIntegrations(createWorld()));
  doc = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
});
afterAll(async () => {
  await app.close();
  await tdb.cleanup();
});

/** Every contract call: [method, API_PATHS entry] (the csp nonce is the shell's, not ours). */
const CALLS: [string, string][] = [
  ['get', API_PATHS.discordUrl],
  ['get', API_PATHS.authCallback],
  ['post', API_PATHS.refresh],
  ['get', API_PATHS.me],
  ['post', API_PATHS.logout],
  ['get', API_PATHS.userServers],
  ['post', API_PATHS.syncServers],
  ['get', API_PATHS.verificationServers],
  ['get', API_PATHS.linkedAccounts],
  ['delete', API_PATHS.linkedAccount('{id}')],
  ['get', API_PATHS.privacy],
  ['put', API_PATHS.privacy],
  ['get', API_PATHS.lookups],
  ['get', API_PATHS.exportAccount],
  ['delete', API_PATHS.deleteAccount],
  ['get', API_PATHS.linkedRoles],
  ['post', API_PATHS.linkedRolesConnect],
  ['delete', API_PATHS.linkedRoles],
  ['post', API_PATHS.manualSync],
  ['get', API_PATHS.inviteUrl],
  ['post', API_PATHS.verifyInServer],
  ['get', API_PATHS.robloxAuthUrl],
  ['get', API_PATHS.robloxCallback],
  ['get', API_PATHS.robloxStatus],
  ['get', API_PATHS.serverConfig('{id}')],
  ['get', API_PATHS.serverSetup('{id}')],
  ['post', API_PATHS.setupNickname('{id}')],
  ['post', API_PATHS.setupVerifiedRole('{id}')],
  ['post', API_PATHS.setupGroup('{id}')],
  ['get', API_PATHS.serverEdit('{id}')],
  ['put', API_PATHS.editNickname('{id}')],
  ['put', API_PATHS.editBypassRoles('{id}')],
  ['put', API_PATHS.editRestrictions('{id}')],
  ['put', API_PATHS.editStaffRoles('{id}')],
  ['get', API_PATHS.configExport('{id}')],
  ['post', API_PATHS.configImport('{id}')],
  ['post', API_PATHS.serverBindsPreview('{id}')],
  ['get', API_PATHS.serverBindsLookup('{id}')],
  ['put', API_PATHS.editVerifiedRole('{id}')],
  ['put', API_PATHS.editGroup('{id}')],
  ['post', API_PATHS.membersUpdate('{id}')],
  ['get', API_PATHS.membersUpdate('{id}')],
  ['get', API_PATHS.membersUpdateJob('{id}', '{jobId}')],
  ['delete', API_PATHS.membersUpdateJob('{id}', '{jobId}')],
  ['post', `${API_PATHS.membersUpdateJob('{id}', '{jobId}')}/confirm-removals`],
  ['put', API_PATHS.editUnverifiedRole('{id}')],
  ['get', API_PATHS.serverBinds('{id}')],
  ['put', API_PATHS.serverBinds('{id}')],
  ['get', API_PATHS.serverAudit('{id}')],
  ['get', API_PATHS.serverAuditExport('{id}')],
  ['get', API_PATHS.serverHealth('{id}')],
  ['get', API_PATHS.serverChannels('{id}')],
  ['put', API_PATHS.logChannel('{id}')],
  ['put', API_PATHS.automation('{id}')],
  ['post', API_PATHS.verifyMessage('{id}')],
  ['get', API_PATHS.verifyMessage('{id}')],
  ['put', API_PATHS.verifyMessage('{id}')],
  ['delete', API_PATHS.verifyMessage('{id}')],
  ['get', API_PATHS.serverMessages('{id}')],
  ['put', API_PATHS.editMessages('{id}')],
  ['post', API_PATHS.previewMessages('{id}')],
  ['get', API_PATHS.serverApiKeys('{id}')],
  ['post', API_PATHS.serverApiKeys('{id}')],
  ['delete', API_PATHS.serverApiKey('{id}', '{key_id}')],
  ['put', API_PATHS.serverWebhook('{id}')],
  ['get', API_PATHS.serverWebhookDeliveries('{id}')],
  ['post', '/api/v1/server/{id}/webhook/test'],
  ['post', '/api/v1/server/{id}/webhook/deliveries/{delivery_id}/retry'],
  ['get', API_PATHS.botStats],
  ['get', API_PATHS.health],
];

const openapiPath = (p: string) => decodeURIComponent(p);

function dataSchema(method: string, path: string, status = '200'): any {
  const op = doc.paths[openapiPath(path)]?.[method];
  const schema = op?.responses?.[status]?.content?.['application/json']?.schema;
  return schema?.properties?.data;
}
const keysOf = (schema: any): string[] => Object.keys(schema?.properties ?? {}).sort();
const keys = (o: object) => Object.keys(o).sort();

describe('GET /api/docs/openapi.json', () => {
  it('is an OpenAPI 3 document', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('covers every contract path that this API serves, and nothing else', () => {
    const served = Object.values(API_PATHS)
      .map((p) =>
        typeof p !== 'function'
          ? p
          : p === API_PATHS.serverApiKey
            ? p('{id}', '{key_id}')
            : p('{id}', '{jobId}'),
      )
      .filter((p) => p !== API_PATHS.cspNonce && p !== API_PATHS.openapi)
      .map(openapiPath);
    for (const p of served) expect(Object.keys(doc.paths)).toContain(p);
    for (const [method, path] of CALLS) expect(doc.paths[openapiPath(path)]).toHaveProperty(method);
    expect(Object.keys(doc.paths).sort()).toEqual(
      [...new Set(CALLS.map(([, p]) => openapiPath(p)))].sort(),
    );
  });

  it('describes every success body as the envelope and every error as ErrorEnvelope', () => {
    for (const [method, path] of CALLS) {
      const op = doc.paths[openapiPath(path)][method];
      if (path === API_PATHS.authCallback || path === API_PATHS.robloxCallback) {
        expect(op.responses).toHaveProperty('302');
        continue;
      }
      if (path === API_PATHS.serverAuditExport('{id}')) {
        expect(op.responses['200'].content).toHaveProperty('text/csv');
        continue;
      }
      // a file to download: the export itself, not an envelope
      if (path === API_PATHS.exportAccount) {
        expect(keysOf(op.responses['200'].content['application/json'].schema)).toContain('records');
        continue;
      }
      const ok = (op.responses['200'] ?? op.responses['201'] ?? op.responses['202']).content[
        'application/json'
      ].schema;
      expect(keysOf(ok)).toEqual(['data', 'success']);
      const err = op.responses['400'].content['application/json'].schema;
      expect(err.$ref ?? '').toMatch(/ErrorEnvelope/);
    }
    expect(keysOf(doc.components.schemas.ErrorEnvelope)).toEqual(['error', 'message', 'success']);
  });

  // Samples typed with the shared-lib contract types: the compiler checks them against the
  // contract, and these tests check the OpenAPI schemas have exactly the same fields.
  const user: User = { id: 'u', discord_id: '1', username: 'a', global_name: null, avatar: null };
  const server: Server = {
    id: '1',
    server_id: '1',
    server_name: 'n',
    server_icon: null,
    owner: true,
    member_count: 1,
    bot_added: true,
    can_manage: true,
    staff: false,
  };
  const account: LinkedAccount = {
    id: 'i',
    roblox_id: '1',
    roblox_username: 'r',
    roblox_display_name: 'd',
    roblox_avatar: null,
    linked_at: 't',
    verified: false,
    verified_in: [{ server_id: '1', server_name: 's', verified_at: 't' }],
  };
  const verify: VerifyResult = {
    roles_updated: true,
    nickname_updated: true,
    dm_sent: true,
    roles_added: [],
    roles_removed: [],
    nickname: null,
    warnings: [],
    not_given: [{ role_id: '1', role_name: 'VIP', reason: 'the inventory is private' }],
    restricted: null,
    restriction_action: null,
  };
  const config: ServerConfig = {
    server_name: 's',
    nickname_format: 'none',
    nickname_template: '{roblox-name} | {group-rank}',
    nickname_bypass_role_ids: [],
    role_bypass_role_ids: ['1'],
    restrictions: {
      min_account_age_days: 30,
      blocked_roblox_user_ids: [],
      blocked_group_ids: ['2'],
      required_group_ids: ['3'],
      ban_evasion: 'deny',
      action: 'kick',
    },
    verified_role_name: 'V',
    verified_role_id: null,
    group_id: null,
    unverified_role_id: null,
    join_handling: 'verify',
    join_dm: false,
    log_channel_id: null,
    resync: 'off',
    staff_roles: { manager_role_ids: [], updater_role_ids: ['1'] },
  };
  const role: ServerRole = { id: '1', name: 'r', position: 1, assignable: true };
  const group: GroupSummary = { id: '1', name: 'g', ranks: [] };
  const rank: GroupSummary['ranks'][number] = { rank: 1, name: 'r', discord_role_id: null };
  const edit: ServerEditData = { server_config: config, roles: [role], group };
  const status: SetupStatus = { setup_completed: false, setup_step: 'nickname' };
  const refresh: RefreshData = { access_token: 'a', refresh_token: 'r', expires_in: 900 };
  const stats: BotStats = { total_users: 0, total_servers: 0 };
  const health: Health = {
    status: 'ok',
    database: 'ok',
    redis: 'not_configured',
    jobs: 'off',
    gateway: 'off',
  };
  const manual: ManualSyncData = { checked: 0, bot_present: 0 };
  const groupData: SetupGroupData = {
    setup_completed: true,
    group_id: null,
    group_name: null,
    roles_created: [],
  };
  const roleData: SetupVerifiedRoleData = { verified_role_id: '1', setup_step: null };
  const binds: BindsData = {
    binds: [
      {
        kind: 'group',
        group_id: '1',
        min_rank: 1,
        max_rank: 2,
        role_id: '1',
        role_name: 'r',
        nickname: null,
        priority: 0,
      },
      {
        kind: 'gamepass',
        gamepass_id: '9',
        role_id: '2',
        role_name: 'VIP',
        nickname: '[VIP] {roblox-name}',
        priority: 5,
      },
    ],
    groups: [{ id: '1', name: 'g', ranks: [{ rank: 1, name: 'r' }] }],
    items: [{ kind: 'gamepass', id: '9', name: 'VIP' }],
  };
  const preview: BindsPreviewData = {
    members: 2,
    bypassed: 0,
    restricted: 1,
    roles: [{ role_id: '2', role_name: 'VIP', gain: 1, lose: 0, keep: 0, unknown: 1 }],
    cannot_give: [
      {
        role_id: '3',
        role_name: 'Mods',
        code: 'above_bot',
        reason: "RoConnect's role is below Mods",
      },
    ],
    data_from: '2026-01-01T00:00:00.000Z',
  };
  const lookup: BindLookupData = { kind: 'badge', id: '7', name: 'Welcome', ranks: [] };
  const auditPage: AuditPage = { entries: [], next_before: null };
  const health15: ServerHealth = { ok: true, problems: [], checked_at: 't' };

  it.each([
    ['User', 'get', API_PATHS.me, user],
    ['RefreshData', 'post', API_PATHS.refresh, refresh],
    ['BotStats', 'get', API_PATHS.botStats, stats],
    ['Health', 'get', API_PATHS.health, health],
    ['ManualSyncData', 'post', API_PATHS.manualSync, manual],
    ['SetupStatus', 'get', API_PATHS.serverSetup('{id}'), status],
    ['SetupVerifiedRoleData', 'post', API_PATHS.setupVerifiedRole('{id}'), roleData],
    ['SetupGroupData', 'post', API_PATHS.setupGroup('{id}'), groupData],
    ['VerifyResult', 'post', API_PATHS.verifyInServer, verify],
    ['ServerEditData', 'get', API_PATHS.serverEdit('{id}'), edit],
    ['BindsData', 'get', API_PATHS.serverBinds('{id}'), binds],
    ['BindsData', 'put', API_PATHS.serverBinds('{id}'), binds],
    ['AuditPage', 'get', API_PATHS.serverAudit('{id}'), auditPage],
    ['ServerHealth', 'get', API_PATHS.serverHealth('{id}'), health15],
    ['ServerConfigData', 'put', API_PATHS.editUnverifiedRole('{id}'), { server_config: config }],
    ['ServerConfigData', 'put', API_PATHS.logChannel('{id}'), { server_config: config }],
    ['ServerConfigData', 'put', API_PATHS.automation('{id}'), { server_config: config }],
    ['ServerConfigData', 'put', API_PATHS.editNickname('{id}'), { server_config: config }],
    ['ServerConfigData', 'put', API_PATHS.editBypassRoles('{id}'), { server_config: config }],
    ['ServerConfigData', 'put', API_PATHS.editRestrictions('{id}'), { server_config: config }],
    ['ServerConfigData', 'put', API_PATHS.editStaffRoles('{id}'), { server_config: config }],
    ['BindsPreviewData', 'post', API_PATHS.serverBindsPreview('{id}'), preview],
    ['BindLookupData', 'get', API_PATHS.serverBindsLookup('{id}'), lookup],
  ] as const)('%s has the same fields as the contract type', (_name, method, path, sample) => {
    expect(keysOf(dataSchema(method, path))).toEqual(keys(sample));
  });

  it('documents the developer routes with the contract’s fields (the public surface has its own document)', () => {
    const key: ApiKey = { id: 'k', name: 'n', prefix: 'rck_', created_at: 't', last_used_at: null };
    const created: CreatedApiKey = {
      id: 'k',
      name: 'n',
      prefix: 'rck_',
      created_at: 't',
      key: 'rck_x',
    };
    const revoked: RevokedApiKey = { id: 'k', revoked_at: 't' };
    const saved: WebhookSaved = { url: null, secret: null };
    const deliveries: WebhookDeliveriesData = {
      webhook: { url: 'https://h.example', created_at: 't' },
      deliveries: [
        {
          id: 'd',
          event: 'member.verified',
          status: 'delivered',
          attempts: 1,
          response_status: 200,
          error: null,
          created_at: 't',
          finished_at: 't',
        },
      ],
    };
    expect(keysOf(dataSchema('get', API_PATHS.serverApiKeys('{id}')).items)).toEqual(keys(key));
    expect(keysOf(dataSchema('post', API_PATHS.serverApiKeys('{id}'), '201'))).toEqual(
      keys(created),
    );
    expect(keysOf(dataSchema('delete', API_PATHS.serverApiKey('{id}', '{key_id}')))).toEqual(
      keys(revoked),
    );
    expect(keysOf(dataSchema('put', API_PATHS.serverWebhook('{id}')))).toEqual(keys(saved));
    const listed = dataSchema('get', API_PATHS.serverWebhookDeliveries('{id}'));
    expect(keysOf(listed)).toEqual(keys(deliveries));
    expect(keysOf(listed.properties.deliveries.items)).toEqual(keys(deliveries.deliveries[0]!));
  });

  it('documents the Discord settings: channels as a list, the Verify message as 201', () => {
    const channel: ServerChannel = { id: '1', name: 'general' };
    expect(keysOf(dataSchema('get', API_PATHS.serverChannels('{id}')).items)).toEqual(
      keys(channel),
    );
    const posted: VerifyMessageData = { message_id: '1', channel_id: '2' };
    expect(keysOf(dataSchema('post', API_PATHS.verifyMessage('{id}'), '201'))).toEqual(
      keys(posted),
    );
  });

  it.each([
    ['Server', API_PATHS.userServers, server],
    ['Server', API_PATHS.verificationServers, server],
    ['LinkedAccount', API_PATHS.linkedAccounts, account],
  ] as const)(
    '%s[] items have the same fields as the contract type (%s)',
    (_name, path, sample) => {
      expect(keysOf(dataSchema('get', path).items)).toEqual(keys(sample));
    },
  );

  it('nests the console’s items with the contract’s fields', () => {
    // one schema for every kind: each kind's id field is optional in it
    expect(keysOf(dataSchema('get', API_PATHS.serverBinds('{id}')).properties.binds.items)).toEqual(
      [...new Set([...binds.binds.flatMap((b) => keys(b)), 'badge_id', 'asset_id'])].sort(),
    );
    expect(
      keysOf(dataSchema('get', API_PATHS.serverBinds('{id}')).properties.groups.items),
    ).toEqual(keys(binds.groups[0]!));
    const verification: AuditEntry = {
      kind: 'verification',
      id: 'i',
      at: 't',
      actor: null,
      source: 'website',
      member: { user_id: 'u', discord_id: '1', username: 'm' },
      roblox_account: { roblox_id: '1', username: 'r' },
      roles_added: [],
      roles_removed: [],
      roles_added_named: [],
      roles_removed_named: [],
      nickname_before: null,
      nickname_after: null,
      dm_sent: false,
      warnings: [],
    };
    const change: AuditEntry = {
      kind: 'setting_change',
      id: 'i',
      at: 't',
      actor: null,
      setting: 'binds',
      before: null,
      after: null,
      before_named: null,
      after_named: null,
    };
    const kinds = dataSchema('get', API_PATHS.serverAudit('{id}')).properties.entries.items.anyOf;
    expect(kinds.map(keysOf)).toEqual([keys(verification), keys(change)]);
    const problem = dataSchema('get', API_PATHS.serverHealth('{id}')).properties.problems.items;
    expect(keysOf(problem)).toEqual(['code', 'fix', 'message', 'reinvite_url']);
  });

  it('nests ServerConfig, ServerRole and GroupSummary with the contract’s fields', () => {
    const editData = dataSchema('get', API_PATHS.serverEdit('{id}'));
    expect(keysOf(editData.properties.server_config)).toEqual(keys(config));
    expect(keysOf(editData.properties.roles.items)).toEqual(keys(role));
    const groupSchema =
      editData.properties.group.anyOf?.find((s: any) => s.type === 'object') ??
      editData.properties.group;
    expect(keysOf(groupSchema)).toEqual(keys(group));
    expect(keysOf(groupSchema.properties.ranks.items)).toEqual(keys(rank));
    expect(
      keysOf(dataSchema('get', API_PATHS.serverConfig('{id}')).properties.server_config),
    ).toEqual(keys(config));
  });
});
