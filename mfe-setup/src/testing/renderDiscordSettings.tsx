import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '@roconnect/shared-lib/testing';
import { DiscordSettings } from '../parcels/DiscordSettings/DiscordSettings';
import { renderWithToasts } from './renderWithToasts';

/** Signs in, opens the Discord settings page of `serverId` and returns its section `name`. */
export async function renderDiscordSettingsSection(serverId: string, name: string) {
  signIn();
  renderWithToasts(<DiscordSettings serverId={serverId} />);
  await screen.findByRole('heading', { level: 1 });
  return { user: userEvent.setup(), section: screen.getByRole('region', { name }) };
}
