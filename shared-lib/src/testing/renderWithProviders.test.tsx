import { screen } from '@testing-library/react';
import styled from 'styled-components';
import { renderWithProviders } from './renderWithProviders';

const Themed = styled.p`
  color: ${({ theme }) => theme.colors.primary};
  padding: ${({ theme }) => theme.space(2)};
`;

it("gives the shell's theme", () => {
  renderWithProviders(<Themed>themed</Themed>);
  expect(screen.getByText('themed')).toHaveStyle({ color: '#5865f2', padding: '8px' });
});

it('keeps the theme on rerender', () => {
  const { rerender } = renderWithProviders(<Themed>first</Themed>);
  rerender(<Themed>second</Themed>);
  expect(screen.getByText('second')).toHaveStyle({ padding: '8px' });
});
