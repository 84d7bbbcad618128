import styled from 'styled-components';
import { BRAND, CardGrid, LinkButton, PageContainer } from '@roconnect/shared-lib';
import { AnimatedBackground } from '../../features/background/AnimatedBackground';
import { onInternalClick } from '../../features/navigation/internalLink';
import { SiteFooter } from '../../features/site/SiteFooter';
import { SiteHeader } from '../../features/site/SiteHeader';
import { CountOf } from './CountOf';
import { FeatureCard } from './FeatureCard';
import { FEATURES } from './features';
import { useBotStats } from './useBotStats';

const Page = styled.div`
  position: relative;
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  overflow-x: hidden;
`;

const Content = styled(PageContainer)`
  position: relative;
  z-index: 1;
  flex: 1;
  display: grid;
  gap: ${({ theme }) => theme.space(12)};
`;

const Hero = styled.section`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(5)};
  padding-top: ${({ theme }) => theme.space(8)};
  text-align: center;
`;

const Heading = styled.h1`
  margin: 0;
  font-size: clamp(2rem, 7vw, 3.5rem);
  line-height: 1.1;
  letter-spacing: -0.02em;
  overflow-wrap: anywhere;
`;

const Lead = styled.p`
  margin: 0;
  max-width: 56ch;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.125rem;
`;

const Stats = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: rgba(24, 27, 36, 0.85);
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FeaturesTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  text-align: center;
`;

/** The public home page (docs/product.md › Landing). */
export function Landing() {
  const stats = useBotStats();
  return (
    <Page>
      <AnimatedBackground />
      <SiteHeader />
      <Content>
        <Hero aria-labelledby="landing-title">
          <Heading id="landing-title">
            Connect {BRAND.chat} &amp; {BRAND.game}
          </Heading>
          <Lead>
            Link your {BRAND.game} accounts to {BRAND.chat}, verify in your servers and let the bot
            keep roles and nicknames in sync.
          </Lead>
          <LinkButton href="/login" onClick={onInternalClick('/login')} size="lg">
            Start Linking
          </LinkButton>
          {/* the shell's server fills the marked numbers (and a noun's singular for 1) into the
              prerendered view */}
          <Stats aria-live="polite">
            Powering{' '}
            <CountOf stat="total_users" count={stats.total_users} one="user" other="users" /> and{' '}
            <CountOf
              stat="total_servers"
              count={stats.total_servers}
              one="server"
              other="servers"
            />
          </Stats>
        </Hero>
        <section aria-labelledby="features-title">
          <FeaturesTitle id="features-title">Why {BRAND.product}</FeaturesTitle>
          <CardGrid $stretch>
            {FEATURES.map((feature) => (
              <li key={feature.title}>
                <FeatureCard feature={feature} />
              </li>
            ))}
          </CardGrid>
        </section>
      </Content>
      <SiteFooter />
    </Page>
  );
}
