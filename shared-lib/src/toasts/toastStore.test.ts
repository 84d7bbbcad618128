import { createToastStore, toast, type Toast } from './toastStore';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const messages = (toasts: readonly Toast[]) => toasts.map((t) => t.message);

it('defaults to a success toast shown for 5000 ms', () => {
  const store = createToastStore();
  store.show('Saved');
  expect(store.getToasts()).toEqual([
    expect.objectContaining({ message: 'Saved', type: 'success', durationMs: 5000 }),
  ]);
});

it('removes each toast after its own duration', () => {
  const store = createToastStore();
  store.show('default');
  store.error('short', 1000);
  jest.advanceTimersByTime(999);
  expect(messages(store.getToasts())).toEqual(['default', 'short']);
  jest.advanceTimersByTime(1);
  expect(messages(store.getToasts())).toEqual(['default']);
  jest.advanceTimersByTime(3999);
  expect(messages(store.getToasts())).toEqual(['default']);
  jest.advanceTimersByTime(1);
  expect(store.getToasts()).toEqual([]);
});

it('keeps at most 3 visible: a 4th pushes out the oldest', () => {
  const store = createToastStore();
  ['one', 'two', 'three', 'four'].forEach((m) => store.info(m));
  expect(messages(store.getToasts())).toEqual(['two', 'three', 'four']);
});

it('dismisses a toast by id and tells subscribers', () => {
  const store = createToastStore();
  const seen: string[][] = [];
  store.subscribe((toasts) => seen.push(messages(toasts)));
  const id = store.warning('careful');
  store.success('fine');
  store.dismiss(id);
  expect(messages(store.getToasts())).toEqual(['fine']);
  expect(seen.at(-1)).toEqual(['fine']);
});

it('gives each type helper its type', () => {
  const store = createToastStore(10);
  store.success('a');
  store.error('b');
  store.warning('c');
  store.info('d');
  expect(store.getToasts().map((t) => t.type)).toEqual(['success', 'error', 'warning', 'info']);
});

it('clear removes every toast and its timer', () => {
  toast.show('x');
  toast.clear();
  expect(toast.getToasts()).toEqual([]);
  expect(jest.getTimerCount()).toBe(0);
});
