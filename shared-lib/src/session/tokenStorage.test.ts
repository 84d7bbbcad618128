import { readJwtExpiry, tokenStorage } from './tokenStorage';

afterEach(() => localStorage.clear());

it('keeps auth_token and refresh_token in localStorage and clears both', () => {
  tokenStorage.setTokens('a', 'r');
  expect([localStorage.getItem('auth_token'), localStorage.getItem('refresh_token')]).toEqual([
    'a',
    'r',
  ]);
  tokenStorage.setTokens('a2');
  expect([tokenStorage.getAccessToken(), tokenStorage.getRefreshToken()]).toEqual(['a2', 'r']);
  tokenStorage.clear();
  expect([tokenStorage.getAccessToken(), tokenStorage.getRefreshToken()]).toEqual([null, null]);
});

it('reads a JWT expiry, and null for anything else', () => {
  const payload = btoa(JSON.stringify({ sub: '1', exp: 1_900_000_000 })).replace(/=+$/, '');
  expect(readJwtExpiry(`h.${payload}.s`)).toBe(1_900_000_000);
  expect(readJwtExpiry('opaque-token')).toBeNull();
  expect(readJwtExpiry('h.!!!.s')).toBeNull();
  expect(readJwtExpiry(`h.${btoa('{"sub":"1"}')}.s`)).toBeNull();
});
