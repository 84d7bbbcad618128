import { Type, type Static } from 'typebox';
import { MESSAGE_LIMITS } from '../messageTemplate';
import { Nullable, Ok, ServerIdParams, Snowflake, errors } from './common';

/**
 * A server's own words (docs/product.md › Messages): the verified DM, the welcome DM and the
 * Verify message, as templates with the nickname's tokens; null keeps RoConnect's text. The
 * limits are Discord's; mass mentions and tokens a text cannot use are a 400 naming the field.
 */

/** Discord's limit is checked by the API, which names the field and the count in its 400 */
const text = (max: number, description: string) =>
  Type.String({
    minLength: 1,
    maxLength: 10_000,
    description: `${description} (at most ${max} characters)`,
  });

export const VerifyMessageTemplateSchema = Type.Object(
  {
    title: text(MESSAGE_LIMITS.title, 'the embed title; may use {server-name}'),
    body: text(MESSAGE_LIMITS.body, 'the embed description; may use {server-name}'),
    button_label: text(MESSAGE_LIMITS.button_label, 'the button’s label; may use {server-name}'),
  },
  { additionalProperties: false },
);

export const ServerMessagesSchema = Type.Object(
  {
    verified_dm: Nullable(
      text(
        MESSAGE_LIMITS.verified_dm,
        'the DM of a member who verified; {roblox-name}, {display-name}, {discord-name}, {server-name}, {group-rank}; the roles given follow it',
      ),
    ),
    welcome_dm: Nullable(
      text(
        MESSAGE_LIMITS.welcome_dm,
        'the DM of a joiner with no linked account (when join DMs are on); {discord-name}, {server-name}; the verify link follows it',
      ),
    ),
    verify_message: Nullable(VerifyMessageTemplateSchema),
  },
  { additionalProperties: false },
);
/** PUT …/edit/messages; also GET …/messages `messages` */
export type ServerMessages = Static<typeof ServerMessagesSchema>;

const PostedSchema = Nullable(
  Type.Object(
    { channel_id: Type.String(), message_id: Type.String() },
    { additionalProperties: false, description: 'the Verify message posted now; null: none' },
  ),
);

export const MessagesDataSchema = Type.Object(
  {
    messages: ServerMessagesSchema,
    defaults: Type.Object(
      {
        verified_dm: Type.String(),
        welcome_dm: Type.String(),
        verify_message: VerifyMessageTemplateSchema,
      },
      { additionalProperties: false, description: 'RoConnect’s texts, used while a text is null' },
    ),
    verify_message_post: PostedSchema,
  },
  { additionalProperties: false },
);
export type MessagesData = Static<typeof MessagesDataSchema>;

export const EditMessagesDataSchema = Type.Object(
  {
    messages: ServerMessagesSchema,
    verify_message_update: Type.Enum(['edited', 'unchanged', 'not_posted', 'gone', 'refused'], {
      description:
        'the posted Verify message: edited in place, unchanged (its text did not change), not_posted (none is), gone (deleted in Discord: forgotten), refused (Discord said no: see warning)',
    }),
    warning: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type EditMessagesData = Static<typeof EditMessagesDataSchema>;

export const PreviewMessagesBodySchema = Type.Object(
  {
    member_id: Snowflake('a member of the server with a linked Roblox account'),
    messages: Type.Optional(ServerMessagesSchema),
  },
  {
    additionalProperties: false,
    description: 'messages left out: the saved ones',
  },
);
export type PreviewMessagesRequest = Static<typeof PreviewMessagesBodySchema>;

export const PreviewMessagesDataSchema = Type.Object(
  {
    verified_dm: Type.String(),
    welcome_dm: Type.String(),
    verify_message: Type.Object(
      { title: Type.String(), body: Type.String(), button_label: Type.String() },
      { additionalProperties: false },
    ),
    roblox_hidden: Type.Boolean({
      description:
        'the member does not show their Roblox account in this server: its tokens are shown as placeholders',
    }),
  },
  { additionalProperties: false },
);
export type PreviewMessagesData = Static<typeof PreviewMessagesDataSchema>;

export const VerifyMessageStateSchema = Type.Object(
  {
    posted: PostedSchema,
    text: Nullable(
      Type.String({ description: 'the plain text it was posted with; null: default' }),
    ),
  },
  { additionalProperties: false },
);
/** GET and PATCH …/verify-message */
export type VerifyMessageState = Static<typeof VerifyMessageStateSchema>;

export const EditVerifyMessageBodySchema = Type.Object(
  {
    text: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 1500,
          description:
            'a new plain text (shown while the server keeps RoConnect’s Verify message); null: the default; left out: unchanged',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type EditVerifyMessageRequest = Static<typeof EditVerifyMessageBodySchema>;

export const RemovedVerifyMessageSchema = Type.Object(
  {
    already_gone: Type.Boolean({
      description: 'someone had deleted it in Discord already: it is forgotten',
    }),
  },
  { additionalProperties: false },
);
export type RemovedVerifyMessage = Static<typeof RemovedVerifyMessageSchema>;

const common = { tags: ['servers'], security: [{ bearerAuth: [] }], params: ServerIdParams };

export const messagesRoute = {
  ...common,
  summary: 'The server’s own words: the verified DM, the welcome DM, the Verify message',
  response: { 200: Ok(MessagesDataSchema), ...errors(401, 403, 404) },
};
export const editMessagesRoute = {
  ...common,
  summary: 'Set the server’s own words; the posted Verify message is edited in place',
  body: ServerMessagesSchema,
  response: { 200: Ok(EditMessagesDataSchema), ...errors(401, 403, 404, 409) },
};
export const previewMessagesRoute = {
  ...common,
  summary: 'The server’s words as a member would read them',
  body: PreviewMessagesBodySchema,
  response: { 200: Ok(PreviewMessagesDataSchema), ...errors(401, 403, 404, 502) },
};
export const verifyMessageStateRoute = {
  ...common,
  summary: 'Where the Verify message is posted, and its text',
  response: { 200: Ok(VerifyMessageStateSchema), ...errors(401, 403, 404) },
};
export const editVerifyMessageRoute = {
  ...common,
  summary: 'Edit the posted Verify message in place',
  body: EditVerifyMessageBodySchema,
  response: { 200: Ok(VerifyMessageStateSchema), ...errors(401, 403, 404, 409, 422, 502) },
};
export const removeVerifyMessageRoute = {
  ...common,
  summary: 'Delete the posted Verify message',
  response: { 200: Ok(RemovedVerifyMessageSchema), ...errors(401, 403, 404, 409, 422, 502) },
};
