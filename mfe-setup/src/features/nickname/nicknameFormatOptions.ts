import {
  BRAND,
  NICKNAME_FORMATS,
  type NicknameFormat,
  type RadioOption,
} from '@roconnect/shared-lib';

const LABELS: Record<NicknameFormat, { label: string; example: string }> = {
  roblox_username: { label: `${BRAND.game} username`, example: 'DemoBuilder' },
  roblox_display: { label: `${BRAND.game} display name`, example: 'Demo Builder' },
  discord_display: { label: `${BRAND.chat} display name`, example: 'Demo User' },
  discord_username: { label: `${BRAND.chat} username`, example: 'demo_user' },
  discord_display_with_roblox: {
    label: `${BRAND.chat} display name with ${BRAND.game} username`,
    example: 'Demo User (DemoBuilder)',
  },
  none: { label: 'Do not set nicknames', example: 'Nicknames stay as members set them' },
};

/**
 * The six nickname formats (docs/product.md › Nickname formats), each with a readable label and an
 * example nickname.
 */
export const nicknameFormatOptions: RadioOption<NicknameFormat>[] = NICKNAME_FORMATS.map(
  (value) => ({
    value,
    label: LABELS[value].label,
    description: value === 'none' ? LABELS[value].example : `Example: ${LABELS[value].example}`,
  }),
);

export function isNicknameFormat(value: unknown): value is NicknameFormat {
  return typeof value === 'string' && (NICKNAME_FORMATS as readonly string[]).includes(value);
}

/** The readable label of a stored format; the raw value when it is not one of the six. */
export function nicknameFormatLabel(value: string): string {
  return isNicknameFormat(value) ? LABELS[value].label : value;
}
