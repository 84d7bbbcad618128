import type { MouseEvent } from 'react';
import styled from 'styled-components';
import { navigate } from '@roconnect/shared-lib';

/** The member's privacy page, a page of its own (shell/src/app/routeTable.ts). */
export const PRIVACY_PAGE_PATH = '/account/privacy';
/** What RoConnect shares with Discord's Linked Roles (mfe-accounts/src/parcels/LinkedRoles). */
export const LINKED_ROLES_PAGE_PATH = '/account/linked-roles';

const Line = styled.p`
  margin: ${({ theme }) => theme.space(6)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    /* the brand's primary is below 4.5:1 on the dark surfaces; the focus blue reads clearly */
    color: ${({ theme }) => theme.colors.focus};
    font-weight: 600;
  }
`;

/** A plain click goes through the shell's router; the href keeps "open in new tab". */
export const opener = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  navigate(path);
};

/** The Accounts tab's way to the privacy page, and to the Linked Roles page beside it. */
export function PrivacyLink() {
  return (
    <Line>
      Choose where your Roblox account is shown, see who looked you up, download or delete your
      data:{' '}
      <a href={PRIVACY_PAGE_PATH} onClick={opener(PRIVACY_PAGE_PATH)}>
        Privacy & data
      </a>
      . See what Discord&apos;s Linked Roles get from RoConnect:{' '}
      <a href={LINKED_ROLES_PAGE_PATH} onClick={opener(LINKED_ROLES_PAGE_PATH)}>
        Linked Roles
      </a>
    </Line>
  );
}
