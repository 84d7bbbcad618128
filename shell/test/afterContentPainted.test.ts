import {
  afterContentPainted,
  PAINT_REPORT_TIMEOUT_MS,
} from '../src/features/remotes/afterContentPainted';

/** A browser's PerformanceObserver for largest-contentful-paint, driven by the test. */
class FakeLcpObserver {
  static supportedEntryTypes = ['largest-contentful-paint'];
  static observers: FakeLcpObserver[] = [];
  /** entries reported before an observer subscribed (what `buffered: true` replays) */
  static buffered: { startTime: number }[] = [];
  observed: PerformanceObserverInit | null = null;
  disconnected = false;

  constructor(private readonly report: (list: { getEntries(): unknown[] }) => void) {
    FakeLcpObserver.observers.push(this);
  }

  observe(options: PerformanceObserverInit) {
    this.observed = options;
    if (options.buffered && FakeLcpObserver.buffered.length > 0)
      this.report({ getEntries: () => FakeLcpObserver.buffered });
  }

  disconnect() {
    this.disconnected = true;
  }

  static paint(startTime: number) {
    for (const observer of FakeLcpObserver.observers)
      if (!observer.disconnected) observer.report({ getEntries: () => [{ startTime }] });
  }
}

function firstObserver(): FakeLcpObserver {
  const [observer] = FakeLcpObserver.observers;
  if (!observer) throw new Error('no PerformanceObserver was made');
  return observer;
}

const original = globalThis.PerformanceObserver;
let now = 1000;

beforeEach(() => {
  jest.useFakeTimers();
  now = 1000;
  jest.spyOn(performance, 'now').mockImplementation(() => now);
  FakeLcpObserver.observers = [];
  FakeLcpObserver.buffered = [];
  globalThis.PerformanceObserver = FakeLcpObserver as unknown as typeof PerformanceObserver;
});

afterEach(() => {
  globalThis.PerformanceObserver = original;
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('afterContentPainted', () => {
  it('waits for a largest-contentful-paint reported after the call, not one from before', () => {
    const callback = jest.fn();
    FakeLcpObserver.buffered = [{ startTime: 400 }]; // the header's paint, before the tab mounted
    afterContentPainted(callback);
    expect(firstObserver().observed).toEqual({
      type: 'largest-contentful-paint',
      buffered: true,
    });
    expect(callback).not.toHaveBeenCalled();

    now = 1050;
    FakeLcpObserver.paint(1040);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(firstObserver().disconnected).toBe(true);

    // later paints and the timeout do not run it again
    FakeLcpObserver.paint(1200);
    jest.advanceTimersByTime(PAINT_REPORT_TIMEOUT_MS);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('goes ahead after the timeout when no later paint is reported', () => {
    const callback = jest.fn();
    afterContentPainted(callback);
    jest.advanceTimersByTime(PAINT_REPORT_TIMEOUT_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(firstObserver().disconnected).toBe(true);
  });

  it('runs after the next frame where the browser reports no such paints', () => {
    FakeLcpObserver.supportedEntryTypes = [];
    try {
      const frames: FrameRequestCallback[] = [];
      jest.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => {
        frames.push(frame);
        return frames.length;
      });
      const callback = jest.fn();
      afterContentPainted(callback);
      expect(FakeLcpObserver.observers).toHaveLength(0);
      expect(callback).not.toHaveBeenCalled();
      frames.forEach((frame) => frame(now)); // the frame
      expect(callback).not.toHaveBeenCalled();
      jest.advanceTimersByTime(0); // the task queued from it
      expect(callback).toHaveBeenCalledTimes(1);
    } finally {
      FakeLcpObserver.supportedEntryTypes = ['largest-contentful-paint'];
    }
  });
});
