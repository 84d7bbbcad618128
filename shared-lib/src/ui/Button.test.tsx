import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, LinkButton } from './Button';
import { renderWithTheme } from './testUtils';

describe('Button', () => {
  it('defaults to type="button" so it never submits a form by accident', async () => {
    const onSubmit = jest.fn((event: React.FormEvent) => event.preventDefault());
    renderWithTheme(
      <form onSubmit={onSubmit}>
        <Button>Next</Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('type', 'button');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('passes native props and handles clicks', async () => {
    const onClick = jest.fn();
    renderWithTheme(
      <Button type="submit" aria-describedby="hint" onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('aria-describedby', 'hint');
    await userEvent.setup().click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading is disabled, busy, keeps its label and ignores clicks', async () => {
    const onClick = jest.fn();
    renderWithTheme(
      <Button loading onClick={onClick}>
        Saving...
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.setup().click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is not busy when not loading', () => {
    renderWithTheme(<Button>Sync Servers</Button>);
    const button = screen.getByRole('button', { name: 'Sync Servers' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });
});

describe('LinkButton', () => {
  it('is a link with its href', () => {
    renderWithTheme(
      <LinkButton href="/login" variant="secondary">
        Start Linking
      </LinkButton>,
    );
    expect(screen.getByRole('link', { name: 'Start Linking' })).toHaveAttribute('href', '/login');
  });
});
