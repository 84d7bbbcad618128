import type { DefaultTheme } from 'styled-components';

export type StatusTone = 'success' | 'warning' | 'error' | 'info';
export type Tone = StatusTone | 'neutral';

export function toneColor(theme: DefaultTheme, tone: Tone): string {
  return tone === 'neutral' ? theme.colors.textMuted : theme.colors[tone];
}

/** A translucent wash of a tone colour, for backgrounds behind readable text. */
export function toneWash(theme: DefaultTheme, tone: Tone, alpha = 0.16): string {
  const hex = toneColor(theme, tone).replace('#', '');
  const [r, g, b] = [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Text glyphs rather than icon fonts: no extra package, and colour is never the only signal. */
export const toneIcon: Record<StatusTone, string> = {
  success: '✓',
  warning: '!',
  error: '✕',
  info: 'i',
};
