import { useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from './motion';

export interface TabItem {
  id: string;
  label: ReactNode;
}

/** DOM ids tie each tab to its panel; Tabs and TabPanel derive them from the same tab id. */
export const tabDomId = (tabId: string) => `tab-${tabId}`;
export const tabPanelDomId = (tabId: string) => `tabpanel-${tabId}`;

const TabList = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-x: auto;
  scrollbar-width: thin;
`;

const TabButton = styled.button`
  flex: 1 0 auto;
  min-height: 44px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: none;
  border: none;
  border-bottom: 3px solid transparent;
  margin-bottom: -1px;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
  transition: color ${({ theme }) => theme.motion.fast} ease;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
  ${focusRing}
  &:focus-visible {
    outline-offset: -3px;
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    flex: 0 0 auto;
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

export interface TabsProps {
  tabs: readonly TabItem[];
  value: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move and select. */
export function Tabs({ tabs, value, onChange, label, className }: TabsProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  function select(index: number) {
    const target = tabs[(index + tabs.length) % tabs.length];
    if (!target) return;
    onChange(target.id);
    buttons.current.get(target.id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  }

  // If value matches no tab, keep the first reachable so the list is never skipped by Tab.
  const focusableId = tabs.some((tab) => tab.id === value) ? value : tabs[0]?.id;

  return (
    <TabList role="tablist" aria-label={label} className={className}>
      {tabs.map((tab, index) => {
        const selected = tab.id === value;
        return (
          <TabButton
            key={tab.id}
            ref={(node) => {
              if (node) buttons.current.set(tab.id, node);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabDomId(tab.id)}
            aria-selected={selected}
            aria-controls={tabPanelDomId(tab.id)}
            tabIndex={tab.id === focusableId ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </TabButton>
        );
      })}
    </TabList>
  );
}

const Panel = styled.div`
  padding-top: ${({ theme }) => theme.space(4)};
  ${focusRing}
`;

export interface TabPanelProps extends HTMLAttributes<HTMLDivElement> {
  /** The panel's DOM id; defaults to the one Tabs points its aria-controls at. */
  id?: string;
  /** The id of the tab (as given in Tabs' `tabs`) that labels this panel. */
  tabId: string;
}

export function TabPanel({ id, tabId, children, ...rest }: TabPanelProps) {
  return (
    <Panel
      tabIndex={0}
      {...rest}
      role="tabpanel"
      id={id ?? tabPanelDomId(tabId)}
      aria-labelledby={tabDomId(tabId)}
    >
      {children}
    </Panel>
  );
}
