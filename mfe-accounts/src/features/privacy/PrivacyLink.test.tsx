import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recordNavigation, renderWithProviders } from '@roconnect/shared-lib/testing';
import { LINKED_ROLES_PAGE_PATH, PRIVACY_PAGE_PATH, PrivacyLink } from './PrivacyLink';

const navigate = recordNavigation();

it('opens the privacy page through the router, keeping a real address for a new tab', async () => {
  renderWithProviders(<PrivacyLink />);
  const link = screen.getByRole('link', { name: 'Privacy & data' });
  expect(link).toHaveAttribute('href', '/account/privacy');
  await userEvent.setup().click(link);
  expect(navigate).toHaveBeenCalledWith(PRIVACY_PAGE_PATH, {});
});

it('opens the Linked Roles page beside it the same way', async () => {
  renderWithProviders(<PrivacyLink />);
  const link = screen.getByRole('link', { name: 'Linked Roles' });
  expect(link).toHaveAttribute('href', '/account/linked-roles');
  await userEvent.setup().click(link);
  expect(navigate).toHaveBeenCalledWith(LINKED_ROLES_PAGE_PATH, {});
});
