import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme } from '../ui/theme';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** the address the router starts at, e.g. '/server/edit/123?tab=x' (default '/') */
  route?: string;
  /** a route pattern such as '/server/edit/:serverId'; `ui` is rendered as its element so params work */
  path?: string;
}

/**
 * Renders `ui` inside shared-lib's theme and a MemoryRouter, as the shell would provide them. The
 * providers are a `wrapper`, so `rerender(newUi)` keeps them (and the router's state).
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path, ...options }: RenderWithProvidersOptions = {},
): RenderResult {
  function Providers({ children }: { children: ReactNode }) {
    return (
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[route]}>
          {path ? (
            <Routes>
              <Route path={path} element={children} />
            </Routes>
          ) : (
            children
          )}
        </MemoryRouter>
      </ThemeProvider>
    );
  }
  return render(ui, { ...options, wrapper: Providers });
}
