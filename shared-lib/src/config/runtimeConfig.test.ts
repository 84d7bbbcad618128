import { configureRuntime, getRuntimeConfig, onRuntimeConfigChange } from './runtimeConfig';

afterEach(() => configureRuntime({ apiBaseUrl: '' }));

it('starts same-origin and merges changes', () => {
  expect(getRuntimeConfig()).toEqual({ apiBaseUrl: '' });
  expect(configureRuntime({ apiBaseUrl: 'http://api.test' })).toEqual({
    apiBaseUrl: 'http://api.test',
  });
  expect(configureRuntime({})).toEqual({ apiBaseUrl: 'http://api.test' });
});

it('tells listeners until they unsubscribe', () => {
  const listener = jest.fn();
  const unsubscribe = onRuntimeConfigChange(listener);
  configureRuntime({ apiBaseUrl: 'http://one.test' });
  unsubscribe();
  configureRuntime({ apiBaseUrl: 'http://two.test' });
  expect(listener).toHaveBeenCalledTimes(1);
  expect(listener).toHaveBeenCalledWith({ apiBaseUrl: 'http://one.test' });
});
