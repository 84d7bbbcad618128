import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../ui/theme';

export type RenderWithProvidersOptions = Omit<RenderOptions, 'wrapper'>;

/**
 * Renders `ui` inside shared-lib's theme, as the shell provides it. No router: a parcel gets its
 * address and parameters as props (RoutePageProps), and only the shell routes. The provider is a
 * `wrapper`, so `rerender(newUi)` keeps it.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderWithProvidersOptions = {},
): RenderResult {
  function Providers({ children }: { children: ReactNode }) {
    return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
  }
  return render(ui, { ...options, wrapper: Providers });
}
