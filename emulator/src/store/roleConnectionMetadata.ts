/**
 * One Linked Roles metadata record an application registered (PUT …/role-connections/metadata;
 * Discord docs: Resources → Application Role Connection Metadata).
 */
export interface RoleConnectionMetadata {
  type: number;
  key: string;
  name: string;
  description: string;
  name_localizations?: Record<string, string>;
  description_localizations?: Record<string, string>;
}
