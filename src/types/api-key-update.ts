// API key update: the PATCH /admin/apiKeys/{API-KEY-ID} body (API-SPEC endpoint 1), which is also
// the documented body of organization keys (/orgs/{ORG-ID}/apiKeys/{ID}) and of a key's project
// roles (/groups/{PROJECT-ID}/apiKeys/{ID}). At least one of desc and roles is needed (rule
// empty-update); which roles fit the key's scope is rule api-key-role-scope's.
import type { ALL_API_KEY_ROLES } from '../model/roles';
import type { Link } from './common';

/**
 * Changes to an API key (global, organization or project): a new description, new roles, or both.
 * @title Ops Manager API key update
 */
export interface ApiKeyUpdate {
  /**
   * Description of the key, 1 to 250 characters.
   * @minLength 1
   * @maxLength 250
   */
  desc?: string;
  /**
   * Roles of the key (at least one): GLOBAL_* for a global key, ORG_* for an organization key,
   * GROUP_* for a key's roles in a project.
   * @minItems 1
   */
  roles?: (typeof ALL_API_KEY_ROLES)[number][];
  /**
   * Identifier of the key.
   * @readOnly
   */
  id?: string;
  /**
   * Public key.
   * @readOnly
   */
  publicKey?: string;
  /**
   * Private key, redacted in responses.
   * @readOnly
   */
  privateKey?: string;
  /**
   * When the key was created (ISO 8601 UTC).
   * @format date-time
   * @readOnly
   */
  created?: string;
  /**
   * Global roles of the key, as a response lists them.
   * @readOnly
   */
  globalRoles?: string[];
  /**
   * Project roles of the key, as a response lists them.
   * @readOnly
   */
  groupRoles?: unknown[];
  /**
   * Organization roles of the key, as a response lists them.
   * @readOnly
   */
  orgRoles?: unknown[];
  /**
   * Organization roles as text, as a response lists them.
   * @readOnly
   */
  orgRolesString?: string;
  /**
   * Number of projects of the key.
   * @readOnly
   */
  numGroups?: number;
  /**
   * Identifier of the key's user.
   * @readOnly
   */
  userId?: string;
  /**
   * User name of the key.
   * @readOnly
   */
  username?: string;
  /**
   * Links to related resources.
   * @readOnly
   */
  links?: Link[];
}
