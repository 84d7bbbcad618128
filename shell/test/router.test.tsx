import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigationType } from 'react-router-dom';
import {
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '../src/router';
import { LocationProbe, currentLocation } from './helpers';

function ParamsProbe() {
  return <output aria-label="params">{JSON.stringify(useParams())}</output>;
}

describe("the shell's router (src/router.tsx)", () => {
  it("gives a page its route's named parameters only", () => {
    render(
      <MemoryRouter initialEntries={['/server/edit/123/rules']}>
        <Routes>
          <Route
            path="/server/edit/:serverId"
            element={<output aria-label="params">wrong route</output>}
          />
          <Route path="/server/edit/:serverId/rules" element={<ParamsProbe />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('status', { name: 'params' })).toHaveTextContent('{"serverId":"123"}');
  });

  it('gives the address as the address bar has it, and its query decoded once', () => {
    function QueryProbe() {
      const { pathname, search } = useLocation();
      const [query] = useSearchParams();
      return (
        <output aria-label="query">
          {pathname} {search} {query.get('note')}
        </output>
      );
    }
    render(
      <MemoryRouter initialEntries={['/dashboard?tab=servers&note=100%25%20sure']}>
        <QueryProbe />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status', { name: 'query' })).toHaveTextContent(
      '/dashboard ?tab=servers&note=100%25%20sure 100% sure',
    );
  });

  it('navigates with one function for the life of the page, and Navigate replaces the address', async () => {
    const navigators = new Set<unknown>();
    function Pages() {
      const navigate = useNavigate();
      navigators.add(navigate);
      return (
        <>
          <button onClick={() => navigate('/invite?guild_id=1')}>Invite</button>
          <Routes>
            <Route path="/old" element={<Navigate to="/dashboard?tab=servers" replace />} />
            <Route path="*" element={null} />
          </Routes>
          <output aria-label="navigation type">{useNavigationType()}</output>
          <LocationProbe />
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/old']}>
        <Pages />
      </MemoryRouter>,
    );
    expect(await screen.findByText('/dashboard?tab=servers')).toBe(currentLocation());
    expect(screen.getByRole('status', { name: 'navigation type' })).toHaveTextContent('REPLACE');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(currentLocation()).toHaveTextContent('/invite?guild_id=1');
    expect(screen.getByRole('status', { name: 'navigation type' })).toHaveTextContent('PUSH');
    expect(navigators.size).toBe(1);
  });
});
