import { change, settingChangeText, settingLabel } from './auditTexts';

it('names the Discord settings as their page does', () => {
  expect(
    ['log_channel', 'join_handling', 'join_dm', 'resync', 'verify_message'].map(settingLabel),
  ).toEqual(['Log channel', 'Join handling', 'Join DM', 'Scheduled resync', 'Verify message']);
  expect(settingLabel('some_new_setting')).toBe('some new setting');
});

it('shows their values in the page’s words, and other values as they are', () => {
  expect(change('verify', 'off', 'join_handling')).toBe('Verify new members → Off');
  expect(change('off', 'on', 'join_dm')).toBe('Off → On');
  expect(change('off', 'weekly', 'resync')).toBe('Off → Weekly');
  expect(change(null, '#staff-log', 'log_channel')).toBe('(none) → #staff-log');
  expect(change('off', 'hourly', 'resync')).toBe('Off → hourly');
});

it('says what an action entry did, and which setting a change changed', () => {
  expect(settingChangeText('webhook_test')).toBe('Sent a test webhook');
  expect(settingChangeText('webhook_retry')).toBe('Sent a webhook delivery again');
  expect(settingChangeText('verified_role')).toBe('Changed Verified role');
});
