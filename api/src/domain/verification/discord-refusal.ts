import { IntegrationError } from '../../integrations/types';

/**
 * Discord refused an edit of a member as asked (a permission, the role hierarchy, a role gone, a
 * field it rejects): it then changed nothing, so the edit's parts can be tried apart to name the
 * one refused. Anything else (a member gone, a rate limit, an outage) is not about the edit.
 */
export const isEditRefusal = (err: unknown): err is IntegrationError =>
  err instanceof IntegrationError &&
  (err.kind === 'missing_permissions' ||
    err.kind === 'missing_access' ||
    err.kind === 'unknown_role' ||
    (err.kind === 'unavailable' && err.status === 400));
