import { apiCalls } from './apiCalls';

const { linkedRoles } = apiCalls;

/**
 * The member's Discord Linked Roles connection (docs/product.md › Linked Roles): what RoConnect
 * shares there, Connect (Discord's authorize URL, back to the Linked Roles page) and Disconnect.
 */
export const linkedRolesApi = {
  status: () => linkedRoles.linkedRoles(),
  /** the Discord authorize URL to send the browser to */
  connect: () => linkedRoles.connect(),
  /** empties the connection at Discord; answers the status after */
  disconnect: () => linkedRoles.disconnect(),
};
