import { exactTime, relativeTime } from './relativeTime';

const now = new Date('2026-01-10T12:00:00.000Z');

it.each([
  ['2026-01-10T11:59:30.000Z', 'just now'],
  ['2026-01-10T11:55:00.000Z', '5 minutes ago'],
  ['2026-01-10T09:00:00.000Z', '3 hours ago'],
  ['2026-01-09T12:00:00.000Z', 'yesterday'],
  ['2026-01-08T12:00:00.000Z', '2 days ago'],
  ['2025-12-27T12:00:00.000Z', '2 weeks ago'],
  ['2025-01-10T12:00:00.000Z', 'last year'],
])('%s is %s', (iso, text) => {
  expect(relativeTime(iso, now)).toBe(text);
});

it('answers nothing for a date it cannot read', () => {
  expect(relativeTime('not a date', now)).toBe('');
  expect(exactTime('not a date')).toBe('');
});

it('gives the exact date with the year', () => {
  expect(exactTime('2025-08-02T10:05:00.000Z')).toMatch(/2025/);
});
