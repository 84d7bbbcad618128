import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '@roconnect/shared-lib/testing';
import { ServerConfig } from '../parcels/ServerConfig/ServerConfig';
import { renderWithToasts } from './renderWithToasts';

/** Signs in, opens the console's Discord section of `serverId` and returns its part `name`. */
export async function renderDiscordSettingsSection(serverId: string, name: string) {
  signIn();
  renderWithToasts(<ServerConfig serverId={serverId} section="discord" />);
  await screen.findByRole('heading', { level: 1 });
  return { user: userEvent.setup(), section: screen.getByRole('region', { name }) };
}
