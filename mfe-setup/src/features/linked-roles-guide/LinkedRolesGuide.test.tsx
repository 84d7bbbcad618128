import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@roconnect/shared-lib/testing';
import { LinkedRolesGuide } from './LinkedRolesGuide';
import { textsOf } from '../../testing/textsOf';

it("walks an owner through Discord's role settings to RoConnect's requirements, by the names Discord shows", () => {
  renderWithProviders(<LinkedRolesGuide />);
  const guide = screen.getByRole('region', { name: 'Linked Roles' });
  expect(textsOf(guide, 'listitem')).toEqual([
    'In Discord, open Server Settings → Roles and choose the role (or create one).',
    'Open its Links tab and choose Add requirement.',
    'Pick RoConnect, then set one or both of the requirements below.',
    "Members claim the role from the server's menu → Linked Roles, and connect RoConnect when Discord asks.",
  ]);
  const requirements = within(guide).getByLabelText('RoConnect requirements');
  expect(textsOf(requirements, 'term')).toEqual([
    'Verified with Roblox',
    'Roblox account age (days)',
  ]);
});
