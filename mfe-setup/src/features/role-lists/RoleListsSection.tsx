import { Banner, type ServerRole } from '@roconnect/shared-lib';
import { ConfigSection } from '../config-section/ConfigSection';
import { TwoColumns } from '../fields/TwoColumns';
import { RoleChecklist } from './RoleChecklist';

/** One of the section's two lists: what it is called, what it does, and the roles chosen. */
export interface RoleList {
  legend: string;
  hint: string;
  chosen: string[];
  onChange: (chosen: string[]) => void;
}

export interface RoleListsSectionProps {
  title: string;
  intro: string;
  saveLabel: string;
  /** the error banner's title */
  notSaved: string;
  /** the server's roles, @everyone left out */
  roles: ServerRole[];
  lists: [RoleList, RoleList];
  /** at most this many roles in each list (the API refuses more) */
  max: number;
  /** the section's save (useSectionSave), which reads the server again once saved */
  save: {
    saving: boolean;
    error: string | undefined;
    setError: (message: string | undefined) => void;
    run: () => Promise<boolean>;
  };
}

/**
 * A section of two role lists side by side, saved together (bypass roles, staff roles): more
 * than `max` roles in a list is said before the API is asked.
 */
export function RoleListsSection({
  title,
  intro,
  saveLabel,
  notSaved,
  roles,
  lists,
  max,
  save,
}: RoleListsSectionProps) {
  return (
    <ConfigSection
      title={title}
      intro={intro}
      saveLabel={saveLabel}
      saving={save.saving}
      onSave={() => {
        if (lists.some((list) => list.chosen.length > max)) {
          save.setError(`Choose at most ${max} roles in each list.`);
          return;
        }
        void save.run();
      }}
    >
      <TwoColumns>
        {lists.map((list) => (
          <RoleChecklist key={list.legend} {...list} roles={roles} disabled={save.saving} />
        ))}
      </TwoColumns>
      {save.error && (
        <div style={{ marginTop: 16 }}>
          <Banner tone="error" title={notSaved}>
            {save.error}
          </Banner>
        </div>
      )}
    </ConfigSection>
  );
}
