import { DEFAULT_NICKNAME_FORMAT, DEFAULT_VERIFIED_ROLE_NAME, Stack } from '@roconnect/shared-lib';
import { isNicknameFormat } from '../../../features/nickname/nicknameFormatOptions';
import { NicknameSection } from '../../../features/nickname/NicknameSection';
import { UnverifiedRoleSection } from '../UnverifiedRoleSection';
import { VerifiedRoleSection } from '../VerifiedRoleSection';
import type { SectionProps } from './sectionProps';

/** The nickname members get, and the roles that mark them verified or not. */
export function VerificationSection({ serverId, data, onSaved }: SectionProps) {
  const { server_config: config, roles } = data;
  return (
    <Stack gap={6}>
      <NicknameSection
        serverId={serverId}
        savedFormat={
          isNicknameFormat(config.nickname_format)
            ? config.nickname_format
            : DEFAULT_NICKNAME_FORMAT
        }
        savedTemplate={config.nickname_template ?? null}
        onSaved={onSaved}
      />
      <VerifiedRoleSection
        serverId={serverId}
        savedName={config.verified_role_name || DEFAULT_VERIFIED_ROLE_NAME}
        savedRoleId={config.verified_role_id ?? null}
        roles={roles}
        onSaved={onSaved}
      />
      <UnverifiedRoleSection
        serverId={serverId}
        savedRoleId={config.unverified_role_id ?? null}
        verifiedRoleId={config.verified_role_id ?? null}
        roles={roles}
        onSaved={onSaved}
      />
    </Stack>
  );
}
