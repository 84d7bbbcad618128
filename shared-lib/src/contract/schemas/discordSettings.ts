import { Type } from 'typebox';
import { VERIFY_MESSAGE_MAX_LENGTH } from '../constants';
import { Nullable, Ok, ServerIdParams, Snowflake, errors } from './common';
import { JoinHandlingSchema, ResyncScheduleSchema, ServerConfigDataSchema } from './servers';

/**
 * What the bot does inside Discord for one server: the channels it can post in, the log channel,
 * what happens on join and the scheduled resync, and the Verify message (api/README.md › Discord
 * settings).
 */

export const ServerChannelSchema = Type.Object(
  { id: Type.String(), name: Type.String({ description: 'the channel name, without #' }) },
  { additionalProperties: false },
);
export const ServerChannelsDataSchema = Type.Array(ServerChannelSchema, {
  description: "the text channels the bot can post in, in the server's order",
});

export const LogChannelBodySchema = Type.Object(
  {
    channel_id: Nullable(
      Snowflake('a text channel the bot can post in, or null to stop posting the log'),
    ),
  },
  { additionalProperties: false },
);

export const AutomationBodySchema = Type.Object(
  {
    join_handling: Type.Optional(JoinHandlingSchema),
    join_dm: Type.Optional(
      Type.Boolean({ description: 'an unlinked joiner gets a DM with the verify link' }),
    ),
    resync: Type.Optional(ResyncScheduleSchema),
  },
  {
    additionalProperties: false,
    description: 'at least one of join_handling, join_dm, resync; the others keep their value',
  },
);

export const VerifyMessageBodySchema = Type.Object(
  {
    channel_id: Snowflake('a text channel the bot can post in'),
    text: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: VERIFY_MESSAGE_MAX_LENGTH,
        description: `the message above the button (1–${VERIFY_MESSAGE_MAX_LENGTH} characters after trimming); a short default when left out`,
      }),
    ),
  },
  { additionalProperties: false },
);
export const VerifyMessageDataSchema = Type.Object(
  {
    message_id: Type.String({ description: "Discord's id of the posted message" }),
    channel_id: Type.String(),
  },
  { additionalProperties: false },
);

const common = { tags: ['servers'], security: [{ bearerAuth: [] }], params: ServerIdParams };

export const channelsRoute = {
  ...common,
  summary: 'The text channels the bot can post in',
  response: { 200: Ok(ServerChannelsDataSchema), ...errors(401, 403, 404, 409, 429, 502) },
};
export const logChannelRoute = {
  ...common,
  summary: 'Set or turn off the channel the audit log is posted to',
  body: LogChannelBodySchema,
  response: { 200: Ok(ServerConfigDataSchema), ...errors(401, 403, 404, 409, 422, 429, 502) },
};
export const automationRoute = {
  ...common,
  summary: 'What happens when someone joins, and the scheduled resync',
  body: AutomationBodySchema,
  response: { 200: Ok(ServerConfigDataSchema), ...errors(401, 403, 404, 409, 502) },
};
export const verifyMessageRoute = {
  ...common,
  summary: 'Post a message with a Verify button in a channel',
  body: VerifyMessageBodySchema,
  response: { 201: Ok(VerifyMessageDataSchema), ...errors(401, 403, 404, 409, 422, 429, 502) },
};
