import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

const Heading = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: 1.0625rem;
  &:focus {
    outline: none;
  }
`;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * A step's title and introduction. It takes focus when the step appears, so keyboard and
 * screen-reader users land on the new step rather than on a button that vanished.
 */
export function StepHeading({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <>
      <Heading ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      <Intro>{children}</Intro>
    </>
  );
}
