import { discordAvatarUrl, discordGuildIconUrl, initialOf } from './imageUrls';

it('derives Discord CDN URLs from ids, keeps full URLs, and gives null without an image', () => {
  expect(discordAvatarUrl('1', 'abc')).toBe(
    'https://cdn.discordapp.com/avatars/1/abc.png?size=128',
  );
  expect(discordGuildIconUrl('2', 'def')).toBe(
    'https://cdn.discordapp.com/icons/2/def.png?size=128',
  );
  expect(discordAvatarUrl('1', 'https://img.test/a.png')).toBe('https://img.test/a.png');
  expect(discordAvatarUrl('1', null)).toBeNull();
  expect(discordGuildIconUrl('2', undefined)).toBeNull();
});

it('takes the first visible character, upper-cased, for fallbacks', () => {
  expect(initialOf('  demo')).toBe('D');
  expect(initialOf('😀 fun')).toBe('😀');
  expect(initialOf('   ')).toBe('?');
  expect(initialOf(null)).toBe('?');
});
