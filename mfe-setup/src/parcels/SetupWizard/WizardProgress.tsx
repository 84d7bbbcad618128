import styled from 'styled-components';
import { VisuallyHidden } from '@roconnect/shared-lib';
import { WIZARD_STEPS, type WizardStepNumber } from './wizardSteps';

type MarkerState = 'done' | 'current' | 'todo';

const List = styled.ol`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $state: MarkerState }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding-top: ${({ theme }) => theme.space(1)};
  border-top: 3px solid
    ${({ theme, $state }) => ($state === 'todo' ? theme.colors.border : theme.colors.primary)};
  color: ${({ theme, $state }) => ($state === 'todo' ? theme.colors.textMuted : theme.colors.text)};
  font-size: 0.8125rem;
  font-weight: ${({ $state }) => ($state === 'current' ? 700 : 500)};
  text-align: center;
  overflow-wrap: anywhere;
`;

const Marker = styled.span<{ $state: MarkerState }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  border: 2px solid
    ${({ theme, $state }) => ($state === 'todo' ? theme.colors.border : theme.colors.primary)};
  background: ${({ theme, $state }) => ($state === 'todo' ? 'transparent' : theme.colors.primary)};
  color: ${({ theme, $state }) => ($state === 'todo' ? theme.colors.textMuted : theme.colors.primaryText)};
  font-weight: 700;
`;

/** The three steps, the current one marked for screen readers with aria-current. */
export function WizardProgress({ current }: { current: WizardStepNumber }) {
  return (
    <List aria-label="Setup progress">
      {WIZARD_STEPS.map(({ number, title }) => {
        const state: MarkerState =
          number < current ? 'done' : number === current ? 'current' : 'todo';
        return (
          <Item key={number} $state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <Marker aria-hidden="true" $state={state}>
              {state === 'done' ? '✓' : number}
            </Marker>
            <span>
              <VisuallyHidden>Step {number}: </VisuallyHidden>
              {title}
              {state === 'done' && <VisuallyHidden> (done)</VisuallyHidden>}
            </span>
          </Item>
        );
      })}
    </List>
  );
}
