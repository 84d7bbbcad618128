import { useRef } from 'react';
import styled from 'styled-components';
import { Button, FieldHint } from '@roconnect/shared-lib';
import { PUBLIC_API_ROUTES, fillPath } from '@roconnect/shared-lib/contract';
import { useCopy } from '../verifyLink/useCopy';
import { WrapRow } from '../fields/WrapRow';

const Box = styled.div`
  margin-top: ${({ theme }) => theme.space(6)};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1rem;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const Call = styled(WrapRow)`
  > div {
    flex: 1 1 16rem;
    min-width: 0;
  }
  pre {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    padding: ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-size: 0.875rem;
  }
`;

/** What the examples send instead of a key: a real one is shown once, when it is created. */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';
const MEMBER_PLACEHOLDER = 'DISCORD_USER_ID';

/** The public API's own prefix, which `publicAddress` (developerApiAddresses' `api`) ends with. */
const PUBLIC_PREFIX = PUBLIC_API_ROUTES.openapi.path.replace(/\/openapi\.json$/, '');

/** The two calls a bot or game makes most, as `curl` lines for this server. */
export function exampleCalls(publicAddress: string, serverId: string) {
  const root = publicAddress.endsWith(PUBLIC_PREFIX)
    ? publicAddress.slice(0, -PUBLIC_PREFIX.length)
    : publicAddress;
  const path = (route: typeof PUBLIC_API_ROUTES.member | typeof PUBLIC_API_ROUTES.update) =>
    root + fillPath(route.path, { server_id: serverId, discord_id: MEMBER_PLACEHOLDER });
  const auth = `-H "Authorization: Bearer ${KEY_PLACEHOLDER}"`;
  return [
    {
      title: 'Look up a member’s Roblox account',
      line: `curl ${auth} ${path(PUBLIC_API_ROUTES.member)}`,
    },
    {
      title: 'Update a member’s roles and nickname',
      line: `curl -X POST ${auth} ${path(PUBLIC_API_ROUTES.update)}`,
    },
  ];
}

function CopyableCall({ title, line }: { title: string; line: string }) {
  const block = useRef<HTMLPreElement>(null);
  // the browser refused: select the line so the keyboard can copy it
  const { refused, copy } = useCopy(line, 'Copied', () => {
    const selection = window.getSelection();
    if (block.current && selection) {
      selection.selectAllChildren(block.current);
    }
  });

  return (
    <Call $align="flex-start" $top={3}>
      <div>
        <span>{title}</span>
        <pre ref={block}>
          <code>{line}</code>
        </pre>
        {refused && (
          <FieldHint>
            Your browser did not allow copying. The line is selected: press Ctrl+C (⌘C on a Mac) to
            copy it.
          </FieldHint>
        )}
      </div>
      <Button variant="secondary" size="sm" aria-label={`Copy: ${title}`} onClick={copy}>
        Copy
      </Button>
    </Call>
  );
}

/** How to call the developer API from a terminal, with this server's id and a key's place. */
export function ExampleCall({
  publicAddress,
  serverId,
}: {
  publicAddress: string;
  serverId: string;
}) {
  return (
    <Box>
      <h3>Try it</h3>
      <p>
        Replace {KEY_PLACEHOLDER} with one of your keys and {MEMBER_PLACEHOLDER} with a member’s
        Discord user ID.
      </p>
      {exampleCalls(publicAddress, serverId).map((call) => (
        <CopyableCall key={call.title} {...call} />
      ))}
    </Box>
  );
}
