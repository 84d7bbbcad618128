import { Type, type TProperties, type TSchema } from 'typebox';

/** Discord ids: 17–20 digits. The error handler names this pattern in plain words. */
export const SNOWFLAKE_PATTERN = '^[0-9]{17,20}$';
export const UUID_PATTERN =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Human words for patterns, used in validation messages. */
export const PATTERN_NAMES: Record<string, string> = {
  [SNOWFLAKE_PATTERN]: 'a Discord id (17 to 20 digits)',
  [UUID_PATTERN]: 'an account id (UUID)',
};

export const Snowflake = (description = 'Discord snowflake id') =>
  Type.String({ pattern: SNOWFLAKE_PATTERN, description, examples: ['123456789012345678'] });
export const Uuid = (description = 'id') => Type.String({ pattern: UUID_PATTERN, description });
export const IsoDate = (description: string) => Type.String({ description, format: 'date-time' });
/** A list of distinct Discord ids, at most `maxItems` of them. */
export const SnowflakeSet = (item: string, maxItems: number, description: string) =>
  Type.Array(Snowflake(item), { maxItems, uniqueItems: true, description });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** What an OAuth provider sends back to a callback: a code and the state, or an error; `extra` between. */
export const OAuthCallbackQuery = <Extra extends TProperties>(
  codeMaxLength: number,
  extra: Extra,
) =>
  Type.Object({
    code: Type.Optional(Type.String({ maxLength: codeMaxLength })),
    state: Type.Optional(Type.String({ maxLength: 512 })),
    ...extra,
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 1000 })),
  });

/** `{success: true, data}` */
export const Ok = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), data }, { additionalProperties: false });

export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.String({ description: 'machine-readable code' }),
    message: Type.String({ description: 'what happened, for people' }),
  },
  { $id: 'ErrorEnvelope', additionalProperties: false },
);

export const EmptyObject = Type.Object({}, { additionalProperties: false });

const errorRef = Type.Ref('ErrorEnvelope');
/** The error answers every route may give, plus the ones the route lists. */
export function errors(...codes: number[]) {
  const out: Record<number, typeof errorRef> = { 400: errorRef, 500: errorRef };
  for (const c of codes) out[c] = errorRef;
  return out;
}

export const ServerIdParams = Type.Object(
  { id: Snowflake('the Discord server (guild) id') },
  { additionalProperties: false },
);
