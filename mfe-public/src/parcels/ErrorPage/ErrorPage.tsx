import styled from 'styled-components';
import { Card, VisuallyHidden, type ErrorPageProps } from '@roconnect/shared-lib';
import { ErrorActions } from './ErrorActions';
import { ERROR_CONTENT } from './errorContent';

// a block in the shell's <main>: a page has one (docs/architecture.md › Pages)
const Page = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)};
`;

const Panel = styled(Card)`
  width: min(520px, 100%);
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(4)};
  text-align: center;
`;

const Code = styled.p`
  margin: 0;
  font-size: clamp(3.5rem, 18vw, 6rem);
  font-weight: 800;
  line-height: 1;
  letter-spacing: -0.04em;
  color: ${({ theme }) => theme.colors.primary};
`;

const Title = styled.h1`
  margin: 0;
  font-size: 1.75rem;
`;

const Message = styled.p`
  margin: 0;
  max-width: 44ch;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/**
 * /401, /403, /404, /500, /502 and every unknown path (as 404). The shell sends a page that met a
 * server error to /500 or /502 with `?from=<that page>`, where Try Again goes back.
 */
export function ErrorPage({ code, query }: ErrorPageProps) {
  const content = ERROR_CONTENT[code] ?? ERROR_CONTENT['404'];
  const shownCode = ERROR_CONTENT[code] ? code : '404';
  return (
    <Page>
      <Panel aria-labelledby="error-title">
        <Code aria-hidden="true">{shownCode}</Code>
        <Title id="error-title">
          <VisuallyHidden>{`Error ${shownCode}: `}</VisuallyHidden>
          {content.title}
        </Title>
        <Message>{content.message}</Message>
        <Actions>
          <ErrorActions actions={content.actions} from={query?.from} />
        </Actions>
      </Panel>
    </Page>
  );
}
