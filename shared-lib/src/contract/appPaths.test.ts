import { dashboardPath, isDashboardTab } from './appPaths';

it('puts the dashboard tab in the address', () => {
  expect(dashboardPath()).toBe('/dashboard');
  expect(dashboardPath('accounts')).toBe('/dashboard?tab=accounts');
  expect(dashboardPath('servers')).toBe('/dashboard?tab=servers');
});

it('knows the tabs there are', () => {
  expect(isDashboardTab('servers')).toBe(true);
  expect(isDashboardTab('settings')).toBe(false);
  expect(isDashboardTab(null)).toBe(false);
});
