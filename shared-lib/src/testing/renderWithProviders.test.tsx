import { screen } from '@testing-library/react';
import { useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { renderWithProviders } from './renderWithProviders';

const Themed = styled.p`
  color: ${({ theme }) => theme.colors.primary};
  padding: ${({ theme }) => theme.space(2)};
`;

function Probe({ label }: { label: string }) {
  const location = useLocation();
  const params = useParams();
  return (
    <Themed>
      {label} {location.pathname}
      {location.search} {params.serverId ?? '-'}
    </Themed>
  );
}

it('gives the theme and a router at the chosen address, with params from path', () => {
  renderWithProviders(<Probe label="a" />, {
    route: '/server/edit/123?x=1',
    path: '/server/edit/:serverId',
  });
  expect(screen.getByText('a /server/edit/123?x=1 123')).toHaveStyle({
    color: '#5865f2',
    padding: '8px',
  });
});

it('keeps the providers on rerender', () => {
  const { rerender } = renderWithProviders(<Probe label="first" />, { route: '/dashboard' });
  rerender(<Probe label="second" />);
  expect(screen.getByText('second /dashboard -')).toHaveStyle({ padding: '8px' });
});
