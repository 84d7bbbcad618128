import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from 'react';
import styled from 'styled-components';
import {
  buttonStyles,
  type ButtonSize,
  type ButtonStyleProps,
  type ButtonVariant,
} from './buttonStyles';
import { SpinnerRing } from './Spinner';

export type { ButtonSize, ButtonVariant } from './buttonStyles';

const StyledButton = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

const StyledLink = styled.a<ButtonStyleProps>`
  ${buttonStyles}
`;

interface ButtonLookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

export interface ButtonProps extends ButtonLookProps, ButtonHTMLAttributes<HTMLButtonElement> {
  /** Disables the button, shows a spinner beside the label and marks it aria-busy. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
    >
      {loading && <SpinnerRing $size={size === 'sm' ? 14 : 16} />}
      {children}
    </StyledButton>
  );
}

export interface LinkButtonProps extends ButtonLookProps, AnchorHTMLAttributes<HTMLAnchorElement> {
  ref?: Ref<HTMLAnchorElement>;
}

/** An `<a>` that looks like a Button, for calls to action that navigate. */
export function LinkButton({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  ...rest
}: LinkButtonProps) {
  return <StyledLink {...rest} $variant={variant} $size={size} $fullWidth={fullWidth} />;
}
