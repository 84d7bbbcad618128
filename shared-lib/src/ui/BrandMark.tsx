import styled from 'styled-components';
import { BRAND } from '../constants';

const Mark = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colors.primary},
    ${({ theme }) => theme.colors.success}
  );
`;

/**
 * The product's mark beside its name, the same in every header (the public pages' top bar and
 * the signed-in header). Decorative: the link around it carries the name.
 */
export function BrandMark({ size = 28 }: { size?: number }) {
  return <Mark $size={size} aria-hidden="true" data-rc-brand-mark="" />;
}

/**
 * The mark and the product's name after it, as every header shows them. The name is hidden from
 * assistive technology: the link around it carries it (`<product> home`).
 */
export function BrandLockup() {
  return (
    <>
      <BrandMark />
      <span aria-hidden="true">{BRAND.product}</span>
    </>
  );
}
