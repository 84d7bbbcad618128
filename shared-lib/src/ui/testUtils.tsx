import { render, type RenderOptions } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from './theme';

function WithTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** Test-only: render inside the design-system theme. Not exported from the package. */
export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: WithTheme, ...options });
}

/**
 * Test-only: a component holding the value of the controlled one `render` draws, as the page that
 * owns it would; its `onChange` prop hears each change first.
 */
export function controlled<T, P extends object = object>(
  initial: T,
  render: (value: T, change: (next: T) => void, props: P) => ReactNode,
) {
  return function Controlled(props: P & { onChange?: (next: T) => void }) {
    const [value, setValue] = useState(initial);
    const change = (next: T) => {
      props.onChange?.(next);
      setValue(next);
    };
    return render(value, change, props);
  };
}
