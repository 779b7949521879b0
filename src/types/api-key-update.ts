// Global API key update: PATCH /admin/apiKeys/{API-KEY-ID} body (API-SPEC endpoint 1). At least
// one of desc and roles is needed; rule empty-update checks that.
import type { GLOBAL_ROLES } from '../model/roles';
import type { Link } from './common';

/**
 * Changes to a global API key: a new description, new roles, or both.
 * @title Ops Manager global API key update
 */
export interface ApiKeyUpdate {
  /**
   * Description of the key, 1 to 250 characters.
   * @minLength 1
   * @maxLength 250
   */
  desc?: string;
  /**
   * Global roles of the key (at least one).
   * @minItems 1
   */
  roles?: (typeof GLOBAL_ROLES)[number][];
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
