// User access list: POST /users/{USER-ID}/accessList body, an array even for one entry (API-SPEC
// endpoint 7). Addresses are plain strings here; rule access-list-address checks them.
import type { Link } from './common';

/** One address or CIDR block from which the user may call the API. */
export interface AccessListEntry {
  /** IP address (IPv4 or IPv6), or a CIDR block. */
  ipAddress?: string;
  /** CIDR block, e.g. 192.0.2.0/24. A single address is the same as address/32, which is not stored. */
  cidrBlock?: string;
  /** Comment on the entry. */
  comment?: string;
  /**
   * When the entry was added.
   * @format date-time
   * @readOnly
   */
  created?: string;
  /**
   * Time of the latest request from this address.
   * @format date-time
   * @readOnly
   */
  lastUsed?: string;
  /**
   * Address of the last API call.
   * @readOnly
   */
  lastUsedAddress?: string;
  /**
   * Total requests from this address.
   * @readOnly
   */
  count?: number;
  /**
   * Links to related resources.
   * @readOnly
   */
  links?: Link[];
}

/**
 * Entries to add to a user's access list. An address already in the list is ignored.
 * @title Ops Manager user access list entries
 */
export type AccessListEntries = AccessListEntry[];
