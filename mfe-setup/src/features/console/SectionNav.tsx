import styled, { css } from 'styled-components';
import {
  SERVER_CONSOLE_SECTIONS,
  serverConsolePath,
  theme,
  type ServerConsoleSection,
} from '@roconnect/shared-lib';
import { openInApp } from '../pages/PageLink';
import { useDisclosure } from './useDisclosure';

/** At and below this width the navigation folds into a menu button (the frame's one column). */
const PHONE = theme.breakpoints.md;

const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Nav = styled.nav`
  min-width: 0;
  @media (min-width: calc(${PHONE} + 1px)) {
    position: sticky;
    top: ${({ theme }) => theme.space(4)};
    align-self: start;
  }
`;

const MenuButton = styled.button`
  display: flex;
  width: 100%;
  min-height: 44px;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  font: inherit;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  ${focusRing}
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 400;
  }
  strong {
    text-align: left;
  }
  @media (min-width: calc(${PHONE} + 1px)) {
    display: none;
  }
`;

const List = styled.ul<{ $open: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
  @media (max-width: ${PHONE}) {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    margin-top: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

const Entry = styled.a`
  display: flex;
  align-items: center;
  min-height: 40px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.sm};
  border-left: 3px solid transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    border-left-color: ${({ theme }) => theme.colors.primary};
  }
  ${focusRing}
`;

export interface SectionNavProps {
  serverId: string;
  section: ServerConsoleSection;
}

/**
 * The console's sections, one link each, the current one marked: a sidebar on wide screens, a
 * menu button on phones (docs/product.md › Server configuration).
 */
export function SectionNav({ serverId, section }: SectionNavProps) {
  const menu = useDisclosure();
  const current = SERVER_CONSOLE_SECTIONS.find((row) => row.section === section);
  return (
    <Nav aria-label="Server settings">
      <div ref={menu.rootRef}>
        <MenuButton type="button" {...menu.buttonProps}>
          <strong>
            <span>Section:</span> {current?.label}
          </strong>
          <span aria-hidden="true">{menu.open ? '▴' : '▾'}</span>
        </MenuButton>
        <List id={menu.panelId} $open={menu.open}>
          {SERVER_CONSOLE_SECTIONS.map((row) => {
            const to = serverConsolePath(serverId, row.section);
            return (
              <li key={row.section}>
                <Entry
                  href={to}
                  aria-current={row.section === section ? 'page' : undefined}
                  onClick={openInApp(to, menu.close)}
                >
                  {row.label}
                </Entry>
              </li>
            );
          })}
        </List>
      </div>
    </Nav>
  );
}
