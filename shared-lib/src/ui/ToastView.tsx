import { useLayoutEffect, useRef } from 'react';
import styled, { css, keyframes } from 'styled-components';
import type { Toast, ToastType } from '../toasts/toastStore';
import { ToneIcon } from './ToneIcon';
import { focusRing, riseIn, whenMotionAllowed } from './motion';
import { toneColor, toneIcon, toneWash } from './tones';

/**
 * Bottom of the viewport, not the top: page headers keep their controls (avatar, username,
 * Logout, Login) at the top right, and a toast must never sit on them.
 */
const Region = styled.section`
  position: fixed;
  bottom: ${({ theme }) => theme.space(4)};
  right: ${({ theme }) => theme.space(4)};
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  width: min(380px, calc(100vw - 32px));
  /* The region spans space the page still needs; only the toasts themselves catch clicks. */
  pointer-events: none;

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    bottom: calc(${({ theme }) => theme.space(2)} + env(safe-area-inset-bottom, 0px));
    left: ${({ theme }) => theme.space(2)};
    right: ${({ theme }) => theme.space(2)};
    width: auto;
  }
`;

const ToastCard = styled.div<{ $type: ToastType }>`
  position: relative;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)}
    ${({ theme }) => theme.space(4)};
  overflow: hidden;
  pointer-events: auto;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  background-image: linear-gradient(
    ${({ theme, $type }) => toneWash(theme, $type, 0.14)},
    ${({ theme, $type }) => toneWash(theme, $type, 0.14)}
  );
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme, $type }) => toneColor(theme, $type)};
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow};
  ${whenMotionAllowed(css`
    animation: ${riseIn} 200ms ease-out;
  `)}
`;

const ToastMessage = styled.p`
  flex: 1;
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const CloseButton = styled.button`
  flex-shrink: 0;
  width: 28px;
  height: 28px;
  margin: -4px -4px 0 0;
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.125rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.border};
  }
  ${focusRing}
`;

const shrink = keyframes`
  from { transform: scaleX(1); }
  to { transform: scaleX(0); }
`;

/** Duration comes inline from the toast, so each bar empties exactly when its toast is removed. */
const Countdown = styled.span<{ $type: ToastType }>`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: 4px;
  background: ${({ theme, $type }) => toneColor(theme, $type)};
  transform-origin: left center;
  animation-name: ${shrink};
  animation-timing-function: linear;
  animation-fill-mode: forwards;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** CSS variable holding the room the visible toasts take at the bottom of the viewport. */
export const TOAST_SPACE_VAR = '--toast-space';

export interface ToastViewProps {
  toasts: readonly Toast[];
  onDismiss: (id: number) => void;
}

/** Presentational stack of toasts; the shell's provider feeds it from the toast store. */
export function ToastView({ toasts, onDismiss }: ToastViewProps) {
  const region = useRef<HTMLElement>(null);
  // The stack's height is left free below the page (GlobalStyle pads the body by it), so whatever
  // sits at the very bottom of the page can still be scrolled out from under the toasts.
  useLayoutEffect(() => {
    const height = toasts.length && region.current ? region.current.offsetHeight : 0;
    document.documentElement.style.setProperty(
      TOAST_SPACE_VAR,
      height ? `${height + 16}px` : '0px',
    );
  }, [toasts]);
  return (
    <Region ref={region} aria-label="Notifications" aria-live="polite">
      {toasts.map((toast) => (
        <ToastCard
          key={toast.id}
          $type={toast.type}
          role={toast.type === 'error' ? 'alert' : undefined}
        >
          <ToneIcon aria-hidden="true" $tone={toast.type}>
            {toneIcon[toast.type]}
          </ToneIcon>
          <ToastMessage>{toast.message}</ToastMessage>
          <CloseButton
            type="button"
            aria-label="Close notification"
            onClick={() => onDismiss(toast.id)}
          >
            <span aria-hidden="true">×</span>
          </CloseButton>
          <Countdown
            aria-hidden="true"
            data-testid="toast-countdown"
            $type={toast.type}
            style={{ animationDuration: `${toast.durationMs}ms` }}
          />
        </ToastCard>
      ))}
    </Region>
  );
}
