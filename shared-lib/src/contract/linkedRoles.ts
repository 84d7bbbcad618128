/** The member's Linked Roles page: the `Static` forms of the API's schemas, imported as types only. */
import type { Static } from 'typebox';
import type { LinkedRoleFieldSchema, LinkedRolesSchema } from './schemas/linkedRoles';

export type LinkedRoleField = Static<typeof LinkedRoleFieldSchema>;
/** GET /api/v1/account/linked-roles → this (and DELETE answers it). */
export type LinkedRolesData = Static<typeof LinkedRolesSchema>;
