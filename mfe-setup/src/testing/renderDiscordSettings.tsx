import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServerConsoleSection } from '@roconnect/shared-lib';
import { signIn } from '@roconnect/shared-lib/testing';
import { ServerConfig } from '../parcels/ServerConfig/ServerConfig';
import { renderWithToasts } from './renderWithToasts';

/** Opens the console's page `page` of `serverId`, as whoever the test signed in, and returns its part `name`. */
export async function openConsoleSection(
  serverId: string,
  page: ServerConsoleSection,
  name: string,
) {
  renderWithToasts(<ServerConfig serverId={serverId} section={page} />);
  await screen.findByRole('heading', { level: 2, name });
  return { user: userEvent.setup(), section: screen.getByRole('region', { name }) };
}

/** Signs in, opens the console's Discord section of `serverId` and returns its part `name`. */
export async function renderDiscordSettingsSection(serverId: string, name: string) {
  signIn();
  return openConsoleSection(serverId, 'discord', name);
}
