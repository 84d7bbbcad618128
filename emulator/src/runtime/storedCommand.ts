/** A slash command as the emulator keeps it (PUT /applications/{app}/commands). */
export interface StoredCommand {
  id: string;
  application_id: string;
  name: string;
  description: string;
  type: number;
  options?: unknown[];
  version: string;
}
