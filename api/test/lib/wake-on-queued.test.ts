/**
 * When a job worker is woken: a job queued on its queue by another worker, notifications lost, and
 * nothing else.
 */
import { ChangeFeed } from '../../src/db/change-feed';
import { LOST_NOTIFICATIONS_LOOK_MS, wakeOnQueued } from '../../src/lib/wake-on-queued';

let feed: ChangeFeed;
let wakes: number;
let stop: () => void;

beforeEach(() => {
  jest.useFakeTimers();
  feed = new ChangeFeed();
  feed.setLive(true);
  wakes = 0;
  stop = wakeOnQueued(feed, 'member-update', 'worker-a', () => (wakes += 1));
});
afterEach(() => {
  stop();
  jest.useRealTimers();
});

it('wakes the worker for a job on its queue, not for another queue or a cache change', () => {
  feed.publish('jobs', 'member-update|worker-b');
  expect(wakes).toBe(1);
  feed.publish('jobs', 'purge-expired|worker-b');
  feed.publish('session', 'member-update');
  feed.publish('guild', '1');
  expect(wakes).toBe(1);
});

it('does not wake the worker again for the job it queued itself (it woke when it queued)', () => {
  feed.publish('jobs', 'member-update|worker-a');
  expect(wakes).toBe(0);
  feed.publish('jobs', 'member-update|worker-b');
  expect(wakes).toBe(1);
});

it('while notifications are heard, the worker is not woken by time', () => {
  jest.advanceTimersByTime(10 * LOST_NOTIFICATIONS_LOOK_MS);
  expect(wakes).toBe(0);
});

it('while notifications may be lost, the worker is woken every second, and once more when they are back', () => {
  feed.setLive(false); // announces `all`: whatever was queued meanwhile
  expect(wakes).toBe(1);
  jest.advanceTimersByTime(3 * LOST_NOTIFICATIONS_LOOK_MS);
  expect(wakes).toBe(4);
  feed.setLive(true);
  expect(wakes).toBe(5);
  jest.advanceTimersByTime(3 * LOST_NOTIFICATIONS_LOOK_MS);
  expect(wakes).toBe(5);
});

it('once stopped, nothing wakes the worker', () => {
  stop();
  feed.setLive(false);
  feed.publish('jobs', 'member-update|worker-b');
  jest.advanceTimersByTime(3 * LOST_NOTIFICATIONS_LOOK_MS);
  expect(wakes).toBe(0);
});
