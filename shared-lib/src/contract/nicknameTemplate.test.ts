import { NICKNAME_FORMATS, NICKNAME_PRESET_TEMPLATES, NICKNAME_TOKENS } from './constants';
import {
  effectiveNicknameTemplate,
  fillNicknameTemplate,
  parseNicknameTemplate,
  presetOfTemplate,
  type NicknameValues,
} from './nicknameTemplate';

const values: NicknameValues = {
  'roblox-name': 'PlainPete',
  'display-name': 'Pete',
  'roblox-id': '502',
  'discord-name': 'Maxi',
  'discord-username': 'member_max',
  'group-rank': 'Officer',
  'server-name': 'Obby Lounge',
};

const fill = (template: string, v: NicknameValues = values) => {
  const parsed = parseNicknameTemplate(template);
  if (!parsed.ok) throw new Error(parsed.error);
  return fillNicknameTemplate(parsed.parts, v);
};
const chars = (s: string | null) => Array.from(s ?? '').length;

describe('parseNicknameTemplate', () => {
  it('reads every token and the text between them', () => {
    const template = NICKNAME_TOKENS.map((t) => `{${t}}`).join('');
    const parsed = parseNicknameTemplate(template);
    expect(parsed.ok && parsed.parts.filter((p) => 'token' in p)).toHaveLength(
      NICKNAME_TOKENS.length,
    );
  });

  it.each([
    ['{rank}', 'nickname_template names {rank}, which is not a token; use {roblox-name},'],
    ['{Roblox-Name}', 'names {Roblox-Name}, which is not a token'],
    ['{roblox-name', 'has a "{" without its pair at character 1'],
    ['a } b', 'has a "}" without its pair at character 3'],
    [
      `${'x'.repeat(30)} {roblox-name}`,
      'can never fit: its fixed text, with the Roblox name at its shortest, is 34 characters',
    ],
    ['x'.repeat(33), 'can never fit: its fixed text is 33 characters'],
    ['x'.repeat(101), 'has 101 characters; a template may have at most 100'],
  ])('refuses %p, saying which', (template, message) => {
    const parsed = parseNicknameTemplate(template);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toContain(message);
  });

  it('takes long fixed text when the tokens beside it can shrink away', () => {
    expect(parseNicknameTemplate(`${'x'.repeat(30)} {discord-name}`).ok).toBe(true);
  });
});

describe('fillNicknameTemplate', () => {
  it('fills in every token', () => {
    expect(fill('{roblox-name} {display-name} {roblox-id}')).toBe('PlainPete Pete 502');
    expect(fill('{discord-name}/{discord-username}')).toBe('Maxi/member_max');
    expect(fill('[{group-rank}] {server-name}')).toBe('[Officer] Obby Lounge');
  });

  it('gives no nickname for an empty template or one that fills in empty', () => {
    expect(fill('')).toBeNull();
    expect(fill('{group-rank}', { ...values, 'group-rank': '' })).toBeNull();
  });

  it('trims what an empty token leaves at the ends', () => {
    expect(fill('{roblox-name} | {group-rank}', { ...values, 'group-rank': '' })).toBe(
      'PlainPete |',
    );
  });

  it('cuts over-long results to 32 characters, the member-picked names first', () => {
    const long = {
      ...values,
      'discord-name': 'A very long display name indeed!!',
      'server-name': 'S'.repeat(40),
    };
    expect(fill('{discord-name} ({roblox-name})', long)).toBe('A very long display… (PlainPete)');
    expect(chars(fill('{discord-name} ({roblox-name})', long))).toBe(32);
    // the Discord name goes first, then the server's, and the Roblox name stays whole
    const both = fill('{discord-name} {server-name} {roblox-name}', long)!;
    expect(both.endsWith(' PlainPete')).toBe(true);
    expect(chars(both)).toBeLessThanOrEqual(32);
    expect(fill('{server-name}', long)).toBe('S'.repeat(32));
  });

  it('never cuts inside an emoji, and never exceeds 32 characters', () => {
    const emoji = { ...values, 'discord-name': '😀'.repeat(40), 'display-name': '🦊'.repeat(40) };
    for (const template of [
      '{discord-name}',
      '{display-name} {roblox-name}',
      '{discord-name}{display-name}',
    ]) {
      const nick = fill(template, emoji)!;
      expect(chars(nick)).toBeLessThanOrEqual(32);
      expect(nick).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
  });
});

/**
 * The six formats before templates (the API's nickname.ts before migration 0012), kept here as the
 * oracle: each named template must give exactly what its format gave.
 */
function formatBefore(format: (typeof NICKNAME_FORMATS)[number], v: NicknameValues) {
  const cut = (s: string, n: number) => Array.from(s).slice(0, Math.max(0, n)).join('').trimEnd();
  switch (format) {
    case 'none':
      return null;
    case 'roblox_username':
      return cut(v['roblox-name'], 32);
    case 'roblox_display':
      return cut(v['display-name'], 32);
    case 'discord_display':
      return cut(v['discord-name'], 32);
    case 'discord_username':
      return cut(v['discord-username'], 32);
    case 'discord_display_with_roblox': {
      const suffix = ` (${v['roblox-name']})`;
      const room = 32 - Array.from(suffix).length;
      if (room < 1) return cut(v['roblox-name'], 32);
      const name = v['discord-name'];
      return `${Array.from(name).length > room ? `${cut(name, room - 1)}…` : name}${suffix}`;
    }
  }
}

describe('the six formats as named templates', () => {
  const names = [
    '',
    'a',
    'Pete',
    'member_max',
    'A very long display name indeed!!',
    '😀'.repeat(31),
    'x '.repeat(20),
    'R'.repeat(20),
    'R'.repeat(40),
  ];
  it.each(NICKNAME_FORMATS)(
    '%s gives what the format gave, for short, long and odd names',
    (format) => {
      for (const discord of names.filter(Boolean))
        for (const roblox of names.filter((n) => n && !n.includes(' ')))
          for (const display of names.filter(Boolean)) {
            const v = {
              ...values,
              'discord-name': discord,
              'roblox-name': roblox,
              'display-name': display,
            };
            expect([discord, roblox, display, fill(NICKNAME_PRESET_TEMPLATES[format], v)]).toEqual([
              discord,
              roblox,
              display,
              formatBefore(format, v),
            ]);
          }
    },
  );

  it('names a template by its format, and a format by its template', () => {
    for (const format of NICKNAME_FORMATS) {
      expect(presetOfTemplate(NICKNAME_PRESET_TEMPLATES[format])).toBe(format);
      expect(effectiveNicknameTemplate(format, null)).toBe(NICKNAME_PRESET_TEMPLATES[format]);
    }
    expect(presetOfTemplate('{roblox-name}!')).toBeNull();
    expect(effectiveNicknameTemplate('none', '{roblox-id}')).toBe('{roblox-id}');
  });
});
