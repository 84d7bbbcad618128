import { screen } from '@testing-library/react';
import { PageHeader } from './PageHeader';
import { renderWithTheme } from './testUtils';

describe('PageHeader', () => {
  it("is the page's one heading, with what it holds under it and the way back beside it", () => {
    renderWithTheme(
      <PageHeader
        title="Bot Guild"
        subtitle="Discord settings"
        action={<a href="/server/edit/1">Back to Server Configuration</a>}
      />,
    );
    const header = screen.getByRole('banner');
    expect(screen.getAllByRole('heading')).toEqual([
      screen.getByRole('heading', { level: 1, name: 'Bot Guild' }),
    ]);
    expect(header).toHaveTextContent('Bot GuildDiscord settingsBack to Server Configuration');
    expect(screen.getByRole('link', { name: 'Back to Server Configuration' })).toHaveAttribute(
      'href',
      '/server/edit/1',
    );
  });
});
