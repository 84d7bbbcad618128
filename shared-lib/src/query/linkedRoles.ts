import { queryOptions, useQuery } from '@tanstack/react-query';
import { linkedRolesApi } from '../api/linkedRoles';
import { usePageQueryClient } from './hooks';

/** The member's Linked Roles connection: connected or not, and what it shares. */
export const linkedRolesKeys = { status: () => ['linked-roles'] as const };

export const linkedRolesQuery = () =>
  queryOptions({ queryKey: linkedRolesKeys.status(), queryFn: () => linkedRolesApi.status() });

export function useLinkedRoles() {
  return useQuery(linkedRolesQuery(), usePageQueryClient());
}
