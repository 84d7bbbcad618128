import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { toneColor, toneIcon, toneWash, type StatusTone } from './tones';
import { ToneIcon } from './ToneIcon';

export type BannerTone = StatusTone;

const BannerRoot = styled.div<{ $tone: BannerTone }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme, $tone }) => toneColor(theme, $tone)};
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $tone }) => toneWash(theme, $tone)};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const BannerTitle = styled.strong`
  display: block;
`;

export interface BannerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  tone?: BannerTone;
  title?: ReactNode;
}

/** An inline notice. Errors interrupt (role alert); the other tones are announced politely. */
export function Banner({ tone = 'info', title, children, ...rest }: BannerProps) {
  return (
    <BannerRoot role={tone === 'error' ? 'alert' : 'status'} {...rest} $tone={tone}>
      <ToneIcon aria-hidden="true" $tone={tone}>
        {toneIcon[tone]}
      </ToneIcon>
      <div>
        {title && <BannerTitle>{title}</BannerTitle>}
        {children}
      </div>
    </BannerRoot>
  );
}
