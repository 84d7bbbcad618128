import { navigate, setNavigator } from './navigationBridge';

afterEach(() => setNavigator(null));

it('uses the registered navigator, passing the options through', () => {
  const navigator = jest.fn();
  setNavigator(navigator);
  navigate('/dashboard', { replace: true });
  navigate('/verify');
  expect(navigator).toHaveBeenNthCalledWith(1, '/dashboard', { replace: true });
  expect(navigator).toHaveBeenNthCalledWith(2, '/verify', {});
});

// jsdom performs same-document (hash) navigations, so the fallback can be observed for real.
it('falls back to location.assign without a navigator', () => {
  const before = window.history.length;
  navigate('#assigned');
  expect(window.location.hash).toBe('#assigned');
  expect(window.history.length).toBe(before + 1);
});

it('falls back to location.replace for replace navigations', () => {
  const before = window.history.length;
  navigate('#replaced', { replace: true });
  expect(window.location.hash).toBe('#replaced');
  expect(window.history.length).toBe(before);
});

it('stops using a navigator once it is unset', () => {
  const navigator = jest.fn();
  setNavigator(navigator);
  setNavigator(null);
  navigate('#after-unset');
  expect(navigator).not.toHaveBeenCalled();
  expect(window.location.hash).toBe('#after-unset');
});
