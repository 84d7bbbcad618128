import { useState } from 'react';
import styled, { css } from 'styled-components';
import { initialOf } from '../contract/imageUrls';

export type AvatarShape = 'circle' | 'rounded';

interface FrameProps {
  $size: number;
  $shape: AvatarShape;
}

const frame = css<FrameProps>`
  flex-shrink: 0;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ theme, $shape }) => ($shape === 'circle' ? '50%' : theme.radius.md)};
`;

const AvatarImage = styled.img<FrameProps>`
  ${frame}
  display: block;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const AvatarInitial = styled.span<FrameProps>`
  ${frame}
  display: inline-flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 700;
  font-size: ${({ $size }) => Math.round($size * 0.42)}px;
  line-height: 1;
  user-select: none;
`;

export interface AvatarProps {
  src?: string | null;
  name: string;
  size?: number;
  shape?: AvatarShape;
  className?: string;
}

/** The picture for a user or server, or its initial when there is none or it fails to load. */
export function Avatar({ src, name, size = 40, shape = 'circle', className }: AvatarProps) {
  // Remember which URL failed, so a new src gets a fresh attempt without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <AvatarInitial role="img" aria-label={name} $size={size} $shape={shape} className={className}>
        <span aria-hidden="true">{initialOf(name)}</span>
      </AvatarInitial>
    );
  }
  return (
    <AvatarImage
      src={src}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailedSrc(src)}
      $size={size}
      $shape={shape}
      className={className}
    />
  );
}
