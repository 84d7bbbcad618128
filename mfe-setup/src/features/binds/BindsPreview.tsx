import { useId } from 'react';
import styled from 'styled-components';
import { Banner, LoadingState, type BindInput, type BindsPreviewData } from '@roconnect/shared-lib';
import { useBindsPreview } from '@roconnect/shared-lib/query';
import { refusalMessage } from '../apiErrors/refusalMessage';
import { DataTable } from '../fields/DataTable';

const Table = styled(DataTable)`
  th,
  td {
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    text-align: right;
  }
  th:first-child,
  td:first-child {
    text-align: left;
    overflow-wrap: anywhere;
  }
`;
const Muted = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
`;
const Refusals = styled.ul`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding-left: ${({ theme }) => theme.space(5)};
`;

const members = (n: number) => `${n} verified member${n === 1 ? '' : 's'}`;

/** The preview's answer: per role who gains and loses it, and the roles that cannot be given. */
export function PreviewFigures({ preview }: { preview: BindsPreviewData }) {
  const captionId = useId();
  const aside = [
    preview.bypassed ? `${preview.bypassed} with a bypass role stay as they are` : '',
    preview.restricted ? `${preview.restricted} caught by a restriction get no roles` : '',
  ].filter(Boolean);
  return (
    <>
      {preview.members === 0 ? (
        <Muted>No verified members yet: nobody's roles would change.</Muted>
      ) : (
        <Muted id={captionId}>
          Over {members(preview.members)}
          {preview.data_from
            ? `, from their Roblox data since ${new Date(preview.data_from).toLocaleDateString()}`
            : ''}
          .{aside.length ? ` ${aside.join('; ')}.` : ''}
        </Muted>
      )}
      {preview.members > 0 && preview.roles.length > 0 && (
        <Table aria-describedby={captionId}>
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Gain</th>
              <th scope="col">Lose</th>
              <th scope="col">Keep</th>
              <th scope="col">Unknown</th>
            </tr>
          </thead>
          <tbody>
            {preview.roles.map((role) => (
              <tr key={role.role_id ?? `new:${role.role_name}`}>
                <th scope="row">
                  {role.role_name}
                  {role.role_id ? '' : ' (new)'}
                </th>
                <td>{role.gain}</td>
                <td>{role.lose}</td>
                <td>{role.keep}</td>
                <td>{role.unknown}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {preview.roles.some((r) => r.unknown > 0) && (
        <Muted style={{ marginTop: 8 }}>
          Unknown: members whose last Roblox data does not say (a private inventory, or an item
          never checked). They are checked when they next verify.
        </Muted>
      )}
      {preview.cannot_give.length > 0 && (
        <Banner tone="warning" title="Roles the bot cannot give">
          <Refusals>
            {preview.cannot_give.map((refusal) => (
              <li key={refusal.role_id}>
                <strong>{refusal.role_name}</strong>: {refusal.reason}
              </li>
            ))}
          </Refusals>
        </Banner>
      )}
    </>
  );
}

/**
 * What saving `binds` would change, asked as the list changes; `binds` null while a row still
 * needs fixing.
 */
export function BindsPreview({
  serverId,
  binds,
  title = 'Preview',
}: {
  serverId: string;
  binds: BindInput[] | null;
  title?: string;
}) {
  const headingId = useId();
  const preview = useBindsPreview(serverId, binds);
  const body = () => {
    if (binds === null)
      return <Muted>Fix the binds marked above to see what they would change.</Muted>;
    if (preview.data) return <PreviewFigures preview={preview.data} />;
    if (preview.isError)
      return (
        <Banner tone="error" title="Couldn't preview the binds">
          {refusalMessage(preview.error) ?? 'Check your connection and try again.'}
        </Banner>
      );
    return <LoadingState label="Working out the preview..." />;
  };
  return (
    <section aria-labelledby={headingId} aria-busy={preview.isFetching || undefined}>
      <h3 id={headingId} style={{ margin: '0 0 8px', fontSize: '1.0625rem' }}>
        {title}
      </h3>
      {body()}
    </section>
  );
}
