import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MemoryRouter,
  Navigate,
  Route,
  Switch,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '../src/app/router';
import { LocationProbe, currentLocation } from './helpers';

function ParamsProbe() {
  return <output aria-label="params">{JSON.stringify(useParams())}</output>;
}

describe("the shell's router (src/app/router.tsx)", () => {
  it("gives a page its route's named parameters only", () => {
    render(
      <MemoryRouter path="/server/edit/123/rules">
        <Switch>
          <Route path="/server/edit/:serverId">
            <output aria-label="params">wrong route</output>
          </Route>
          <Route path="/server/edit/:serverId/rules">
            <ParamsProbe />
          </Route>
        </Switch>
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
      <MemoryRouter path="/dashboard?tab=servers&note=100%25%20sure">
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
          <Switch>
            <Route path="/old">
              <Navigate to="/dashboard?tab=servers" replace />
            </Route>
          </Switch>
          <LocationProbe />
        </>
      );
    }
    render(
      <MemoryRouter path="/old">
        <Pages />
      </MemoryRouter>,
    );
    expect(await screen.findByText('/dashboard?tab=servers')).toBe(currentLocation());
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(currentLocation()).toHaveTextContent('/invite?guild_id=1');
    expect(navigators.size).toBe(1);
  });
});
