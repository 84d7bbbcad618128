import { css, type DefaultTheme } from 'styled-components';
import { focusRing } from './motion';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
}

const sizes: Record<ButtonSize, { height: string; padding: number; fontSize: string }> = {
  sm: { height: '32px', padding: 3, fontSize: '0.875rem' },
  md: { height: '40px', padding: 4, fontSize: '0.9375rem' },
  lg: { height: '48px', padding: 6, fontSize: '1rem' },
};

function variantColors(theme: DefaultTheme, variant: ButtonVariant) {
  const { colors } = theme;
  switch (variant) {
    case 'primary':
      return {
        bg: colors.primary,
        hover: colors.primaryHover,
        fg: colors.primaryText,
        border: colors.primary,
      };
    case 'danger':
      return {
        bg: colors.danger,
        hover: colors.dangerHover,
        fg: colors.primaryText,
        border: colors.danger,
      };
    case 'secondary':
      return {
        bg: colors.surfaceRaised,
        hover: colors.border,
        fg: colors.text,
        border: colors.border,
      };
    case 'ghost':
      return {
        bg: 'transparent',
        hover: colors.surfaceRaised,
        fg: colors.text,
        border: 'transparent',
      };
  }
}

/** Shared by Button and LinkButton so a link that acts as a call to action looks like one. */
export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  /* Long labels wrap instead of overflowing at 320 px. */
  min-height: ${({ $size }) => sizes[$size].height};
  max-width: 100%;
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  padding: ${({ theme }) => theme.space(1.5)}
    ${({ theme, $size }) => theme.space(sizes[$size].padding)};
  font: inherit;
  font-size: ${({ $size }) => sizes[$size].fontSize};
  font-weight: 600;
  line-height: 1.25;
  text-align: center;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme, $variant }) => variantColors(theme, $variant).border};
  background: ${({ theme, $variant }) => variantColors(theme, $variant).bg};
  color: ${({ theme, $variant }) => variantColors(theme, $variant).fg};
  cursor: pointer;
  user-select: none;
  transition:
    background-color ${({ theme }) => theme.motion.fast} ease,
    border-color ${({ theme }) => theme.motion.fast} ease;

  &:hover:not(:disabled):not([aria-disabled='true']) {
    background: ${({ theme, $variant }) => variantColors(theme, $variant).hover};
  }

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }

  &[aria-busy='true'] {
    cursor: progress;
    /* Keep the label readable while busy: only the disabled dimming is softened. */
    opacity: 0.85;
  }

  ${focusRing}

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;
