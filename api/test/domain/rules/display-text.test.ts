import { discordLiteral, withoutHiddenCharacters } from '../../../src/domain/rules/display-text';

describe('withoutHiddenCharacters', () => {
  it.each([
    ['bidi overrides and isolates', 'Ad\u202Enim\u202C \u2066x\u2069\u2067y\u2069', 'Adnim xy'],
    ['bidi marks', '\u200Fmod\u200E\u061C', 'mod'],
    ['zero-width spaces, word joiners, the BOM', 'Ad\u200Bmi\u2060n\uFEFF', 'Admin'],
    ['joiners between Latin letters', 'Ad\u200Dm\u200Cin', 'Admin'],
    ['soft hyphens and invisible operators', 'Ad\u00ADmin\u2062', 'Admin'],
    ['controls', 'Ad\u0000m\u0007in\u009B', 'Admin'],
    ['Hangul fillers, which show as nothing', '\u3164\u115F\u1160\uFFA0', ''],
  ])('drops %s', (_what, input, output) => {
    expect(withoutHiddenCharacters(input)).toBe(output);
  });

  it.each([
    ['an emoji ZWJ sequence', '👩‍💻 Coder'],
    ['a flag with a variation selector and ZWJ', '🏳️‍🌈'],
    ['a skin tone in a ZWJ sequence', '👩🏽‍🚀'],
    ["England's flag (tags)", '🏴󠁧󠁢󠁥󠁮󠁧󠁿'],
    ['a ZWNJ of Persian spelling', 'می‌خواهم'],
    ['plain accented, CJK and emoji names', 'Zoë 李 😀'],
  ])('keeps %s', (_what, text) => {
    expect(withoutHiddenCharacters(text)).toBe(text);
  });

  it('drops tags that follow no flag', () => {
    expect(withoutHiddenCharacters('a\u{E0067}\u{E0062}b')).toBe('ab');
  });
});

describe('discordLiteral', () => {
  it('leaves a plain name as it is', () => {
    expect(discordLiteral('Demo Builders 2.0 (EU)')).toBe('Demo Builders 2.0 (EU)');
  });

  it('escapes what Discord would turn into links, mentions, spoilers or formatting', () => {
    expect(
      discordLiteral(
        '**Free** https://evil.test/x [Claim](https://evil.test) <@&1> ||s|| _i_ `c` ~~d~~',
      ),
    ).toBe(
      '\\*\\*Free\\*\\* https:\\/\\/evil.test\\/x \\[Claim\\](https:\\/\\/evil.test) \\<@&1> \\|\\|s\\|\\| \\_i\\_ \\`c\\` \\~\\~d\\~\\~',
    );
    expect(discordLiteral('discord.gg/abc')).toBe('discord.gg\\/abc');
    expect(discordLiteral('back\\slash')).toBe('back\\\\slash');
  });

  it('keeps to one line, without hidden characters, and falls back when nothing is left', () => {
    expect(discordLiteral('  Line one\n\n# Heading\r\n> quote\u2028x  ')).toBe(
      'Line one # Heading > quote x',
    );
    expect(discordLiteral('Safe\u202Eelif.exe')).toBe('Safeelif.exe');
    expect(discordLiteral('\u200B\u3164 \n', 'the server')).toBe('the server');
  });
});
