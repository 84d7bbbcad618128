import styled from 'styled-components';
import type { FeatureIconName } from './features';

const Frame = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: rgba(88, 101, 242, 0.16);
  color: ${({ theme }) => theme.colors.focus};
`;

// Drawn as SVG: emoji fonts are not on every system (they showed as empty boxes in Chromium on Linux).
const PATHS: Record<FeatureIconName, string> = {
  lock: 'M7 10V7a5 5 0 0 1 10 0v3M5 10h14v11H5zM12 14v3',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
};

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <Frame aria-hidden="true">
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={PATHS[name]} />
      </svg>
    </Frame>
  );
}
