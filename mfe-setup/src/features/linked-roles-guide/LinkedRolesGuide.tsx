import styled from 'styled-components';
import { BRAND, SectionCard } from '@roconnect/shared-lib';
import { LINKED_ROLES_METADATA } from '@roconnect/shared-lib/contract';

const Steps = styled.ol`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding-left: ${({ theme }) => theme.space(6)};
  li + li {
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

const Requirements = styled.dl`
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** What each requirement asks of a member, as an owner sets it in Discord. */
const SETTING: Record<(typeof LINKED_ROLES_METADATA)[number]['key'], string> = {
  verified: `Turn it on: only members who verified a ${BRAND.game} account with ${BRAND.product} get the role.`,
  account_age_days: `Enter a number of days: only members whose ${BRAND.game} account is at least that old get the role.`,
};

/**
 * The owners' guide to Linked Roles: Discord gives a role itself to members whose RoConnect
 * connection meets the requirement the owner sets in the role's settings, with no bot command
 * and no bind. The requirement names are the metadata records the API registers.
 */
export function LinkedRolesGuide() {
  return (
    <SectionCard
      title="Linked Roles"
      intro={`${BRAND.chat} can give a role by itself to members verified with ${BRAND.product}: no bind needed.`}
    >
      <Steps>
        <li>In {BRAND.chat}, open Server Settings → Roles and choose the role (or create one).</li>
        <li>Open its Links tab and choose Add requirement.</li>
        <li>Pick {BRAND.product}, then set one or both of the requirements below.</li>
        <li>
          Members claim the role from the server&apos;s menu → Linked Roles, and connect{' '}
          {BRAND.product} when {BRAND.chat} asks.
        </li>
      </Steps>
      <Requirements aria-label={`${BRAND.product} requirements`}>
        {LINKED_ROLES_METADATA.map((record) => (
          <div key={record.key}>
            <dt>{record.name}</dt>
            <dd>{SETTING[record.key]}</dd>
          </div>
        ))}
      </Requirements>
    </SectionCard>
  );
}
