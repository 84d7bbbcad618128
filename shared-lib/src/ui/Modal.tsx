import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { css } from 'styled-components';
import { focusableWithin } from './focusable';
import { fadeIn, focusRing, riseIn, whenMotionAllowed } from './motion';
import { useBodyScrollLock } from './useBodyScrollLock';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.modal};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.overlay};
  ${whenMotionAllowed(css`
    animation: ${fadeIn} 150ms ease-out;
  `)}
`;

const Dialog = styled.div`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: 560px;
  max-height: calc(100dvh - 24px);
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
  outline: none;
  ${whenMotionAllowed(css`
    animation: ${riseIn} 200ms ease-out;
  `)}
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)} 0;
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1.25rem;
  line-height: 1.3;
  overflow-wrap: anywhere;
`;

const CloseButton = styled.button`
  flex-shrink: 0;
  width: 36px;
  height: 36px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
  }
  ${focusRing}
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.space(4)};
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Id of an element inside the modal that describes it. */
  describedBy?: string;
  /** Label of the × button in the header. */
  closeLabel?: string;
}

export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

/** Mounted only while open, so mount/unmount are exactly "focus in" and "focus back". */
function OpenModal({
  title,
  onClose,
  children,
  footer,
  describedBy,
  closeLabel = 'Close dialog',
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useBodyScrollLock(true);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      // The first field or action is the useful place to start; the × button is last resort.
      const candidates = focusableWithin(dialog);
      const preferred =
        candidates.find((element) => !element.dataset.modalClose) ?? candidates[0] ?? dialog;
      preferred.focus();
    }
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Listened for on the document, not the dialog: when content the focus sat on is replaced (a
  // loading state ending), focus falls to <body>, and Escape and Tab must still work.
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  }, [onClose]);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const dialog = dialogRef.current;
      if (!dialog) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        latestOnClose.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = focusableWithin(dialog);
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      const outside = !dialog.contains(active) || active === dialog;
      if (event.shiftKey && (active === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return createPortal(
    <Backdrop
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        // Only a press that starts on the backdrop itself closes; a drag out of the dialog does not.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
          <CloseButton
            type="button"
            aria-label={closeLabel}
            data-modal-close="true"
            onClick={() => onClose()}
          >
            <span aria-hidden="true">×</span>
          </CloseButton>
        </Header>
        <Body>{children}</Body>
        {footer && <Footer>{footer}</Footer>}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
