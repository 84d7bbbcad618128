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

export interface ControlledProps<T> {
  initial: T;
  /** hears each change before the value is kept */
  onChange?: (next: T) => void;
  children: (value: T, change: (next: T) => void) => ReactNode;
}

/** Test-only: keeps a controlled component's value as the page that owns it would. */
export function Controlled<T>({ initial, onChange, children }: ControlledProps<T>) {
  const [value, setValue] = useState(initial);
  return children(value, (next) => {
    onChange?.(next);
    setValue(next);
  });
}
