import { createGlobalStyle } from 'styled-components';

/** Page-wide base styles; rendered once, by the shell (and by each standalone harness). */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.font.family};
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
    /* room for the toast stack (see ToastView), so nothing stays hidden under it */
    padding-bottom: var(--toast-space, 0px);
  }
  a { color: ${({ theme }) => theme.colors.focus}; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
