import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recordNavigation, renderWithProviders } from '@roconnect/shared-lib/testing';
import { LINKED_ROLES_PAGE_PATH, PRIVACY_PAGE_PATH, PrivacyLink } from './PrivacyLink';

const navigate = recordNavigation();

it.each([
  {
    title: 'opens the privacy page through the router, keeping a real address for a new tab',
    name: 'Privacy & data',
    href: '/account/privacy',
    path: PRIVACY_PAGE_PATH,
  },
  {
    title: 'opens the Linked Roles page beside it the same way',
    name: 'Linked Roles',
    href: '/account/linked-roles',
    path: LINKED_ROLES_PAGE_PATH,
  },
])('$title', async ({ name, href, path }) => {
  renderWithProviders(<PrivacyLink />);
  const link = screen.getByRole('link', { name });
  expect(link).toHaveAttribute('href', href);
  await userEvent.setup().click(link);
  expect(navigate).toHaveBeenCalledWith(path, {});
});
