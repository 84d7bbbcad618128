/**
 * The hot-path caches' own rules (src/lib/change-aware-cache.ts): concurrent misses of one key
 * share one load unless a change was announced since it began, and a busy key is read again
 * before its bound so its requests do not all miss at once there.
 */
import { ChangeFeed } from '../../src/db/change-feed';
import { ChangeAwareCache } from '../../src/lib/change-aware-cache';

const MAX_AGE_MS = 1_000;

function liveCache() {
  const feed = new ChangeFeed();
  feed.setLive(true);
  return new ChangeAwareCache<string>(feed, { maxEntries: 10, maxAgeMs: MAX_AGE_MS });
}

/** A load the test answers by hand, counting how often it was started. */
function manualLoad() {
  const answers: ((value: string) => void)[] = [];
  const load = jest.fn(() => new Promise<string>((resolve) => answers.push(resolve)));
  return { load, answer: (index: number, value: string) => answers[index]!(value) };
}

afterEach(() => jest.useRealTimers());

it('gives requests that miss one key together a single load', async () => {
  const cache = liveCache();
  const { load, answer } = manualLoad();
  const asked = [cache.get('k', load), cache.get('k', load), cache.get('k', load)];
  expect(load).toHaveBeenCalledTimes(1);
  answer(0, 'v1');
  await expect(Promise.all(asked)).resolves.toEqual(['v1', 'v1', 'v1']);
  await expect(cache.get('k', load)).resolves.toBe('v1');
  expect(load).toHaveBeenCalledTimes(1);
});

it('never hands a request a load that began before a change it came after', async () => {
  const cache = liveCache();
  const { load, answer } = manualLoad();
  const before = cache.get('k', load);
  cache.forget('k'); // the row changed while the first load was reading it
  const after = cache.get('k', load);
  expect(load).toHaveBeenCalledTimes(2);
  answer(0, 'old');
  answer(1, 'new');
  await expect(before).resolves.toBe('old');
  await expect(after).resolves.toBe('new');
  await expect(cache.get('k', load)).resolves.toBe('new');
});

it('shares a failure with the requests that waited for it, and loads again on the next', async () => {
  const cache = liveCache();
  const load = jest.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue('v');
  const asked = [cache.get('k', load), cache.get('k', load)];
  await expect(Promise.all(asked)).rejects.toThrow('database down');
  await expect(cache.get('k', load)).resolves.toBe('v');
  expect(load).toHaveBeenCalledTimes(2);
});

it('reads a busy key again in the background before its bound, answering from memory meanwhile', async () => {
  jest.useFakeTimers({ now: 0 });
  const cache = liveCache();
  const { load, answer } = manualLoad();
  const first = cache.get('k', load);
  answer(0, 'v1');
  await first;

  jest.setSystemTime(MAX_AGE_MS * 0.5);
  await expect(cache.get('k', load)).resolves.toBe('v1');
  expect(load).toHaveBeenCalledTimes(1);

  jest.setSystemTime(MAX_AGE_MS * 0.9);
  await expect(cache.get('k', load)).resolves.toBe('v1'); // answered at once
  await expect(cache.get('k', load)).resolves.toBe('v1'); // the same background read
  expect(load).toHaveBeenCalledTimes(2);
  answer(1, 'v2');
  await Promise.resolve();
  await Promise.resolve();

  jest.setSystemTime(MAX_AGE_MS * 1.5); // past the first answer's bound, within the second's
  await expect(cache.get('k', load)).resolves.toBe('v2');
  expect(load).toHaveBeenCalledTimes(2);
});

it('drops a kept answer when the background read finds it is not to be kept any more', async () => {
  jest.useFakeTimers({ now: 0 });
  const feed = new ChangeFeed();
  feed.setLive(true);
  const cache = new ChangeAwareCache<string | null>(feed, { maxEntries: 10, maxAgeMs: MAX_AGE_MS });
  const keepLive = (session: string | null) => session !== null;
  const load = jest
    .fn<Promise<string | null>, []>()
    .mockResolvedValueOnce('live')
    .mockResolvedValue(null);
  await cache.get('session', load, keepLive);
  jest.setSystemTime(MAX_AGE_MS * 0.9);
  await expect(cache.get('session', load, keepLive)).resolves.toBe('live');
  await Promise.resolve();
  await Promise.resolve();
  // the session ended without a notification: the next request reads it, and is refused
  await expect(cache.get('session', load, keepLive)).resolves.toBeNull();
  expect(load).toHaveBeenCalledTimes(3);
});
