import type { ServerEditData } from '@roconnect/shared-lib';

/** What the console hands each section: the server, its edit view, and what to do after a save. */
export interface SectionProps {
  serverId: string;
  data: ServerEditData;
  /** a setting was saved: the console reads the server again */
  onSaved: () => void;
}
