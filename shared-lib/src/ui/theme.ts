/** Design tokens shared by the shell and every remote. */
export const theme = {
  colors: {
    background: '#0f1117',
    surface: '#181b24',
    surfaceRaised: '#20242f',
    border: '#2c3140',
    text: '#f2f3f5',
    textMuted: '#a3a9b8',
    primary: '#5865f2',
    primaryHover: '#4752c4',
    primaryText: '#ffffff',
    success: '#23a55a',
    error: '#f23f43',
    warning: '#f0b232',
    info: '#3b82f6',
    focus: '#8ea1ff',
    danger: '#c92a2e',
    dangerHover: '#a82226',
    overlay: 'rgba(5, 6, 10, 0.72)',
    onTone: '#0f1117',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  space: (n: number) => `${n * 4}px`,
  font: {
    family: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, monospace",
  },
  breakpoints: { sm: '480px', md: '768px', lg: '1024px' },
  shadow: '0 8px 24px rgba(0, 0, 0, 0.35)',
  zIndex: { modal: 1000, toast: 1100 },
  layout: { maxWidth: '1200px' },
  motion: { fast: '120ms', normal: '200ms' },
} as const;
export type Theme = typeof theme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
