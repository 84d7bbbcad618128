import {
  effectiveNicknameTemplate,
  parseNicknameTemplate,
  presetOfTemplate,
  type NicknameFormat,
} from '@roconnect/shared-lib/contract';
import { badRequest } from '../../lib/errors';

/** The format of a server that never chose one (the column's default). */
const DEFAULT_NICKNAME_FORMAT: NicknameFormat = 'roblox_username';

/** A server's nickname as stored: a named format, or a template of its own (format unused). */
export interface NicknameSetting {
  nicknameFormat: NicknameFormat;
  nicknameTemplate: string | null;
}

/**
 * The one stored form of a template (docs/product.md › Nicknames): a named format's template is
 * stored as that format with no template; any other template is stored with the default format,
 * so no earlier choice lingers in nickname_format while the template is in force.
 */
export function settingOfTemplate(template: string): NicknameSetting {
  const preset = presetOfTemplate(template);
  return preset
    ? { nicknameFormat: preset, nicknameTemplate: null }
    : { nicknameFormat: DEFAULT_NICKNAME_FORMAT, nicknameTemplate: template };
}

/** A named format chosen: its template is the server's, a template of its own is replaced. */
export const settingOfFormat = (format: NicknameFormat): NicknameSetting => ({
  nicknameFormat: format,
  nicknameTemplate: null,
});

/**
 * PUT …/edit/nickname's body: a named format, or a template. A template that names an unknown
 * token or can never fit in 32 characters is a 400 saying which.
 */
export function nicknameSettingOfBody(body: {
  nickname_format?: NicknameFormat;
  nickname_template?: string;
}): NicknameSetting {
  const { nickname_format: format, nickname_template: template } = body;
  if ((format === undefined) === (template === undefined))
    throw badRequest('send exactly one of body.nickname_format or body.nickname_template');
  if (format !== undefined) return settingOfFormat(format);
  const parsed = parseNicknameTemplate(template!, 'body.nickname_template');
  if (!parsed.ok) throw badRequest(parsed.error, 'invalid_nickname_template');
  return settingOfTemplate(template!);
}

/**
 * The stored nickname read back in its one form, whatever wrote the row (an older replica, a
 * migration): the template in force decides both fields.
 */
export function nicknameSettingOf(
  row: { nicknameFormat: string; nicknameTemplate: string | null } | null,
): NicknameSetting {
  const format = (row?.nicknameFormat ?? DEFAULT_NICKNAME_FORMAT) as NicknameFormat;
  return settingOfTemplate(effectiveNicknameTemplate(format, row?.nicknameTemplate));
}
